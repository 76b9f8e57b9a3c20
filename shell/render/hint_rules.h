// Hints of shell/render/hints.cc that have a file of their own (each a rule with enough to say to
// be worth one). TeachingHint asks them in turn; each returns the hint or an empty string.
#pragma once

#include <string>

#include "shell/render/hints.h"

namespace ddblab::shell {

// A reserved word used as a bare attribute name: in an expression (DynamoDB names the word), the
// request's expressions rewritten with #placeholders and the ExpressionAttributeNames to add;
// in PartiQL, the name in double quotes.
std::string ReservedWordHint(const StatementResult& r);

// "The provided key element does not match the schema": the key the table (or the index a
// start key continues) takes, with types, and what the key sent had instead.
std::string KeySchemaHint(const StatementResult& r, const HintTables& tables);

}  // namespace ddblab::shell
