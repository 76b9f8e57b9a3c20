// What a person types at a prompt, as every interactive front end takes it: the terminal's REPL
// (shell/terminal/) and the browser's terminal (shell/web/) share these, so a greeting, a typed
// line and a paste behave the same in both.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "shell/repl/shell.h"
#include "shell/session/boundary.h"

namespace ddblab::shell {

// The first lines an interactive shell prints; `keeping` says how the user's work is kept when
// the database is in memory (the terminal: ".open FILE keeps your work in a file").
void Greet(Shell& shell, const std::string& keeping);

// The prompt for the next line: the continuation prompt while a statement is open.
std::string NextPrompt(const Shell& shell, const StatementAssembler& assembler);

// Gathers one typed line into statements (the one statement-boundary rule,
// shell/session/boundary.h) and returns those to run now. `more_waiting`: more input already
// waits (the rest of a paste), so a complete statement without `;` is held for a clause line
// (WHERE ..., ORDER BY ...) that may continue it; otherwise a statement typed on one line runs on
// Enter, and one laid out over several lines waits for its `;` (Enter on an empty line says so).
std::vector<StatementText> TypedLine(Shell& shell, StatementAssembler& assembler,
                                     std::string_view line, bool more_waiting);

}  // namespace ddblab::shell
