// The interrupt flag (shell/repl/interrupt.h). sig_atomic_t, written only by a handler or between
// statements, is all a handler may touch.
#include "shell/repl/interrupt.h"

#include <csignal>

namespace ddblab::shell {

namespace {

volatile sig_atomic_t g_interrupted = 0;

void OnBatchInterrupt(int signal_number) {
  if (g_interrupted != 0) {
    // The run did not stop at the first request: leave the way an unhandled Ctrl-C does.
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
    return;
  }
  g_interrupted = 1;
}

}  // namespace

void InstallBatchInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = OnBatchInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
}

void RequestInterrupt() { g_interrupted = 1; }
bool InterruptRequested() { return g_interrupted != 0; }
void ClearInterrupt() { g_interrupted = 0; }

}  // namespace ddblab::shell
