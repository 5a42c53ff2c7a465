// Unguessable tokens (credentials, invitations, table ids) from the operating system's random
// source (getrandom), hex encoded.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace villainy::server {

// `bytes` random bytes as 2*bytes lowercase hex digits.
std::string random_token(int bytes = 32);
std::uint64_t random_u64();
// Compares in time independent of where the strings differ.
bool tokens_equal(std::string_view a, std::string_view b);
// True when `s` is exactly `len` lowercase hex digits.
bool is_hex_token(std::string_view s, size_t len);

}  // namespace villainy::server
