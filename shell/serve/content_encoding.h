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
