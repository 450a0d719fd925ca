# Embeds the headers user kernels may include (src/kernels/user_headers: complex.cuh and
# the cuComplex bridge) as strings; RawKernel/RawModule hand them to NVRTC in memory.
# Usage, after add_library(cunumpy ...):   include(cmake/EmbedUserHeaders.cmake)
set(CUNUMPY_USER_HEADER_DIR ${PROJECT_SOURCE_DIR}/src/kernels/user_headers)
file(READ ${CUNUMPY_USER_HEADER_DIR}/complex.cuh CUNUMPY_COMPLEX_HEADER_TEXT)
file(READ ${CUNUMPY_USER_HEADER_DIR}/cucomplex_bridge.h CUNUMPY_CUCOMPLEX_BRIDGE_TEXT)
configure_file(${PROJECT_SOURCE_DIR}/cmake/embedded_user_headers.cpp.in
               ${PROJECT_BINARY_DIR}/generated/embedded_user_headers.cpp @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CUNUMPY_USER_HEADER_DIR}/complex.cuh ${CUNUMPY_USER_HEADER_DIR}/cucomplex_bridge.h)
target_sources(cunumpy PRIVATE ${PROJECT_BINARY_DIR}/generated/embedded_user_headers.cpp)
