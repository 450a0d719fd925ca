// Parameter lists of user kernels ("T x, raw float32 y"), parsed as CuPy does: a type that
// NumPy names (float32, int64, bool, complex64, f, ...) is a fixed dtype, anything else is
// a type placeholder bound at call time.
#include <cctype>

#include "cunumpy/base/errors.hpp"
#include "ops/user_kernels/user_kernel.hpp"

namespace cunumpy::user {
namespace {

bool is_identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

}  // namespace

std::vector<Param> parse_params(std::string_view text) {
  std::vector<Param> params;
  std::size_t start = 0;
  bool blank = true;
  for (char c : text) blank = blank && std::isspace(static_cast<unsigned char>(c));
  if (blank) return params;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view item = text.substr(start, comma - start);
    std::vector<std::string_view> w = split_words(item);
    Param p;
    if (w.size() == 3 && w[0] == "raw") {
      p.raw = true;
      w.erase(w.begin());
    }
    if (w.size() != 2 || !is_identifier(w[1]))
      throw ValueError("Syntax error: '" + std::string(item) + "' (a parameter is '[raw] TYPE NAME')");
    p.type_name = std::string(w[0]);
    p.name = std::string(w[1]);
    try {
      p.dtype = dtype_from_string(p.type_name);
    } catch (const TypeError&) {
      if (!is_identifier(p.type_name)) throw ValueError("Syntax error: bad type '" + p.type_name + "'");
    }
    for (const Param& q : params)
      if (q.name == p.name) throw ValueError("Duplicated parameter name: '" + p.name + "'");
    params.push_back(std::move(p));
    start = comma + 1;
  }
  return params;
}

}  // namespace cunumpy::user
