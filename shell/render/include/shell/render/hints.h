// Hints that teach: after DynamoDB's unchanged error (or after a statement that ran but cannot
// have meant what was written), one `hint:` line saying what to do next. Computed here, in one
// place, from the statement, its error and the table descriptions; every front door a learner
// types into (the REPL, -c, -f, .read) prints them through Shell::Execute. `serve` never does.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

// What the hints may look up: the table names of the current database, and one table's
// description (null when the table does not exist).
struct HintTables {
  std::function<std::vector<std::string>()> names;
  std::function<const TableDescription*(const std::string&)> describe;
};

// The teaching hint for a finished statement, or empty. The session's own hint (an unfinished
// statement, a stray character) is kept; this adds what only the table descriptions can tell.
std::string TeachingHint(const StatementResult& r, const HintTables& tables);

// "did you mean .tables?" for an unknown dot-command, or empty.
std::string DotCommandHint(std::string_view word, const std::vector<std::string>& names);

// ---- Pieces, exposed for unit tests ----

// Up to `limit` candidates close to `word` (same name in another case, a prefix, a substring,
// or a small edit distance), closest first.
std::vector<std::string> ClosestNames(std::string_view word,
                                      const std::vector<std::string>& candidates, size_t limit);

// Plain JSON as DynamoDB JSON: "x" -> {"S":"x"}, 5 -> {"N":"5"}, true -> {"BOOL":true},
// null -> {"NULL":true}, arrays -> L, objects -> M. A value already typed is kept.
wire::Json TypedForm(const wire::Json& plain);
// The attribute map with each value in its typed form.
wire::Json TypedAttributeMap(const wire::Json& map);

// The PartiQL keyword `word` was probably meant to be (SELEC -> SELECT), or empty when `word`
// is a keyword already or close to none.
std::string PartiqlKeywordSuggestion(std::string_view word);

}  // namespace ddblab::shell
