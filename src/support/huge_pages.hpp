// An allocator for long, linearly filled arrays (the interpreter's history): blocks of 2 MiB or
// more are aligned to 2 MiB and marked for transparent huge pages, so that first touching 10^8
// bytes costs ~50 page faults instead of ~25,000. On this class of machine (virtualized, THP in
// "madvise" mode) those faults, not the evaluation, were 85 % of a 10^7-token batch run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace crasp::support {

template <class T>
struct huge_page_allocator {
  using value_type = T;
  static constexpr std::size_t huge = std::size_t{2} << 20;

  huge_page_allocator() = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U>&) noexcept {}  // NOLINT: allocator rebinding

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < huge) return static_cast<T*>(::operator new(bytes));
    const std::size_t rounded = (bytes + huge - 1) / huge * huge;
    void* p = std::aligned_alloc(huge, rounded);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure leaves ordinary pages
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (n * sizeof(T) < huge) {
      ::operator delete(p);
    } else {
      std::free(p);
    }
  }
  // resize(n) leaves new elements uninitialized (callers that need zeros say resize(n, 0)):
  // the interpreter overwrites every history slot it grows, and zero-filling first was 6 % of a
  // batch run.
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const huge_page_allocator<U>&) const noexcept { return true; }
};

/// Marks the whole pages inside [p, p + bytes) for transparent huge pages, before anything touches
/// them (advice only; small or failed ranges keep ordinary pages). For buffers another allocator
/// owns, such as Eigen's: the transformer's d_model x N activations at far-bin lengths are
/// hundreds of MB each, and their first touch was a fifth of `crasp check`'s run time in page
/// faults.
inline void advise_huge_pages(void* p, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t page = 4096;
  if (bytes < huge_page_allocator<char>::huge) return;
  const auto begin = (reinterpret_cast<std::uintptr_t>(p) + page - 1) / page * page;
  const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) / page * page;
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

/// A vector whose large buffers use huge pages and whose resize(n) does not zero-fill.
template <class T>
using huge_vector = std::vector<T, huge_page_allocator<T>>;

}  // namespace crasp::support
