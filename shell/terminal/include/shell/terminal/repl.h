// The interactive shell on a terminal: libedit line editing, persistent history, tab completion,
// continuation prompts, Ctrl-C to drop the current input and Ctrl-D to leave. Its own tier above
// the REPL's statement loop, so a build without a terminal library (the browser's) leaves it out.
#pragma once

#include <string>

#include "shell/repl/shell.h"

namespace ddblab::shell {

// Runs the REPL until Ctrl-D or .quit. Returns the process exit status (0).
int RunRepl(Shell& shell);

// Where history is kept: $XDG_DATA_HOME/ddblab/history, else ~/.local/share/ddblab/history.
// Empty when neither variable is set.
std::string HistoryPath();

}  // namespace ddblab::shell
