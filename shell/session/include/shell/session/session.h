// THE statement runner: classify -> continuation -> parse (the aws-CLI language, PartiQL text,
// EXPLAIN) -> calls through a Client -> one StatementResult with the calls merged once. Nothing
// here renders; the REPL, scripts, lessons and the grader render or check the result their own
// way, but they all get it from here.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "ddblab/wire.h"
#include "shell/session/boundary.h"
#include "shell/session/file_access.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

struct RunOptions {
  // What file:// values may read, and where relative paths resolve (shell/file_access.h).
  // Defaults to the user's own machine from the working directory; lessons confine it to their
  // folder and graded solutions refuse it.
  FileAccess files;
  // PartiQL `?` values by 1-based position (the REPL's .param), or nullptr for none.
  const std::map<int, wire::Json>* params = nullptr;
  // False when the text ended while the statement still needed more lines (SplitStatements'
  // StatementText::complete); a failure then gets a hint saying how to continue it.
  bool complete = true;
  // Where a long auto-paginated aws-CLI read sends its items as pages arrive (the REPL's and
  // scripts' streaming output), and how it is stopped between pages; nullptr keeps every item in
  // the result.
  const PageStream* stream = nullptr;
};

// Runs one statement: an aws-CLI command, a PartiQL statement or EXPLAIN. Dot-commands and empty
// text are not statements: the result has that kind, ok == false, an error saying so and no
// calls.
StatementResult RunStatement(wire::Client& client, std::string_view text,
                             const RunOptions& options = {});

// Runs one DynamoDB (or ddblab extension) operation with a DynamoDB JSON body (`ddb.call`).
StatementResult RunCall(wire::Client& client, std::string_view operation, const wire::Json& body);

// Runs the next page of a read whose result has next_page set (.more).
StatementResult RunNextPage(wire::Client& client, const StatementResult& previous,
                            const PageStream* stream = nullptr);

}  // namespace ddblab::shell
