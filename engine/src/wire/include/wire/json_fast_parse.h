// A fast path for ParseJson (parse_json.cc). Request bodies are small, well-formed documents of
// objects, strings and small integers; nlohmann's lexer reads them a character at a time through
// an input adapter and builds every string by push_back, which made the parse a third of a
// PutItem's instructions in `serve`. This reader takes whole runs of plain bytes at once.
//
// It only answers when it is sure to agree with nlohmann's parser (the same values, types, member
// order and duplicate handling). Anything else (any malformed input, fractions and exponents,
// integers beyond 64 bits, a byte order mark, nesting deeper than kMaxDepth) makes it decline, and
// the caller parses with nlohmann, so errors and rare forms keep exactly one behaviour.
#pragma once

#include <string_view>

#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// Deeper documents go to the full parser (whose own stack is on the heap), so a hostile body of
// nested brackets cannot exhaust this reader's recursion.
inline constexpr int kFastParseMaxDepth = 64;

// Parses `text` into *out and returns true, or returns false (leaving *out unspecified) when the
// full parser must decide.
bool FastParseJson(std::string_view text, Json* out);

}  // namespace ddblab::wire::internal
