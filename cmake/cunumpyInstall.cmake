# Installs the C++ library, the public headers and a relocatable CMake package, so that
#   find_package(cunumpy CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE cunumpy::cunumpy)
# works against a wheel (`pip install .`, prefix = site-packages, files under cunumpy/) and
# against a plain `cmake --install build --prefix P` (P/lib, P/include, P/lib/cmake/cunumpy).
# `python -m cunumpy --cmake-dir` prints the wheel's config folder.
include(CMakePackageConfigHelpers)

# libcunumpy finds nothing of its own through RPATH (CUDA libraries are dlopen'ed by name),
# but keeps $ORIGIN so that anything installed beside it is found.
set_target_properties(cunumpy PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS cunumpy EXPORT cunumpyTargets
  LIBRARY DESTINATION ${CUNUMPY_INSTALL_LIBDIR} COMPONENT runtime
  ARCHIVE DESTINATION ${CUNUMPY_INSTALL_LIBDIR} COMPONENT development
  RUNTIME DESTINATION ${CUNUMPY_INSTALL_LIBDIR} COMPONENT runtime)

# Public headers only: include/cunumpy/** (src/ holds the internal ones).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/cunumpy
  DESTINATION ${CUNUMPY_INSTALL_INCLUDEDIR} COMPONENT development
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")

install(EXPORT cunumpyTargets
  NAMESPACE cunumpy::
  FILE cunumpyTargets.cmake
  DESTINATION ${CUNUMPY_INSTALL_CMAKEDIR} COMPONENT development)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/cunumpyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cunumpyConfig.cmake
  INSTALL_DESTINATION ${CUNUMPY_INSTALL_CMAKEDIR}
  PATH_VARS CUNUMPY_INSTALL_INCLUDEDIR CUNUMPY_INSTALL_LIBDIR)
# 0.x: minor versions may break the API, so a request for 0.1 accepts 0.1.y only.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cunumpyConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cunumpyConfig.cmake
  ${PROJECT_BINARY_DIR}/cunumpyConfigVersion.cmake
  DESTINATION ${CUNUMPY_INSTALL_CMAKEDIR} COMPONENT development)
