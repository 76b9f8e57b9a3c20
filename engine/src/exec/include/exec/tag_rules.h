// DynamoDB's rules for one tag key or value (developer guide, "Tagging restrictions in
// DynamoDB"): lengths in Unicode characters, not bytes, and a character set of letters, numbers,
// white space and + - = . _ : / @.
#pragma once

#include <cstddef>
#include <string_view>

namespace ddblab {

// Characters (Unicode code points) in UTF-8 text; a byte that does not start a valid sequence
// counts as one character.
size_t Utf8CharacterCount(std::string_view text);

// Whether every character of `text` is one DynamoDB allows in a tag: a letter or number of any
// script, a space separator, or one of + - = . _ : / @. Empty text is allowed (values may be).
bool TagCharactersAllowed(std::string_view text);

// Whether a key begins with the reserved "aws:" prefix, in any letter case.
bool TagKeyReserved(std::string_view key);

}  // namespace ddblab
