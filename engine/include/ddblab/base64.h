// Base64, the one codec every part of ddblab uses: DynamoDB's JSON protocol for B and BS values
// (standard alphabet, padded, strictly checked on input), the aws CLI's pagination tokens, and
// PartiQL NextTokens (URL-safe alphabet, unpadded).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ddblab {

enum class Base64Alphabet {
  kStandard,  // A-Z a-z 0-9 + /, padded with '='
  kUrl,       // A-Z a-z 0-9 - _, unpadded
};

std::string Base64Encode(std::string_view bytes,
                         Base64Alphabet alphabet = Base64Alphabet::kStandard);

// Decodes canonical standard base64 into `*out`. On failure returns false and sets `*message`
// to DynamoDB's SerializationException text for the problem (without the quoted value prefix).
bool Base64Decode(std::string_view text, std::string* out, std::string* message);

// Decodes unpadded URL-safe base64; nullopt when `text` is not such an encoding.
std::optional<std::string> Base64UrlDecode(std::string_view text);

}  // namespace ddblab
