// How many parameters each kernel of a loaded image declares, read from the image itself:
// the `.entry` declarations of PTX text, or the EIATTR_KPARAM_INFO records of a CUBIN's
// `.nv.info.<kernel>` sections. Drivers before 13.1 have no cuFuncGetParamCount, and
// probing cuFuncGetParamInfo past the last parameter is an erroring driver call (one that
// compute-sanitizer reports), so RawKernel's argument-count check reads the image instead.
// Host code only: no CUDA header.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

namespace cunumpy::cuda {

// Kernel symbol -> parameter count. Kernels the image does not describe are absent, and a
// CUBIN kernel with no parameter record is absent too (none and "not recorded" look the
// same there); a fatbin or anything unparsable gives an empty map.
std::unordered_map<std::string, int> image_param_counts(std::string_view image);

}  // namespace cunumpy::cuda
