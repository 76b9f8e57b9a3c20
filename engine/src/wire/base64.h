// Base64 as DynamoDB's JSON protocol uses it for B and BS values: the standard alphabet with
// padding, strictly checked on input.
#pragma once

#include <string>
#include <string_view>

namespace ddblab::wire {

std::string Base64Encode(std::string_view bytes);

// Decodes `text` into `*out`. On failure returns false and sets `*message` to DynamoDB's
// SerializationException text for the problem (without the quoted value prefix).
bool Base64Decode(std::string_view text, std::string* out, std::string* message);

}  // namespace ddblab::wire
