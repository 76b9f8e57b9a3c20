// The interactive shell on a terminal: libedit line editing, persistent history, tab completion,
// continuation prompts, Ctrl-C to drop the current input and Ctrl-D to leave.
#pragma once

#include <string>
#include <vector>

#include "shell/repl/shell.h"

namespace ddblab::shell {

// Runs the REPL until Ctrl-D or .quit. Returns the process exit status (0).
int RunRepl(Shell& shell);

// Where history is kept: $XDG_DATA_HOME/ddblab/history, else ~/.local/share/ddblab/history.
// Empty when neither variable is set.
std::string HistoryPath();

// Completion candidates for `word`, the word under the cursor, given everything typed before it
// (`before`, which may span continuation lines). Returns names that start with `word`; sets
// `*files` when file names should be completed instead.
std::vector<std::string> CompletionCandidates(Shell& shell, const std::string& before,
                                              const std::string& word, bool* files);

}  // namespace ddblab::shell
