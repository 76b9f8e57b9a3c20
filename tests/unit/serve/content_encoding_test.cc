// Compressed request and response bodies of `ddblab serve`, without sockets.
#include "serve/content_encoding.h"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <string>

using ddblab::shell::serve::DecodeContent;
using ddblab::shell::serve::DecodedBody;
using ddblab::shell::serve::EncodeContent;
using ddblab::shell::serve::NegotiateResponseCoding;

// DynamoDB's choices for Accept-Encoding, as observed against the service (each pair: header,
// coding chosen; "" = the response is sent uncompressed).
TEST_CASE("Accept-Encoding is negotiated as DynamoDB negotiates it") {
  const std::pair<const char*, const char*> cases[] = {
      {"gzip", "gzip"},
      {"deflate", "deflate"},
      {"gzip, deflate", "gzip"},
      {"br, identity, deflate, gzip", "deflate"},
      {"GZIP, identity", "gzip"},
      {"dog, gzip ,, cat", "gzip"},
      {"gzip;q=0.8, deflate;q=0.5", "gzip"},
      {"br, gzip;q=0, deflate; q = 0.5 , identity;q=0", "deflate"},
      {"*", "gzip"},
      {"*, deflate;q=0.5", "gzip"},
      {"*, deflate", "deflate"},
      {"*, identity", "gzip"},
      {"*, gzip;q=0.5", "deflate"},
      {"gzip ;q=0", ""},
      {"identity;q=0", ""},
      {"*;q=0", ""},
      {"*;q=0.5,identity", "gzip"},
      {"gzip;q=0.5,identity;q=0.8", "gzip"},
      {"br;q=0.8,identity;q=0.5,*;q=0", ""},
      {"\"gzip\"", ""},
      {"gzip br", ""},
      {"gzip:q=1", ""},
      {"deflate;q=0.5, gzip;q=31", "gzip"},
      {"gzip;q=31,deflate;q=51", "gzip"},
      {"deflate;q=0.5, gzip;q=1;q=0.2", "gzip"},
      {"deflate;q=0.5,gzip;q=0.", "deflate"},
      {"deflate;q=0.5,gzip;q=0.x", "gzip"},
      {"deflate;q=-0.5,gzip;q=0.2", "gzip"},
      {"gzip;nq=1;q=0 ", ""},
      {"gzip;q=0, gzip;q=1, gzip;q=0", "gzip"},
      {"br,identity;q=0.5,gzip;q=0.0001", "gzip"},
      {"br", ""},
      {"identity", ""},
      {"", ""},
  };
  for (const auto& [header, want] : cases) {
    CAPTURE(header);
    CHECK(NegotiateResponseCoding(header) == want);
  }
}

TEST_CASE("A compressed response decodes back to the body, in both codings") {
  std::string body(10000, 'x');
  for (size_t i = 0; i < body.size(); i += 7) body[i] = static_cast<char>('a' + i % 26);
  for (const char* coding : {"gzip", "deflate"}) {
    CAPTURE(coding);
    const std::string packed = EncodeContent(coding, body);
    CHECK(packed.size() < body.size());
    DecodedBody back = DecodeContent(coding, packed, 1 << 20);
    REQUIRE(back.outcome == DecodedBody::Outcome::kDecoded);
    CHECK(back.body == body);
  }
}

TEST_CASE("Request bodies: several codings undo last to first, and the limit is on the result") {
  const std::string body = "{\"TableName\": \"t\"}";
  const std::string twice = EncodeContent("gzip", EncodeContent("deflate", body));
  DecodedBody back = DecodeContent("deflate, gzip", twice, 1 << 20);
  REQUIRE(back.outcome == DecodedBody::Outcome::kDecoded);
  CHECK(back.body == body);
  CHECK(DecodeContent("identity", body, 1 << 20).body == body);
  CHECK(DecodeContent("gzip", EncodeContent("gzip", std::string(5000, 'a')), 4096).outcome ==
        DecodedBody::Outcome::kTooLarge);
  CHECK(DecodeContent("compress", body, 1 << 20).outcome == DecodedBody::Outcome::kUndecodable);
}
