// The one base64 codec: DynamoDB's strict standard form for B values, and the URL-safe unpadded
// form PartiQL NextTokens use.
#include "ddblab/base64.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using ddblab::Base64Alphabet;
using ddblab::Base64Decode;
using ddblab::Base64Encode;
using ddblab::Base64UrlDecode;

TEST_CASE("base64: standard form round-trips every tail length (RFC 4648 section 4)") {
  for (std::string s : std::vector<std::string>{"", "a", "ab", "abc", "abcd", "{\"x\": 1}",
                                                std::string("\0\xff\x10", 3)}) {
    std::string out, problem;
    REQUIRE(Base64Decode(Base64Encode(s), &out, &problem));
    CHECK(out == s);
  }
  CHECK(Base64Encode("{\"a\": 1}") == "eyJhIjogMX0=");
}

TEST_CASE("base64: DynamoDB refuses non-canonical B values with its own messages") {
  std::string out, problem;
  CHECK_FALSE(Base64Decode("abc", &out, &problem));
  CHECK(problem == "Base64 encoded length is expected a multiple of 4 bytes but found: 3");
  CHECK_FALSE(Base64Decode("ab!d", &out, &problem));
  CHECK(problem == "Invalid Base64 character: '!'");
  CHECK_FALSE(Base64Decode("QR==", &out, &problem));  // stray bits in the last character
  CHECK(problem == "Invalid last non-pad Base64 character dectected");
}

TEST_CASE("base64: the URL-safe form has no padding and uses - and _ (RFC 4648 section 5)") {
  std::string bytes("\xfb\xff\xbf", 3);
  CHECK(Base64Encode(bytes, Base64Alphabet::kUrl) == "-_-_");
  CHECK(Base64Encode("a", Base64Alphabet::kUrl) == "YQ");
  for (std::string s : {"", "a", "ab", "abc", "abcd"}) {
    auto d = Base64UrlDecode(Base64Encode(s, Base64Alphabet::kUrl));
    REQUIRE(d.has_value());
    CHECK(*d == s);
  }
  CHECK_FALSE(Base64UrlDecode("a+b").has_value());
}
