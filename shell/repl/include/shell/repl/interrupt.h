// Ctrl-C while a statement or script runs. The signal handler only raises a flag; long work
// (the pages of a read, the statements of a script) checks it between units and stops cleanly,
// so output stays consistent and the REPL survives.
#pragma once

namespace ddblab::shell {

// Installs the handler for a batch run (-c, -f, piped input): the first Ctrl-C asks the running
// statement or script to stop, a second one ends the process as Ctrl-C normally does.
void InstallBatchInterruptHandler();

// Raised by Ctrl-C (the REPL's handler or the batch one); cleared before each new input.
void RequestInterrupt();
bool InterruptRequested();
void ClearInterrupt();

}  // namespace ddblab::shell
