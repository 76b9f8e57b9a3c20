// Request bodies sent with Content-Encoding (gzip or deflate), decoded before anything reads
// them. DynamoDB accepts both; an encoding it does not know, or a body that is not what its
// encoding says, is answered with HTTP 500 InternalServerError, as DynamoDB does. The size
// limit applies to the decoded body, so a small compressed body cannot expand without bound.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ddblab::shell::serve {

struct DecodedBody {
  enum class Outcome { kDecoded, kTooLarge, kUndecodable };
  Outcome outcome = Outcome::kDecoded;
  std::string body;     // the decoded body when kDecoded
  std::string problem;  // why it could not be decoded, for the error message
};

// Decodes `body` by the Content-Encoding header `encoding`: a comma-separated list applied in
// order, so undone last to first; empty and "identity" leave the body as it is. Stops with
// kTooLarge as soon as the decoded body would exceed `max_bytes`.
DecodedBody DecodeContent(std::string_view encoding, std::string body, size_t max_bytes);

}  // namespace ddblab::shell::serve

namespace ddblab::shell::serve {

// The response coding DynamoDB picks for an Accept-Encoding header: "gzip", "deflate", or ""
// (send it as it is). Only gzip and deflate are offered; identity and other codings are ignored.
// Each coding's weight is its first q parameter (clamped to 0..1; an unreadable q counts as 1,
// q=0 refuses it), a coding listed twice takes its largest weight, `*` stands for the two when
// they are not listed. The heavier wins; at equal weight one listed by name beats `*`, the first
// listed wins, and `*` alone means gzip. An entry that is not a well-formed token is skipped.
std::string NegotiateResponseCoding(std::string_view accept_encoding);

// DynamoDB compresses a response only from this size on.
constexpr size_t kCompressResponsesFrom = 4096;

// `body` compressed as `coding` ("gzip", or "deflate" in zlib format).
std::string EncodeContent(std::string_view coding, std::string_view body);

}  // namespace ddblab::shell::serve
