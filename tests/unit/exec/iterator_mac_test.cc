// The shard iterators' tag: HMAC-SHA-256 as RFC 4231 specifies it.
#include "exec/iterator_mac.h"

#include <catch2/catch.hpp>

namespace ddblab {
namespace {

TEST_CASE("HMAC-SHA-256 matches RFC 4231 test case 2 (a short key is padded with zeros)") {
  IteratorKey key{};
  key[0] = 'J';
  key[1] = 'e';
  key[2] = 'f';
  key[3] = 'e';
  CHECK(HmacSha256Hex(key, "what do ya want for nothing?") ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST_CASE("Each engine draws its own iterator key") { CHECK(NewIteratorKey() != NewIteratorKey()); }

}  // namespace
}  // namespace ddblab
