# Embeds src/ops/user_kernels/cn_user.h as the string cunumpy::detail::kUserHeaderSource (the
# user kernels paste it into their generated CUDA and host C++ sources).
# Usage, after add_library(cunumpy ...):   include(cmake/EmbedUserHeader.cmake)
set(CUNUMPY_USER_HEADER ${PROJECT_SOURCE_DIR}/src/ops/user_kernels/cn_user.h)
file(READ ${CUNUMPY_USER_HEADER} CUNUMPY_USER_HEADER_TEXT)
configure_file(${PROJECT_SOURCE_DIR}/cmake/embedded_user.cpp.in
               ${PROJECT_BINARY_DIR}/generated/embedded_user.cpp @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CUNUMPY_USER_HEADER})
target_sources(cunumpy PRIVATE ${PROJECT_BINARY_DIR}/generated/embedded_user.cpp)
