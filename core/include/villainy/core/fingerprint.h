// A checked byte hash of a state's data, so that a game fingerprints its WHOLE state and never
// forgets a field:
//
//   std::uint64_t MyState::fingerprint() const {
//     return Fingerprint().add(data_).add_span(history_).value();  // data_: the state's POD
//   }
//
// add(x) hashes the object representation of x, and refuses at compile time a type whose bytes
// are not all value bits (padding, floats, pointers): give such a struct explicit padding fields
// or hash its members one by one. Containers (spans, vectors, strings, SeatArray) hash their size
// and their elements. The hash is deterministic (same data, same value, on every run and build of
// a little-endian machine) and not cryptographic.
#pragma once
#include <bit>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "villainy/core/seat_array.h"

namespace villainy {

// True for a type whose bytes are exactly its value: hashing them hashes the value.
template <class T>
inline constexpr bool kHashableBytes =
    std::is_trivially_copyable_v<T>&& std::has_unique_object_representations_v<T> &&
    !std::is_pointer_v<T> && !std::is_member_pointer_v<T>;

class Fingerprint {
 public:
  Fingerprint() = default;
  explicit Fingerprint(std::uint64_t seed) : h_(mix(seed ^ kSeed)) {}

  // Raw bytes (the checked overloads below are preferred).
  Fingerprint& add_bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    while (n >= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      step(w);
      p += 8;
      n -= 8;
    }
    if (n > 0) {
      std::uint64_t w = 0;
      std::memcpy(&w, p, n);
      step(w ^ (static_cast<std::uint64_t>(n) << 56));
    }
    return *this;
  }

  // One object whose bytes are its value (checked at compile time).
  template <class T>
  Fingerprint& add(const T& x) {
    static_assert(kHashableBytes<T>,
                  "Fingerprint::add: the type has padding, floats or pointers; hash its members "
                  "one by one or make its padding explicit");
    return add_bytes(&x, sizeof(T));
  }
  // A SeatArray: its seat count and its seats' values.
  template <class T, int N>
  Fingerprint& add(const SeatArray<T, N>& a) {
    step(static_cast<std::uint64_t>(a.size()));
    return add_span(a.span());
  }
  template <std::size_t N>
  Fingerprint& add(const std::bitset<N>& b) {
    for (std::size_t i = 0; i < N; i += 64) {
      std::uint64_t w = 0;
      for (std::size_t j = i; j < i + 64 && j < N; ++j)
        if (b.test(j)) w |= std::uint64_t{1} << (j - i);
      step(w);
    }
    return *this;
  }
  Fingerprint& add(std::string_view s) {
    step(s.size());
    return add_bytes(s.data(), s.size());
  }
  Fingerprint& add(const std::string& s) { return add(std::string_view(s)); }
  Fingerprint& add(const char* s) { return add(std::string_view(s)); }
  Fingerprint& add(bool b) {
    step(b ? 1 : 0);
    return *this;
  }
  // A sequence: its length, then its elements (each checked as by add()).
  template <class T>
  Fingerprint& add_span(std::span<const T> s) {
    step(s.size());
    if constexpr (kHashableBytes<T>) {
      return add_bytes(s.data(), s.size_bytes());
    } else {
      for (const T& x : s) add(x);
      return *this;
    }
  }
  template <class T>
  Fingerprint& add_span(std::span<T> s) {
    return add_span(std::span<const T>(s));
  }
  template <class T, class A>
  Fingerprint& add(const std::vector<T, A>& v) {
    return add_span(std::span<const T>(v));
  }
  // Several values in order.
  template <class... Ts>
  Fingerprint& add_all(const Ts&... xs) {
    (add(xs), ...);
    return *this;
  }

  std::uint64_t value() const { return mix(h_ ^ count_); }

 private:
  static constexpr std::uint64_t kSeed = 0x9e3779b97f4a7c15ULL;
  static constexpr std::uint64_t mix(std::uint64_t x) {
    // splitmix64's finaliser: every input bit affects every output bit.
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
  }
  void step(std::uint64_t w) {
    h_ = std::rotl(h_ ^ mix(w + kSeed), 23) * 0x9fb21c651e98df25ULL;
    ++count_;
  }
  std::uint64_t h_ = kSeed;
  std::uint64_t count_ = 0;
};

// The fingerprint of one value (a state's data struct, usually).
template <class... Ts>
std::uint64_t fingerprint_of(const Ts&... xs) {
  return Fingerprint().add_all(xs...).value();
}

}  // namespace villainy
