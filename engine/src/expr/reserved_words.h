// DynamoDB's reserved words: names that cannot appear bare in an expression.
#pragma once

#include <cstddef>
#include <string_view>

namespace ddblab::expr {

// True when `word` (any case) is one of DynamoDB's reserved words.
bool IsReservedWord(std::string_view word);
// Number of reserved words (573).
size_t ReservedWordCount();

}  // namespace ddblab::expr
