// serve --keys refuses in DynamoDB's order with DynamoDB's texts (dynalite records them).
#include "serve/request_auth.h"

#include <catch2/catch.hpp>

#include "ddblab/wire.h"
#include "serve/sigv4.h"

namespace ddblab::shell::serve {
namespace {

using Clock = std::chrono::system_clock;
// 2026-12-07T03:00:00Z
const Clock::time_point kNow = Clock::from_time_t(1796612400);
constexpr const char* kDate = "20261207T030000Z";

// A ListTables request signed with `secret` at kDate; `authorization` replaces the header.
HttpRequest Signed(const std::string& key_id, const std::string& secret) {
  HttpRequest r;
  r.method = "POST";
  r.path = "/";
  r.body = "{}";
  r.headers = {{"Host", "localhost:8000"},
               {"X-Amz-Date", kDate},
               {"X-Amz-Target", "DynamoDB_20120810.ListTables"},
               {"Content-Type", "application/x-amz-json-1.0"}};
  const std::string signed_headers = "content-type;host;x-amz-date;x-amz-target";
  const std::string scope = "20261207/us-east-1/dynamodb/aws4_request";
  const std::string signature =
      SigV4Signature(secret, "20261207", "us-east-1", "dynamodb",
                     StringToSign(kDate, scope, CanonicalRequest(r, signed_headers)));
  r.headers.emplace_back("Authorization", "AWS4-HMAC-SHA256 Credential=" + key_id + "/" + scope +
                                              ", SignedHeaders=" + signed_headers +
                                              ", Signature=" + signature);
  return r;
}

void SetHeader(HttpRequest& r, const std::string& name, const std::string& value) {
  for (auto& [n, v] : r.headers) {
    if (n == name) v = value;
  }
}

// "<exception>: <message>" of a refusal, or "accepted KEYID".
std::string Outcome(const RequestAuthenticator& auth, const HttpRequest& r,
                    Clock::time_point now = kNow) {
  AuthOutcome out = auth.Check(r, now);
  if (!out.refusal) return "accepted " + out.key_id;
  REQUIRE(out.refusal->status == 400);
  const wire::Json body = wire::Json::parse(out.refusal->body);
  return body["__type"].get<std::string>() + ": " + body["message"].get<std::string>();
}

const RequestAuthenticator kChecked(KeyTable{{"AKIAONE", "secret1"}}, true);

TEST_CASE("A request signed with a known key's secret, within 15 minutes, is accepted") {
  CHECK(Outcome(kChecked, Signed("AKIAONE", "secret1")) == "accepted AKIAONE");
  CHECK(Outcome(kChecked, Signed("AKIAONE", "secret1"), kNow + std::chrono::minutes(15)) ==
        "accepted AKIAONE");
}

TEST_CASE("Authentication refusals carry DynamoDB's exception names and texts") {
  HttpRequest none = Signed("AKIAONE", "secret1");
  SetHeader(none, "Authorization", "");
  CHECK(Outcome(kChecked, none) ==
        "com.amazon.coral.service#MissingAuthenticationTokenException: Request is missing "
        "Authentication Token");

  HttpRequest partial = Signed("AKIAONE", "secret1");
  SetHeader(partial, "Authorization", "AWS4-HMAC-SHA256 Credential=AKIAONE/x");
  CHECK(Outcome(kChecked, partial) ==
        "com.amazon.coral.service#IncompleteSignatureException: Authorization header requires "
        "'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. "
        "Authorization=AWS4-HMAC-SHA256 Credential=AKIAONE/x");

  CHECK(Outcome(kChecked, Signed("AKIAONE", "secret1"), kNow + std::chrono::minutes(16)) ==
        "com.amazon.coral.service#InvalidSignatureException: Signature expired: 20261207T030000Z "
        "is now earlier than 20261207T030100Z (20261207T031600Z - 15 min.)");
  CHECK(Outcome(kChecked, Signed("AKIAONE", "secret1"), kNow - std::chrono::minutes(16)) ==
        "com.amazon.coral.service#InvalidSignatureException: Signature not yet current: "
        "20261207T030000Z is still later than 20261207T025900Z (20261207T024400Z + 15 min.)");

  HttpRequest bad_date = Signed("AKIAONE", "secret1");
  SetHeader(bad_date, "X-Amz-Date", "2026-12-07");
  CHECK(Outcome(kChecked, bad_date) ==
        "com.amazon.coral.service#IncompleteSignatureException: Date must be in ISO-8601 'basic "
        "format'. Got '2026-12-07'. See http://en.wikipedia.org/wiki/ISO_8601");

  CHECK(Outcome(kChecked, Signed("AKIANONE", "secret1")) ==
        "com.amazon.coral.service#UnrecognizedClientException: The security token included in "
        "the request is invalid.");
  const std::string wrong = Outcome(kChecked, Signed("AKIAONE", "secret2"));
  CHECK(wrong.rfind("com.amazon.coral.service#InvalidSignatureException: The request signature "
                    "we calculated does not match the signature you provided.",
                    0) == 0);

  HttpRequest token = Signed("AKIAONE", "secret1");
  token.headers.emplace_back("X-Amz-Security-Token", "t");
  CHECK(Outcome(kChecked, token) ==
        "com.amazon.coral.service#UnrecognizedClientException: The security token included in "
        "the request is invalid");
}

TEST_CASE("The credential scope must name this date, dynamodb and aws4_request") {
  HttpRequest r = Signed("AKIAONE", "secret1");
  SetHeader(r, "Authorization",
            "AWS4-HMAC-SHA256 Credential=AKIAONE/20261206/us-east-1/s3/end, "
            "SignedHeaders=host;x-amz-date, Signature=00");
  CHECK(Outcome(kChecked, r) ==
        "com.amazon.coral.service#InvalidSignatureException: Credential should be scoped to "
        "correct service: 'dynamodb'. Credential should be scoped with a valid terminator: "
        "'aws4_request', not 'end'. Date in Credential scope does not match YYYYMMDD from "
        "ISO-8601 version of date from HTTP: '20261206' != '20261207', from '20261207T030000Z'.");
  SetHeader(r, "Authorization",
            "AWS4-HMAC-SHA256 Credential=AKIAONE/20261207, SignedHeaders=host, Signature=00");
  CHECK(Outcome(kChecked, r) ==
        "com.amazon.coral.service#IncompleteSignatureException: Credential must have exactly 5 "
        "slash-delimited elements, e.g. keyid/date/region/service/term, got 'AKIAONE/20261207'");
  SetHeader(r, "Authorization",
            "AWS4-HMAC-SHA256 Credential=AKIAONE/20261207, SignedHeaders=x-amz-date, "
            "Signature=00");
  CHECK(Outcome(kChecked, r) ==
        "com.amazon.coral.service#InvalidSignatureException: 'Host' must be a 'SignedHeader' in "
        "the AWS Authorization.");
  SetHeader(r, "Authorization",
            "AWS4-HMAC-SHA1 Credential=AKIAONE/20261207, SignedHeaders=host, Signature=00");
  CHECK(Outcome(kChecked, r) ==
        "com.amazon.coral.service#IncompleteSignatureException: Unsupported AWS 'algorithm': "
        "'AWS4-HMAC-SHA1' (only AWS4-HMAC-SHA256 for now). ");
}

TEST_CASE("Without --keys only the key id is read, and only one that can be a file name") {
  const RequestAuthenticator open_per_key(std::nullopt, true);
  CHECK(Outcome(open_per_key, Signed("anyone", "any secret"), kNow + std::chrono::hours(24)) ==
        "accepted anyone");
  CHECK(Outcome(open_per_key, Signed("..", "x")) ==
        "com.amazon.coral.service#UnrecognizedClientException: The security token included in "
        "the request is invalid.");
  const RequestAuthenticator open_shared(std::nullopt, false);
  HttpRequest unsigned_request = Signed("x", "x");
  SetHeader(unsigned_request, "Authorization", "");
  CHECK(Outcome(open_shared, unsigned_request) == "accepted ");
}

}  // namespace
}  // namespace ddblab::shell::serve
