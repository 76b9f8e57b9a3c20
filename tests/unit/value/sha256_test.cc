// SHA-256 and HMAC-SHA-256 against their standards' published vectors: the shard iterators' tag
// and serve's SigV4 check both rest on them.
#include "ddblab/sha256.h"

#include <catch2/catch.hpp>
#include <string>

namespace ddblab {
namespace {

TEST_CASE("SHA-256 matches FIPS 180-4's examples, across the one- and two-block padding") {
  CHECK(HexLower(Sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(HexLower(Sha256("abc")) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // 56 bytes: the length no longer fits the first padded block.
  CHECK(HexLower(Sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(HexLower(Sha256(std::string(1000000, 'a'))) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("HMAC-SHA-256 matches RFC 4231: a short key, and a key longer than a block") {
  CHECK(HexLower(HmacSha256("Jefe", "what do ya want for nothing?")) ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  CHECK(HexLower(HmacSha256(std::string(131, '\xaa'),
                            "Test Using Larger Than Block-Size Key - Hash Key First")) ==
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

}  // namespace
}  // namespace ddblab
