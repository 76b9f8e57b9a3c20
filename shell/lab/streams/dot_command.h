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
// held) and returns the run's summary (null when no handler is attached); only errors of the
// run itself go to the shell's sink: the caller says what the handlers did (DescribeRun).
using StreamRunner = std::function<wire::Json(shell::ShellContext& shell)>;

// Adds `.stream` and the statement follower that runs attached handlers to `shell`; returns
// what runs them between statements too (`serve --init` runs them after commits).
StreamRunner RegisterStreamDotCommand(shell::Shell& shell);

}  // namespace ddblab::lab::streams
