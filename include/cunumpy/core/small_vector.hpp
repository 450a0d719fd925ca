// A vector with inline storage for the common case (shapes and strides rarely exceed 8
// dimensions), so that creating an array view allocates nothing on the heap.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <vector>

namespace cunumpy {

template <class T, std::size_t N = 8>
class SmallVector {
 public:
  SmallVector() = default;
  explicit SmallVector(std::size_t n, T v = T()) { resize(n, v); }
  SmallVector(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
  template <std::input_iterator It>
  SmallVector(It b, It e) { assign(b, e); }
  SmallVector(const std::vector<T>& v) { assign(v.begin(), v.end()); }
  SmallVector(const SmallVector& o) { assign(o.begin(), o.end()); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  SmallVector(SmallVector&& o) noexcept { *this = std::move(o); }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this == &o) return *this;
    if (o.heap_) {
      heap_ = std::move(o.heap_);
      cap_ = o.cap_;
      size_ = o.size_;
      o.cap_ = N;
      o.size_ = 0;
    } else {
      heap_.reset();
      cap_ = N;
      size_ = o.size_;
      std::copy(o.inline_, o.inline_ + o.size_, inline_);
      o.size_ = 0;
    }
    return *this;
  }

  template <class It>
  void assign(It b, It e) {
    size_ = 0;
    reserve(static_cast<std::size_t>(std::distance(b, e)));
    for (; b != e; ++b) data()[size_++] = static_cast<T>(*b);
  }
  void reserve(std::size_t n) {
    if (n <= cap_) return;
    std::unique_ptr<T[]> p(new T[n]);
    std::copy(data(), data() + size_, p.get());
    heap_ = std::move(p);
    cap_ = n;
  }
  void resize(std::size_t n, T v = T()) {
    reserve(n);
    for (std::size_t i = size_; i < n; ++i) data()[i] = v;
    size_ = n;
  }
  void push_back(T v) {
    if (size_ == cap_) reserve(cap_ * 2);
    data()[size_++] = v;
  }
  void insert(std::size_t pos, T v) {
    push_back(v);
    std::rotate(begin() + pos, end() - 1, end());
  }
  void erase(std::size_t pos) {
    std::rotate(begin() + pos, begin() + pos + 1, end());
    --size_;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }

  T* data() { return heap_ ? heap_.get() : inline_; }
  const T* data() const { return heap_ ? heap_.get() : inline_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const SmallVector& a, const SmallVector& b) { return !(a == b); }

 private:
  T inline_[N]{};
  std::unique_ptr<T[]> heap_;
  std::size_t size_ = 0;
  std::size_t cap_ = N;
};

}  // namespace cunumpy
