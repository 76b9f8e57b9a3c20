// Running a sequence of inputs: script files (-f, .read), standard input when it is not a
// terminal, and -c statements. Lines are gathered into statements by the session's one
// statement-boundary rule (shell/session/boundary.h), exactly as the REPL does.
#pragma once

#include <functional>
#include <istream>
#include <string>

#include "shell/repl/shell.h"

namespace ddblab::shell {

struct ScriptOptions {
  std::string name;         // for the "stopped at" message
  bool keep_going = false;  // continue after a failed statement (default: stop, like -bail)
  // Non-empty: the script is text the user did not write (a course's lesson answers), run
  // through Shell::ExecuteUntrusted under this name ("answers files replayed by course check"),
  // so none of its statements or dot-commands can open a file.
  std::string untrusted_source;
  // Set: only the inputs it accepts run, the others are passed over unechoed (serve --init on a
  // database an earlier run set up runs only its `.stream` lines).
  std::function<bool(std::string_view input)> only;
};

// Exit status of a script stopped by Ctrl-C (128 + SIGINT, as shells report it).
constexpr int kInterruptedStatus = 130;

// Exit status for an Outcome: 0 ok, 252 did not parse, 254 rejected by the engine, 1 otherwise.
int ExitStatusFor(Outcome outcome);

// Runs every input in `in`. Blank lines and lines starting with `#` or `--` between inputs are
// comments. Returns 0 when everything succeeded, else the exit status of the first failure; a
// `.quit` ends the script early with the status so far; Ctrl-C (shell/repl/interrupt.h) stops it
// after the statement running then, with kInterruptedStatus.
int RunScript(Shell& shell, std::istream& in, const ScriptOptions& options);

}  // namespace ddblab::shell
