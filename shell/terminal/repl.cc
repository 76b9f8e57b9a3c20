// The REPL on a terminal, over libedit's readline interface.
#include "shell/terminal/repl.h"

#include <editline/readline.h>
#include <poll.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "shell/repl/completion.h"
#include "shell/repl/interrupt.h"
#include "shell/repl/typed_input.h"

namespace ddblab::shell {

namespace {

// Completion callbacks get no user pointer, so the shell being completed for lives here while
// the REPL runs.
Shell* g_shell = nullptr;
StatementAssembler* g_pending = nullptr;  // lines of the current input before this one
std::vector<std::string> g_matches;

sigjmp_buf g_interrupt;
volatile sig_atomic_t g_reading = 0;

// True when more input is already waiting (the rest of a paste): libedit reads the terminal a
// byte at a time, so what is pasted and not yet read is still in the terminal's buffer.
bool InputWaiting() {
  struct pollfd p {};
  p.fd = STDIN_FILENO;
  p.events = POLLIN;
  return poll(&p, 1, 25) > 0 && (p.revents & POLLIN) != 0;
}

void OnInterrupt(int) {
  // Ctrl-C while editing abandons the input. While a statement runs it asks the statement to
  // stop at its next safe point (between pages of a read, between statements of a script), so
  // output stays consistent and the REPL goes on.
  if (g_reading != 0) siglongjmp(g_interrupt, 1);
  RequestInterrupt();
}

// While a statement runs the terminal is not line-edited: what is typed ahead (a Ctrl-D
// included) waits as plain bytes for the next prompt. In the terminal's normal cooked mode a
// Ctrl-D typed then would reach libedit as an invisible NUL character on the next line, so
// that and every later Ctrl-D were lost. Ctrl-C still raises SIGINT (ISIG stays on).
class TypeAheadMode {
 public:
  TypeAheadMode() {
    if (isatty(STDIN_FILENO) != 1 || tcgetattr(STDIN_FILENO, &saved_) != 0) return;
    struct termios raw = saved_;
    raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    active_ = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
  }
  ~TypeAheadMode() {
    if (active_) tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
  }
  TypeAheadMode(const TypeAheadMode&) = delete;
  TypeAheadMode& operator=(const TypeAheadMode&) = delete;

 private:
  struct termios saved_ {};
  bool active_ = false;
};

// One line from libedit; Ctrl-C while editing jumps back here and sets *interrupted. The jump
// lands in this small frame, which holds no C++ object, so nothing of the caller's (its strings,
// the statement being gathered) is left half-updated by it.
char* ReadLine(const char* prompt, bool* interrupted) {
  if (sigsetjmp(g_interrupt, 1) != 0) {
    g_reading = 0;
    *interrupted = true;
    return nullptr;
  }
  g_reading = 1;
  char* raw = readline(prompt);
  g_reading = 0;
  return raw;
}

char* NextMatch(const char*, int state) {
  static size_t index = 0;
  if (state == 0) index = 0;
  if (index >= g_matches.size()) return nullptr;
  return strdup(g_matches[index++].c_str());
}

char** Complete(const char* text, int start, int) {
  rl_attempted_completion_over = 1;
  if (g_shell == nullptr) return nullptr;
  std::string before =
      (g_pending != nullptr && g_pending->open() ? g_pending->pending() + "\n" : std::string()) +
      std::string(rl_line_buffer, static_cast<size_t>(start));
  bool files = false;
  g_matches = CompletionCandidates(*g_shell, before, text, &files);
  if (files) {
    rl_attempted_completion_over = 0;  // let libedit complete file names
    return nullptr;
  }
  if (g_matches.empty()) return nullptr;
  return rl_completion_matches(text, NextMatch);
}

void MakeDirs(const std::string& path) {
  for (size_t i = 1; i < path.size(); ++i) {
    if (path[i] == '/') mkdir(path.substr(0, i).c_str(), 0700);
  }
}

// History keeps each input on one line: continuation breaks become spaces.
std::string Flatten(const std::string& input) {
  std::string out;
  for (size_t i = 0; i < input.size(); ++i) {
    if (input[i] == '\\' && i + 1 < input.size() && input[i + 1] == '\n') {
      out += ' ';
      ++i;
    } else {
      out += input[i] == '\n' ? ' ' : input[i];
    }
  }
  return out;
}

// Leaving an in-memory database loses its tables: say so, and how to keep them next time. (It
// does not ask to confirm: scripts and terminals that send Ctrl-D expect ddblab to leave.)
// What leaving now would lose, as a warning, or empty when nothing is lost: the tables of an
// in-memory database, and a lesson or exercise in progress.
std::string LossWarning(Shell& shell) {
  std::string out;
  std::string scratch = shell.ScratchHowToLeave();
  if (!scratch.empty()) {
    // A lesson keeps its progress and an exercise its solution file; their own database goes.
    out =
        "Leaving now ends the " + shell.client().Describe() + " and its tables (" + scratch + "). ";
  }
  wire::Client& user = shell.user_client();
  if (!user.IsRemote() && user.Describe().find("memory") != std::string::npos) {
    const size_t tables = shell.TableNames(true).size();
    if (tables > 0) {
      out += std::string(tables == 1 ? "The table" : "The " + std::to_string(tables) + " tables") +
             " of your in-memory database will be gone: .save FILE keeps " +
             (tables == 1 ? "it" : "them") + " (ddblab FILE opens it later). ";
    }
  }
  return out;
}

void SayHowToKeep(Shell& shell) {
  if (shell.user_client().IsRemote() ||
      shell.user_client().Describe().find("memory") == std::string::npos) {
    return;
  }
  const size_t tables = shell.TableNames(true).size();
  if (tables == 0) return;
  shell.sink().Line(
      std::string(tables == 1 ? "The table" : "The " + std::to_string(tables) + " tables") +
          " of this in-memory database " + (tables == 1 ? "is" : "are") +
          " gone now. To keep tables, run .save FILE before leaving (ddblab FILE "
          "opens it later), or start with ddblab FILE.db.",
      Style::kWarning);
}

}  // namespace

std::string HistoryPath() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/ddblab/history";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return std::string(home) + "/.local/share/ddblab/history";
  return "";
}

int RunRepl(Shell& shell) {
  OutputSink& out = shell.sink();
  Greet(shell, ".open FILE keeps your work in a file.");

  rl_readline_name = "ddblab";
  rl_catch_signals = 0;
  rl_attempted_completion_function = Complete;
  rl_basic_word_break_characters = " \t\n\"'=(,";
  using_history();
  stifle_history(2000);
  std::string history = HistoryPath();
  if (!history.empty()) {
    MakeDirs(history);
    read_history(history.c_str());
  }

  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  struct sigaction previous {};
  sigaction(SIGINT, &action, &previous);

  g_shell = &shell;
  // The one statement-boundary rule (shell/session/boundary.h), as in scripts.
  StatementAssembler assembler;
  g_pending = &assembler;
  bool done = false;
  bool warned = false;  // the last input was a Ctrl-D that warned of a loss
  while (!done) {
    std::string prompt = NextPrompt(shell, assembler);
    bool interrupted = false;
    char* raw = ReadLine(prompt.c_str(), &interrupted);
    if (interrupted) {
      out.Out("^C\n");
      assembler.Reset();
      continue;
    }
    if (raw == nullptr) {  // Ctrl-D
      out.Out("\n");
      // Warn before anything is lost; a second Ctrl-D in a row leaves.
      std::string loss = warned ? "" : LossWarning(shell);
      if (loss.empty()) break;
      out.Line(loss + "Press Ctrl-D again to leave.", Style::kWarning);
      warned = true;
      assembler.Reset();
      continue;
    }
    warned = false;
    std::string line(raw);
    std::free(raw);
    // In pasted text the next line is already waiting in the terminal.
    std::vector<StatementText> ready = TypedLine(shell, assembler, line, InputWaiting());
    for (const StatementText& statement : ready) {
      std::string flat = Flatten(statement.text);
      add_history(flat.c_str());
      if (!history.empty()) {
        // Appending as we go keeps history when the terminal is closed without Ctrl-D.
        write_history(history.c_str());
      }
      ClearInterrupt();
      Outcome outcome;
      {
        TypeAheadMode type_ahead;
        outcome = shell.Execute(statement.text, statement.complete);
      }
      if (outcome == Outcome::kExit) {
        done = true;
        break;
      }
    }
  }
  if (!warned) SayHowToKeep(shell);
  g_pending = nullptr;
  g_shell = nullptr;
  sigaction(SIGINT, &previous, nullptr);
  if (!history.empty()) write_history(history.c_str());
  return 0;
}

}  // namespace ddblab::shell
