// `.stream` in the REPL: the recent records of a table's stream, and stream handlers attached
// from Lua files, run after every statement against the database they were attached in.
#pragma once

#include <functional>

#include "ddblab/wire.h"

namespace ddblab::shell {
class Shell;
class ShellContext;
}  // namespace ddblab::shell

namespace ddblab::lab::streams {

// Runs the handlers attached in the shell's current database that are due (batching windows
// held), reports what they did on the shell's sink as a statement's follower does, and returns
// the run's summary (null when no handler is attached).
using StreamRunner = std::function<wire::Json(shell::ShellContext& shell)>;

// Adds `.stream` and the statement follower that runs attached handlers to `shell`; returns
// what runs them between statements too (`serve --init` runs them after every commit).
StreamRunner RegisterStreamDotCommand(shell::Shell& shell);

}  // namespace ddblab::lab::streams
