#include "exec/iterator_mac.h"

#include <random>

#include "ddblab/sha256.h"

namespace ddblab {

IteratorKey NewIteratorKey() {
  std::random_device device;
  IteratorKey key;
  for (uint8_t& b : key) b = static_cast<uint8_t>(device());
  return key;
}

std::string HmacSha256Hex(const IteratorKey& key, std::string_view message) {
  const std::string_view key_bytes(reinterpret_cast<const char*>(key.data()), key.size());
  return HexLower(HmacSha256(key_bytes, message));
}

}  // namespace ddblab
