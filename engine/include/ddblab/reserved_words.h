// DynamoDB's reserved words (Developer Guide, "Reserved words in DynamoDB"): the names an
// expression cannot use bare. Public so the shell's hints can rewrite an expression the way the
// engine's expression parser reads it, with the same list.
#pragma once

#include <string_view>

namespace ddblab {

// True when `word` (any case) is one of DynamoDB's 573 reserved words.
bool IsReservedWord(std::string_view word);

}  // namespace ddblab
