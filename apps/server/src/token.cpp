#include "villainy/server/token.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace villainy::server {
namespace {
void fill_random(unsigned char* out, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = getrandom(out + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    got += static_cast<size_t>(r);
  }
}
}  // namespace

std::string random_token(int bytes) {
  std::vector<unsigned char> buf(static_cast<size_t>(bytes));
  fill_random(buf.data(), buf.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(buf.size() * 2);
  for (unsigned char c : buf) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
  }
  return out;
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  fill_random(reinterpret_cast<unsigned char*>(&v), sizeof v);
  return v;
}

bool tokens_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

bool is_hex_token(std::string_view s, size_t len) {
  if (s.size() != len) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace villainy::server
