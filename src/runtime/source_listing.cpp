// Numbered source listings (see source_listing.hpp).
#include "runtime/source_listing.hpp"

#include <cstdio>

namespace cunumpy::detail {

std::string numbered_source(const std::string& source) {
  std::string out;
  std::size_t pos = 0;
  for (int i = 1; pos < source.size(); ++i) {
    std::size_t end = source.find('\n', pos);
    if (end == std::string::npos) end = source.size();
    char num[16];
    std::snprintf(num, sizeof num, "%4d  ", i);
    out += num;
    out.append(source, pos, end - pos);
    out += '\n';
    pos = end + 1;
  }
  return out;
}

}  // namespace cunumpy::detail
