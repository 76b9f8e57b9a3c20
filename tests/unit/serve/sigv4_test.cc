// serve --keys: SigV4 recomputed from the request as AWS documents it, and the keys file and key
// ids it is checked against.
#include "serve/sigv4.h"

#include <catch2/catch.hpp>

#include "serve/access_keys.h"

namespace ddblab::shell::serve {
namespace {

// AWS General Reference, "Signature Version 4 signing process", the IAM ListUsers example.
TEST_CASE(
    "SigV4 reproduces AWS's documented example: canonical request, string to sign, signature") {
  HttpRequest request;
  request.method = "GET";
  request.path = "/";
  request.query = "Version=2010-05-08&Action=ListUsers";  // sorted in the canonical form
  request.headers = {{"Host", "iam.amazonaws.com"},
                     {"Content-Type", "application/x-www-form-urlencoded;  charset=utf-8 "},
                     {"X-Amz-Date", "20150830T123600Z"}};
  const std::string canonical = CanonicalRequest(request, "content-type;host;x-amz-date");
  CHECK(canonical ==
        "GET\n/\nAction=ListUsers&Version=2010-05-08\n"
        "content-type:application/x-www-form-urlencoded; charset=utf-8\n"
        "host:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
        "content-type;host;x-amz-date\n"
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string to_sign =
      StringToSign("20150830T123600Z", "20150830/us-east-1/iam/aws4_request", canonical);
  CHECK(to_sign ==
        "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/iam/aws4_request\n"
        "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59");
  CHECK(SigV4Signature("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830", "us-east-1", "iam",
                       to_sign) ==
        "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
}

TEST_CASE("A header sent twice is signed as its values joined by commas") {
  HttpRequest request;
  request.method = "POST";
  request.headers = {{"X-Amz-Meta", "a"}, {"host", "h"}, {"x-amz-meta", " b  c "}};
  CHECK(CanonicalRequest(request, "host;x-amz-meta").find("host:h\nx-amz-meta:a,b c\n") !=
        std::string::npos);
}

TEST_CASE("A name SignedHeaders repeats is written once: the canonical request stays small") {
  HttpRequest request;
  request.method = "POST";
  request.headers = {{"host", "h"}, {"x-big", std::string(8000, 'v')}};
  std::string names = "host";
  for (int i = 0; i < 1000; ++i) names += i % 2 ? ";x-big" : ";X-Big";
  CHECK(CanonicalRequest(request, names).size() < 8000 + names.size() + 200);
}

TEST_CASE("Access key ids are IAM's [A-Za-z0-9_], 1 to 128 characters: always a safe file name") {
  CHECK(IsValidAccessKeyId("AKIAIOSFODNN7EXAMPLE"));
  CHECK(IsValidAccessKeyId("a"));
  CHECK(IsValidAccessKeyId("under_score"));
  CHECK(IsValidAccessKeyId(std::string(128, 'K')));
  CHECK_FALSE(IsValidAccessKeyId(std::string(129, 'K')));
  for (const char* bad : {"", "..", "../x", "a/b", "a.b", "a-b", "a b", "é"}) {
    INFO(bad);
    CHECK_FALSE(IsValidAccessKeyId(bad));
  }
  CHECK_FALSE(IsValidAccessKeyId(std::string("a\0b", 3)));
}

TEST_CASE("A keys file: comments and blank lines skipped, a bad line refused by its number") {
  Result<KeyTable> keys = ParseKeysFile("# class\n\n  AKIAONE\tsecret/1+ \r\nAKIATWO s2\n");
  REQUIRE(keys.ok());
  CHECK(keys->size() == 2);
  CHECK(keys->at("AKIAONE") == "secret/1+");
  CHECK(ParseKeysFile("A s\nB\n").error().message ==
        "line 2: expected `KEYID SECRET` (two fields), found 1");
  CHECK(ParseKeysFile("A s t\n").error().message ==
        "line 1: expected `KEYID SECRET` (two fields), found 3");
  CHECK(ParseKeysFile("a.b s\n").error().message ==
        "line 1: the key id must be 1 to 128 of A-Z, a-z, 0-9 and _");
  CHECK(ParseKeysFile("A s\nA t\n").error().message == "line 2: the key id A is given twice");
  CHECK(ParseKeysFile("# nothing\n").error().message == "the file holds no `KEYID SECRET` line");
}

TEST_CASE("keys new draws AWS-shaped ids and 40-character secrets, different each time") {
  const AccessKeyPair a = NewAccessKeyPair();
  const AccessKeyPair b = NewAccessKeyPair();
  CHECK(a.id.size() == 20);
  CHECK(a.id.rfind("AKIA", 0) == 0);
  CHECK(a.id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") == std::string::npos);
  CHECK(a.secret.size() == 40);
  CHECK(a.secret.find_first_not_of(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") ==
        std::string::npos);
  CHECK(a.id != b.id);
  CHECK(a.secret != b.secret);
}

}  // namespace
}  // namespace ddblab::shell::serve
