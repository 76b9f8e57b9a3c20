// The browser's entry (scripts/web): the same Shell, dot-commands and lab as the native program,
// driven by the page's JavaScript (web/) through a few C functions instead of a terminal and a
// command line. Two uses:
//   - the terminal: one Shell on the student's database file (kept in the browser's storage by
//     the page), fed what the student types, a line or a paste at a time, exactly as the native
//     REPL gathers lines into statements (shell/session/boundary.h);
//   - ddblab.run(text): a script run as `ddblab --mode jsonl --keep-going -f` runs it, on a fresh
//     in-memory database, for tests and for pages that embed ddblab.
// Every function returns text the page reads at once (the buffer lives until the next call).
#include <chrono>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ddblab/engine.h"
#include "ddblab/wire.h"
#include "shell/dot/dot_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/render/output.h"
#include "shell/render/render.h"
#include "shell/render/wrap_text.h"
#include "shell/repl/completion.h"
#include "shell/repl/interrupt.h"
#include "shell/repl/script.h"
#include "shell/repl/shell.h"
#include "shell/repl/typed_input.h"
#include "shell/session/boundary.h"
#include "shell/views/shell_views.h"
#include "web_views.h"

namespace ddblab::web {
namespace {

using shell::CaptureSink;
using shell::Shell;

// A Shell with its own engine, writing into a buffer the page collects.
struct WebSession {
  CaptureSink sink;
  std::unique_ptr<Shell> shell;
  shell::StatementAssembler assembler;
  std::shared_ptr<shell::page::ShellViews> views;  // the terminal's only
  bool exited = false;
};

std::unique_ptr<WebSession> g_terminal;
std::string g_reply;

// Opens `path` (":memory:" for a transient database) with an optional fixed clock.
std::unique_ptr<WebSession> OpenSession(const std::string& path, double clock, bool color,
                                        std::string* error) {
  EngineOptions options;
  options.path = path;
  if (clock > 0) options.clock = [clock] { return clock; };
  auto engine = Engine::Open(options);
  if (!engine.ok()) {
    *error = "cannot open " + path + ": " + engine.error().message;
    return nullptr;
  }
  auto session = std::make_unique<WebSession>();
  session->sink.set_color(color);
  auto client = wire::MakeEmbeddedClient(
      std::shared_ptr<Engine>(std::move(*engine)),
      path == ":memory:" ? "transient in-memory database" : "browser database " + path);
  session->shell =
      std::make_unique<Shell>(std::move(client), session->sink, shell::BuiltInDotCommands());
  session->shell->engine_options = options;
  lab::RegisterLabExtensions(*session->shell);
  return session;
}

// What a session printed since the last call, handed to the page.
const char* Collect(WebSession& session) {
  g_reply = session.sink.all();
  session.sink.Clear();
  return g_reply.c_str();
}

}  // namespace
}  // namespace ddblab::web

using ddblab::web::g_reply;
using ddblab::web::g_terminal;

extern "C" {

// Where the lab finds its lessons and exercises and keeps progress (the page's file system).
void ddblab_web_configure(const char* lessons, const char* exercises, const char* data) {
  setenv("DDBLAB_LESSONS_DIR", lessons, 1);
  setenv("DDBLAB_EXERCISES_DIR", exercises, 1);
  setenv("DDBLAB_DATA_DIR", data, 1);
  setenv("HOME", data, 1);
}

// Opens the terminal's database and returns the greeting, as the native REPL prints it.
const char* ddblab_web_open(const char* path) {
  std::string error;
  g_terminal = ddblab::web::OpenSession(path, 0, true, &error);
  if (!g_terminal) {
    g_reply = "ddblab: " + error + "\n";
    return g_reply.c_str();
  }
  g_terminal->views = ddblab::web::AttachViews(*g_terminal->shell);
  ddblab::shell::Greet(*g_terminal->shell, "");
  g_terminal->sink.Line("It is kept in this browser; .save FILE downloads it.",
                        ddblab::shell::Style::kDim);
  return ddblab::web::Collect(*g_terminal);
}

// Feeds lines the student typed or pasted (separated by '\n'). `typed` is 1 when nothing more is
// waiting (the last line of a paste, or a line typed and ended by Enter): then a statement
// complete on one line runs at once, as in the native REPL. Returns what ran printed.
const char* ddblab_web_feed(const char* text, int typed) {
  if (!g_terminal) return "";
  ddblab::web::WebSession& t = *g_terminal;
  std::string all(text);
  std::vector<std::string> lines;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (!all.empty() && all.back() == '\n') lines.push_back("");
  for (size_t i = 0; i < lines.size() && !t.exited; ++i) {
    const bool more_waiting = i + 1 < lines.size() || typed == 0;
    for (const auto& statement :
         ddblab::shell::TypedLine(*t.shell, t.assembler, lines[i], more_waiting)) {
      ddblab::shell::ClearInterrupt();
      if (t.shell->Execute(statement.text, statement.complete) == ddblab::shell::Outcome::kExit) {
        t.exited = true;
        t.sink.Line("(.quit: close the tab to leave; reload to start again)",
                    ddblab::shell::Style::kDim);
        break;
      }
    }
  }
  return ddblab::web::Collect(t);
}

// The terminal's width in columns: tables and lesson text fit it, as on a native terminal.
void ddblab_web_resize(double columns) {
  ddblab::shell::SetTerminalColumns(columns > 0 ? static_cast<size_t>(columns) : 0);
}

// Drops the statement being gathered (Ctrl-C at the prompt).
void ddblab_web_cancel() {
  if (g_terminal) g_terminal->assembler.Reset();
}

// The prompt to show next: the continuation prompt while a statement is open.
const char* ddblab_web_prompt() {
  if (!g_terminal) return "";
  g_reply = ddblab::shell::NextPrompt(*g_terminal->shell, g_terminal->assembler);
  return g_reply.c_str();
}

// Tab completion: the candidates for `word` after `before` (this line up to the word), one a
// line. Lines of a statement still open come first, as the native REPL completes.
const char* ddblab_web_complete(const char* before, const char* word) {
  g_reply.clear();
  if (!g_terminal) return "";
  const auto& a = g_terminal->assembler;
  std::string context = (a.open() ? a.pending() + "\n" : std::string()) + before;
  bool files = false;
  for (const std::string& c :
       ddblab::shell::CompletionCandidates(*g_terminal->shell, context, word, &files)) {
    g_reply += c + "\n";
  }
  return g_reply.c_str();
}

// Runs `text` as `ddblab --mode jsonl --keep-going [--clock CLOCK] -f` runs a script, on a fresh
// in-memory database; `clock` 0 means the real clock. Returns stdout and stderr interleaved.
const char* ddblab_web_run(const char* text, double clock) {
  std::string error;
  auto session = ddblab::web::OpenSession(":memory:", clock, false, &error);
  if (!session) {
    g_reply = "ddblab: " + error + "\n";
    return g_reply.c_str();
  }
  session->shell->settings().mode = ddblab::shell::FindMode("jsonl")->mode;
  // Lesson progress goes to a folder of the run's own, as the golden sessions' scratch folder,
  // never into the student's.
  static int runs = 0;
  const std::string data = "/tmp/ddblab-run-" + std::to_string(++runs);
  const char* saved = std::getenv("DDBLAB_DATA_DIR");
  const std::string student = saved != nullptr ? saved : "";
  setenv("DDBLAB_DATA_DIR", data.c_str(), 1);
  // As `-f` with its output in a pipe: no terminal, so nothing is cut to a width.
  const size_t columns = ddblab::shell::TerminalColumns();
  ddblab::shell::SetTerminalColumns(0);
  ddblab::shell::ScriptOptions options;
  options.keep_going = true;
  options.name = "ddblab.run";
  std::istringstream in{std::string(text)};
  ddblab::shell::RunScript(*session->shell, in, options);
  setenv("DDBLAB_DATA_DIR", student.c_str(), 1);
  ddblab::shell::SetTerminalColumns(columns);
  return ddblab::web::Collect(*session);
}

// The views' answers, as the page server gives them over HTTP (docs/page.md): `what` is
// "state", "table", "partitions", "simulation" or "calls", `name` the table for the two that
// take one. Returns the HTTP status on the first line, the JSON on the second.
const char* ddblab_web_view(const char* what, const char* name) {
  if (!g_terminal) return "503\n{\"error\":\"the shell is not open\"}";
  ddblab::shell::page::ShellViews& views = *g_terminal->views;
  const std::string w(what);
  ddblab::shell::page::PageAnswer answer =
      w == "state"        ? views.State()
      : w == "table"      ? views.Table(name)
      : w == "partitions" ? views.Partitions(name)
      : w == "simulation" ? views.Simulation()
      : w == "calls"      ? ddblab::shell::page::PageAnswer{200, views.feed().CallsJson()}
                          : ddblab::shell::page::PageAnswer::Fail(404, "no view " + w);
  g_reply = std::to_string(answer.status) + "\n" + answer.json;
  return g_reply.c_str();
}

// The views' statement box (its answer as ddblab_web_view's).
const char* ddblab_web_view_run(const char* text) {
  if (!g_terminal) return "503\n{\"error\":\"the shell is not open\"}";
  ddblab::shell::page::PageAnswer answer = g_terminal->views->Run(text);
  g_terminal->sink.Clear();  // what it printed is in the answer
  g_reply = std::to_string(answer.status) + "\n" + answer.json;
  return g_reply.c_str();
}

// The views' events after event `after`: [{"id": N, "type": T, "data": {...}}, ...].
const char* ddblab_web_events(double after) {
  if (!g_terminal) return "[]";
  g_reply = "[";
  for (const auto& e : g_terminal->views->feed().After(static_cast<uint64_t>(after),
                                                       std::chrono::milliseconds(0))) {
    if (g_reply.size() > 1) g_reply += ",";
    g_reply +=
        "{\"id\":" + std::to_string(e.id) + ",\"type\":\"" + e.type + "\",\"data\":" + e.data + "}";
  }
  g_reply += "]";
  return g_reply.c_str();
}

}  // extern "C"
