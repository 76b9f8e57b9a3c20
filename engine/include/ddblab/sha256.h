// SHA-256 and HMAC-SHA-256, the one implementation ddblab has: the shard iterators' tag (a key
// drawn per engine) and `serve --keys`, which checks each request's AWS Signature Version 4.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ddblab {

using Sha256Digest = std::array<uint8_t, 32>;

// SHA-256 (FIPS 180-4) of `data`.
Sha256Digest Sha256(std::string_view data);

// HMAC-SHA-256 (RFC 2104) of `message` under `key`, a key of any length (one longer than the
// 64-byte block is hashed first, as the RFC says).
Sha256Digest HmacSha256(std::string_view key, std::string_view message);

// The digest as 64 lowercase hex digits, the form SigV4 and the iterator tag use.
std::string HexLower(const Sha256Digest& digest);

// The digest's bytes as a string, to key the next HMAC of a chain (SigV4's signing key).
inline std::string_view DigestBytes(const Sha256Digest& digest) {
  return {reinterpret_cast<const char*>(digest.data()), digest.size()};
}

}  // namespace ddblab
