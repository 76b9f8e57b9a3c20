// Tab completion's candidates, for every front end that completes: the terminal's line editor
// (shell/terminal) and the browser's terminal (shell/web).
#pragma once

#include <string>
#include <vector>

#include "shell/repl/shell.h"

namespace ddblab::shell {

// Completion candidates for `word`, the word under the cursor, given everything typed before it
// (`before`, which may span continuation lines). Returns names that start with `word`; sets
// `*files` when file names should be completed instead.
std::vector<std::string> CompletionCandidates(Shell& shell, const std::string& before,
                                              const std::string& word, bool* files);

}  // namespace ddblab::shell
