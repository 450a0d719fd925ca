# Type stubs of the extension cunumpy._core, generated with nanobind's stubgen after each link
# of _core (cmake/gen_core_stubs.py imports the built package in a scratch folder, on the
# CPU backend) and installed with the package: cunumpy/_core/__init__.pyi, one .pyi per
# submodule (cunumpy/_core/cuda.pyi). python/cunumpy/py.typed marks the package as typed.
# A sanitizer build skips them (its extension cannot be imported without the preloaded runtime).
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize" OR CMAKE_CROSSCOMPILING)
  set(CUNUMPY_BUILD_STUBS_DEFAULT OFF)
else()
  set(CUNUMPY_BUILD_STUBS_DEFAULT ON)
endif()
option(CUNUMPY_BUILD_STUBS "Generate the .pyi stubs of cunumpy._core (nanobind stubgen)" ${CUNUMPY_BUILD_STUBS_DEFAULT})

if(CUNUMPY_BUILD_STUBS)
  set(CUNUMPY_STUB_DIR ${CMAKE_BINARY_DIR}/stubs)
  # The Python package's methods on ndarray are part of the stub: a change to them reruns it.
  file(GLOB_RECURSE CUNUMPY_PACKAGE_PY CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/cunumpy/*.py)
  add_custom_command(
    OUTPUT ${CUNUMPY_STUB_DIR}/_core/__init__.pyi
    COMMAND ${Python_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/gen_core_stubs.py
            --package ${PROJECT_SOURCE_DIR}/python/cunumpy --extension $<TARGET_FILE:_core>
            --out ${CUNUMPY_STUB_DIR}
    DEPENDS _core cunumpy ${CUNUMPY_PACKAGE_PY} ${PROJECT_SOURCE_DIR}/cmake/gen_core_stubs.py
    COMMENT "Generating the type stubs of cunumpy._core (nanobind stubgen)"
    VERBATIM)
  add_custom_target(cunumpy_core_stubs ALL DEPENDS ${CUNUMPY_STUB_DIR}/_core/__init__.pyi)
  install(DIRECTORY ${CUNUMPY_STUB_DIR}/_core DESTINATION cunumpy COMPONENT python
          FILES_MATCHING PATTERN "*.pyi")
  message(STATUS "cunumpy: type stubs of cunumpy._core ON (nanobind stubgen)")
else()
  message(STATUS "cunumpy: type stubs of cunumpy._core OFF")
endif()
