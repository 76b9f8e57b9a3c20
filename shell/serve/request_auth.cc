#include "request_auth.h"

#include <ctime>
#include <map>
#include <vector>

#include "sigv4.h"

namespace ddblab::shell::serve {
namespace {

// DynamoDB's texts for the authentication refusals (all HTTP 400).
constexpr std::string_view kMissingToken = "Request is missing Authentication Token";
constexpr std::string_view kUnknownKey = "The security token included in the request is invalid.";
// A session token ddblab never issued; DynamoDB's text for it has no final period.
constexpr std::string_view kUnknownSessionToken =
    "The security token included in the request is invalid";
constexpr std::string_view kSignatureMismatch =
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details.";

std::string_view TrimAuthField(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The parts of "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...": the
// algorithm, then name=value pairs separated by commas (spaces optional: some clients send
// none).
struct AuthorizationParts {
  std::string algorithm;
  std::map<std::string, std::string, std::less<>> params;
};

AuthorizationParts SplitAuthorization(std::string_view header) {
  AuthorizationParts parts;
  header = TrimAuthField(header);
  const size_t space = header.find_first_of(" \t");
  parts.algorithm = std::string(header.substr(0, space));
  std::string_view rest = space == std::string_view::npos ? "" : header.substr(space);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view pair = TrimAuthField(rest.substr(0, comma));
    rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    std::string value;
    for (char c : pair.substr(eq + 1)) {
      if (c != ' ' && c != '\t') value.push_back(c);
    }
    parts.params.emplace(std::string(TrimAuthField(pair.substr(0, eq))), std::move(value));
  }
  return parts;
}

std::vector<std::string_view> SplitOn(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  size_t at = 0;
  for (;;) {
    const size_t next = text.find(sep, at);
    out.push_back(
        text.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

// "20261207T031500Z" -> seconds since the epoch; nullopt unless exactly ISO 8601 basic format.
std::optional<std::time_t> ParseAmzDate(std::string_view date) {
  if (date.size() != 16 || date[8] != 'T' || date[15] != 'Z') return std::nullopt;
  for (size_t i = 0; i < 15; ++i) {
    if (i != 8 && (date[i] < '0' || date[i] > '9')) return std::nullopt;
  }
  auto number = [&](size_t at, size_t len) {
    int n = 0;
    for (size_t i = at; i < at + len; ++i) n = n * 10 + (date[i] - '0');
    return n;
  };
  std::tm tm{};
  tm.tm_year = number(0, 4) - 1900;
  tm.tm_mon = number(4, 2) - 1;
  tm.tm_mday = number(6, 2);
  tm.tm_hour = number(9, 2);
  tm.tm_min = number(11, 2);
  tm.tm_sec = number(13, 2);
  if (tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
      tm.tm_sec > 60) {
    return std::nullopt;
  }
  return timegm(&tm);
}

std::string FormatAmzDate(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

// Compares in time independent of where the strings first differ.
bool SameSignature(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

AuthOutcome Refuse(std::string_view exception, std::string message, const HttpRequest& request,
                   std::string key_id = "") {
  AuthOutcome out;
  out.key_id = std::move(key_id);
  out.refusal = ServiceErrorReply(exception, std::move(message), request.Header("X-Amz-Target"));
  return out;
}

}  // namespace

RequestAuthenticator::RequestAuthenticator(std::optional<KeyTable> keys, bool need_key_id)
    : keys_(std::move(keys)), need_key_id_(need_key_id) {}

AuthOutcome RequestAuthenticator::Check(const HttpRequest& request,
                                        std::chrono::system_clock::time_point now) const {
  AuthOutcome out;
  if (!active()) return out;
  const std::string_view header = TrimAuthField(request.Header("Authorization"));
  if (header.substr(0, 5) != "AWS4-") {
    return Refuse("MissingAuthenticationTokenException", std::string(kMissingToken), request);
  }
  const AuthorizationParts parts = SplitAuthorization(header);
  const auto param = [&](std::string_view name) -> std::string_view {
    auto it = parts.params.find(name);
    return it == parts.params.end() ? std::string_view() : std::string_view(it->second);
  };
  const std::string_view credential = param("Credential");

  if (!keys_) {
    // Any credentials: only the key id, which names the sender's database.
    const std::string key_id(credential.substr(0, credential.find('/')));
    if (credential.empty()) {
      return Refuse("IncompleteSignatureException",
                    "Authorization header requires 'Credential' parameter. Authorization=" +
                        std::string(header),
                    request);
    }
    if (!IsValidAccessKeyId(key_id)) {
      return Refuse("UnrecognizedClientException", std::string(kUnknownKey), request);
    }
    out.key_id = key_id;
    return out;
  }

  // 1. Every part SigV4 needs.
  std::string_view date = request.Header("X-Amz-Date");
  if (date.empty()) date = request.Header("Date");
  std::string missing;
  for (std::string_view name : {"Credential", "Signature", "SignedHeaders"}) {
    if (param(name).empty()) {
      missing += "Authorization header requires '" + std::string(name) + "' parameter. ";
    }
  }
  if (date.empty()) {
    missing +=
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
  }
  if (!missing.empty()) {
    return Refuse("IncompleteSignatureException", missing + "Authorization=" + std::string(header),
                  request);
  }
  // 2. The request time, within 15 minutes of the server's clock.
  const std::optional<std::time_t> signed_at = ParseAmzDate(date);
  if (!signed_at) {
    return Refuse("IncompleteSignatureException",
                  "Date must be in ISO-8601 'basic format'. Got '" + std::string(date) +
                      "'. See http://en.wikipedia.org/wiki/ISO_8601",
                  request);
  }
  const std::time_t now_t = std::chrono::system_clock::to_time_t(now);
  const std::time_t window = std::chrono::seconds(kSignatureWindow).count();
  if (*signed_at < now_t - window) {
    return Refuse("InvalidSignatureException",
                  "Signature expired: " + std::string(date) + " is now earlier than " +
                      FormatAmzDate(now_t - window) + " (" + FormatAmzDate(now_t) + " - 15 min.)",
                  request);
  }
  if (*signed_at > now_t + window) {
    return Refuse("InvalidSignatureException",
                  "Signature not yet current: " + std::string(date) + " is still later than " +
                      FormatAmzDate(now_t + window) + " (" + FormatAmzDate(now_t) + " + 15 min.)",
                  request);
  }
  // 3. Host must be signed.
  const std::string_view signed_headers = param("SignedHeaders");
  bool host_signed = false;
  for (std::string_view name : SplitOn(signed_headers, ';')) host_signed |= name == "host";
  if (!host_signed) {
    return Refuse("InvalidSignatureException",
                  "'Host' must be a 'SignedHeader' in the AWS Authorization.", request);
  }
  // 4. The algorithm.
  if (parts.algorithm != kSigV4Algorithm) {
    return Refuse(
        "IncompleteSignatureException",
        "Unsupported AWS 'algorithm': '" + parts.algorithm + "' (only AWS4-HMAC-SHA256 for now). ",
        request);
  }
  // 5. The credential scope: KEYID/YYYYMMDD/region/dynamodb/aws4_request (trailing slashes are
  // ignored).
  std::string_view trimmed_credential = credential;
  while (!trimmed_credential.empty() && trimmed_credential.back() == '/') {
    trimmed_credential.remove_suffix(1);
  }
  const std::vector<std::string_view> scope = SplitOn(trimmed_credential, '/');
  if (scope.size() != 5) {
    return Refuse("IncompleteSignatureException",
                  "Credential must have exactly 5 slash-delimited elements, e.g. "
                  "keyid/date/region/service/term, got '" +
                      std::string(credential) + "'",
                  request);
  }
  std::string scope_problems;
  if (scope[2].empty()) {
    scope_problems += "Credential should be scoped to a valid region, not ''. ";
  }
  if (scope[3] != "dynamodb") {
    scope_problems += "Credential should be scoped to correct service: 'dynamodb'. ";
  }
  if (scope[4] != "aws4_request") {
    scope_problems += "Credential should be scoped with a valid terminator: 'aws4_request', not '" +
                      std::string(scope[4]) + "'. ";
  }
  if (scope[1] != date.substr(0, 8)) {
    scope_problems +=
        "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from "
        "HTTP: '" +
        std::string(scope[1]) + "' != '" + std::string(date.substr(0, 8)) + "', from '" +
        std::string(date) + "'.";
  }
  if (!scope_problems.empty()) {
    while (!scope_problems.empty() && scope_problems.back() == ' ') scope_problems.pop_back();
    return Refuse("InvalidSignatureException", scope_problems, request);
  }
  // 6. The key id.
  const std::string key_id(scope[0]);
  auto key = keys_->find(key_id);
  if (key == keys_->end()) {
    return Refuse("UnrecognizedClientException", std::string(kUnknownKey), request);
  }
  // 7. The signature, recomputed from the secret. DynamoDB's refusal shows what it computed, so a
  // client's author can see which part differs.
  const std::string canonical = CanonicalRequest(request, signed_headers);
  const std::string scope_text(trimmed_credential.substr(key_id.size() + 1));
  const std::string to_sign = StringToSign(date, scope_text, canonical);
  const std::string expected = SigV4Signature(key->second, scope[1], scope[2], scope[3], to_sign);
  if (!SameSignature(expected, param("Signature"))) {
    return Refuse("InvalidSignatureException",
                  std::string(kSignatureMismatch) +
                      "\n\nThe Canonical String for this request should have been\n'" + canonical +
                      "'\n\nThe String-to-Sign should have been\n'" + to_sign + "'\n",
                  request, key_id);
  }
  // 8. ddblab issues no session tokens: one sent is not one it knows.
  if (!request.Header("X-Amz-Security-Token").empty()) {
    return Refuse("UnrecognizedClientException", std::string(kUnknownSessionToken), request,
                  key_id);
  }
  out.key_id = key_id;
  return out;
}

}  // namespace ddblab::shell::serve
