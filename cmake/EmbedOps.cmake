# Embeds src/scalar/cn_ops.h as the string cunumpy::detail::kOpsHeaderSource (the
# elementwise and reduction kernels paste it into their generated CUDA source).
# Usage, after add_library(cunumpy ...):   include(cmake/EmbedOps.cmake)
set(CUNUMPY_OPS_HEADER ${PROJECT_SOURCE_DIR}/src/scalar/cn_ops.h)
file(READ ${CUNUMPY_OPS_HEADER} CUNUMPY_OPS_HEADER_TEXT)
configure_file(${PROJECT_SOURCE_DIR}/cmake/embedded_ops.cpp.in
               ${PROJECT_BINARY_DIR}/generated/embedded_ops.cpp @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CUNUMPY_OPS_HEADER})
target_sources(cunumpy PRIVATE ${PROJECT_BINARY_DIR}/generated/embedded_ops.cpp)
