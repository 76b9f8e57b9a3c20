// DynamoDB's reserved words: names that cannot appear bare in an expression. The lookup is
// public (ddblab/reserved_words.h); the parser uses the same one.
#pragma once

#include <cstddef>
#include <string_view>

#include "ddblab/reserved_words.h"

namespace ddblab::expr {

using ddblab::IsReservedWord;
// Number of reserved words (573).
size_t ReservedWordCount();

}  // namespace ddblab::expr
