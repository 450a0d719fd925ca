// Generated source with line numbers, for compile-error messages of both run-time
// compilers (NVRTC and the host C++ compiler). Internal header.
#pragma once
#include <string>

namespace cunumpy::detail {

// "   1  first line\n   2  second line\n...". Plain string work: iostreams crashed inside
// host processes that load another libstdc++ first (seen under PyTorch's).
std::string numbered_source(const std::string& source);

}  // namespace cunumpy::detail
