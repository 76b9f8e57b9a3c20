// `.stream` in the REPL: the recent records of a table's stream, and stream handlers attached
// from Lua files, run after every statement against the database they were attached in.
#pragma once

namespace ddblab::shell {
class Shell;
}

namespace ddblab::lab::streams {

// Adds `.stream` and the statement follower that runs attached handlers to `shell`.
void RegisterStreamDotCommand(shell::Shell& shell);

}  // namespace ddblab::lab::streams
