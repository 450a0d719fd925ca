#include "kernels/cuda/image_params.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace cunumpy::cuda {
namespace {

template <class T> bool read(std::string_view s, std::size_t pos, T* v) {
  if (pos > s.size() || s.size() - pos < sizeof(T)) return false;
  std::memcpy(v, s.data() + pos, sizeof(T));  // ELF of x86-64 and sm_XX: little-endian, as the host
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// PTX: ".entry NAME ( .param ..., .param ... )"; a kernel without parameters may omit the
// parentheses. One ".param" per parameter (".param .align 8 .b8 x[16]" included).
void ptx_counts(std::string_view s, std::unordered_map<std::string, int>* out) {
  for (std::size_t pos = s.find(".entry"); pos != std::string_view::npos; pos = s.find(".entry", pos)) {
    pos += 6;
    if (pos >= s.size() || !is_space(s[pos])) continue;
    while (pos < s.size() && is_space(s[pos])) ++pos;
    const std::size_t name_begin = pos;
    while (pos < s.size() && !is_space(s[pos]) && s[pos] != '(' && s[pos] != '{') ++pos;
    const std::string name(s.substr(name_begin, pos - name_begin));
    while (pos < s.size() && is_space(s[pos])) ++pos;
    int n = 0;
    if (pos < s.size() && s[pos] == '(') {
      const std::size_t close = s.find(')', pos);
      if (close == std::string_view::npos) return;  // truncated: trust nothing after it
      for (std::size_t p = s.find(".param", pos); p != std::string_view::npos && p < close;
           p = s.find(".param", p + 6))
        ++n;
      pos = close;
    }
    if (!name.empty()) (*out)[name] = n;
  }
}

// CUBIN (ELF64): in each ".nv.info.NAME" section, records of u8 format, u8 attribute and a
// u16 that is the value, or for EIFMT_SVAL the size of the value that follows. A
// KPARAM_INFO value is u32 index, u16 ordinal, u16 offset, u32 size and flags; the count
// is the largest ordinal + 1.
void cubin_counts(std::string_view s, std::unordered_map<std::string, int>* out) {
  constexpr std::uint8_t kSval = 0x04, kKparamInfo = 0x17;
  std::uint64_t shoff = 0;
  std::uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
  if (s.size() < 64 || s[4] != 2 /* ELFCLASS64 */ || s[5] != 1 /* little-endian */ ||
      !read(s, 0x28, &shoff) || !read(s, 0x3A, &shentsize) || !read(s, 0x3C, &shnum) ||
      !read(s, 0x3E, &shstrndx) || shentsize < 64 || shstrndx >= shnum)
    return;
  auto section = [&](std::uint16_t i, std::uint32_t* name, std::uint64_t* off, std::uint64_t* size) {
    const std::uint64_t h = shoff + std::uint64_t(i) * shentsize;
    return h <= s.size() && read(s, h, name) && read(s, h + 24, off) && read(s, h + 32, size) &&
           *off <= s.size() && *size <= s.size() - *off;
  };
  std::uint32_t strname = 0;
  std::uint64_t stroff = 0, strsize = 0;
  if (!section(shstrndx, &strname, &stroff, &strsize)) return;
  const std::string_view strtab = s.substr(stroff, strsize);
  constexpr std::string_view kPrefix = ".nv.info.";
  for (std::uint16_t i = 0; i < shnum; ++i) {
    std::uint32_t name = 0;
    std::uint64_t off = 0, size = 0;
    if (!section(i, &name, &off, &size) || name >= strtab.size()) continue;
    const std::string_view sec_name = strtab.substr(name, strtab.find('\0', name) - name);
    if (sec_name.substr(0, kPrefix.size()) != kPrefix || sec_name.size() == kPrefix.size()) continue;
    const std::string_view rec = s.substr(off, size);
    int count = 0;
    bool ok = true;
    for (std::size_t p = 0; p + 4 <= rec.size();) {
      const auto fmt = static_cast<std::uint8_t>(rec[p]), attr = static_cast<std::uint8_t>(rec[p + 1]);
      std::uint16_t v = 0;
      read(rec, p + 2, &v);
      p += 4;
      if (fmt < 0x01 || fmt > kSval) { ok = false; break; }  // not a record: stop trusting it
      if (fmt != kSval) continue;
      if (v > rec.size() - p) { ok = false; break; }
      std::uint16_t ordinal = 0;
      if (attr == kKparamInfo && v >= 8 && read(rec, p + 4, &ordinal)) count = std::max(count, ordinal + 1);
      p += v;
    }
    if (ok && count > 0) (*out)[std::string(sec_name.substr(kPrefix.size()))] = count;
  }
}

}  // namespace

std::unordered_map<std::string, int> image_param_counts(std::string_view image) {
  std::unordered_map<std::string, int> out;
  if (image.size() >= 4 && image.substr(0, 4) == std::string_view("\x7f" "ELF", 4))
    cubin_counts(image, &out);
  else if (image.find(".entry") != std::string_view::npos && image.find(".version") != std::string_view::npos)
    ptx_counts(image, &out);
  return out;
}

}  // namespace cunumpy::cuda
