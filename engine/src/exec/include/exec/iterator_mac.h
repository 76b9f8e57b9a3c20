// The authentication tag of a shard iterator: HMAC-SHA-256 under a key drawn once per engine, so
// an iterator altered by a client (its position, or its issue time moved ahead to live forever)
// is refused instead of read.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ddblab {

using IteratorKey = std::array<uint8_t, 32>;

// A fresh random key (std::random_device), for one engine's lifetime: iterators do not survive
// a restart, as DynamoDB's expire after 15 minutes anyway.
IteratorKey NewIteratorKey();

// HMAC-SHA-256 of `message` under `key` (ddblab/sha256.h), as 64 lowercase hex digits.
std::string HmacSha256Hex(const IteratorKey& key, std::string_view message);

}  // namespace ddblab
