// Deterministic random numbers: xoshiro256** seeded through splitmix64. The same seed gives the
// same stream on every platform (no std:: distributions, whose output is implementation-defined).
#pragma once
#include <cstdint>

namespace villainy {

constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Mixes a seed and a stream number into an independent seed (e.g. game i of a simulation,
// or the generator of seat k).
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t x = seed ^ (0xd1b54a32d192ed03ULL * (stream + 1));
  splitmix64(x);
  return splitmix64(x);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
  void reseed(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift with rejection: unbiased).
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
    std::uint32_t l = static_cast<std::uint32_t>(m);
    if (l < n) {
      const std::uint32_t t = static_cast<std::uint32_t>(-n) % n;
      while (l < t) {
        m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
        l = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  // Uniform double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace villainy
