// The live page's four views (Tables, Indexes, Calls, Partitions) in the browser build: the same
// ShellViews as `.ui` (shell/views/), answered by direct calls from the page instead of over HTTP.
#pragma once

#include <memory>

#include "shell/repl/shell.h"
#include "shell/views/shell_views.h"

namespace ddblab::web {

// Hooks `shell`'s views up (its statements and inputs) and registers the browser's `.ui`.
std::shared_ptr<shell::page::ShellViews> AttachViews(shell::Shell& shell);

}  // namespace ddblab::web
