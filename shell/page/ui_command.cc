// `.ui`: the live page of one shell. It hears every statement the shell runs (a statement
// follower) and every other input (an input listener), and reads tables through the shell's
// client under the shell's execution lock, so it never sees a statement half run.
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "call_event.h"
#include "page_server.h"
#include "shell/page/page.h"
#include "shell/render/render.h"
#include "shell/repl/shell.h"
#include "shell/session/boundary.h"
#include "table_view.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;
using Clock = std::chrono::steady_clock;

// How long a page request waits for a statement the shell is running before it says so.
constexpr auto kShellWait = std::chrono::seconds(5);

constexpr const char* kUiUsage = ".ui [--statements|--read-only] [--port N], or .ui stop";

// 1 to 65535 in plain digits, else nothing.
std::optional<int> PortNumber(const std::string& text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n < 1 || n > 65535) return std::nullopt;
  return n;
}

double WallClock() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Terminal styling has no place in the page: the statement box shows plain text.
std::string WithoutEscapes(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      size_t end = text.find_first_of("ABCDEFGHJKSTfmnsu", i + 2);
      if (end != std::string::npos) {
        i = end;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

class ShellPageImpl final : public ShellPage, public PageBackend {
 public:
  explicit ShellPageImpl(Shell& shell) : shell_(shell) {}
  ~ShellPageImpl() override { Stop(); }

  // .ui [--statements|--read-only] [--port N] | .ui stop
  bool Command(const std::vector<std::string>& args) {
    OutputSink& out = shell_.sink();
    std::optional<bool> statements;
    std::optional<int> port;
    bool stop = false;
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--statements") {
        statements = true;
      } else if (a == "--read-only") {
        statements = false;
      } else if (a == "stop") {
        stop = true;
      } else if (a == "--port" || a.starts_with("--port=")) {
        const bool inline_value = a != "--port";
        if (!inline_value && i + 1 == args.size()) {
          out.ErrLine(".ui: --port needs a port number from 1 to 65535");
          return false;
        }
        const std::string value = inline_value ? a.substr(7) : args[++i];
        port = PortNumber(value);
        if (!port) {
          out.ErrLine(".ui: --port needs a port number from 1 to 65535, not '" + value + "'");
          return false;
        }
      } else {
        out.ErrLine(".ui: unknown argument " + a + " (usage: " + kUiUsage + ")");
        return false;
      }
    }
    if (stop && (statements || port)) {
      out.ErrLine(".ui: stop takes no options (usage: " + std::string(kUiUsage) + ")");
      return false;
    }
    if (stop) {
      if (!server_) {
        out.Line("the page is not running");
        return true;
      }
      Stop();
      out.Line("page stopped");
      return true;
    }
    if (statements && statements_.exchange(*statements) != *statements && server_) {
      // An open page shows or hides its statement box.
      feed_.Publish("database", Json{{"database", shell_.client().Describe()}});
    }
    if (server_ && port && *port != server_->port()) {
      out.ErrLine(".ui: the page already runs on port " + std::to_string(server_->port()) +
                  "; .ui stop first, then .ui --port " + std::to_string(*port));
      return false;
    }
    if (!server_) {
      Result<std::unique_ptr<PageServer>> started =
          PageServer::Start(*this, feed_, port.value_or(0));
      if (!started.ok()) {
        out.ErrLine(".ui: " + started.error().message +
                    " (choose another --port, or leave it out for a free one)");
        return false;
      }
      server_ = std::move(started).value();
      database_seen_ = shell_.database_id();
      publishing_.store(true);
    }
    out.Line("page: " + server_->url());
    out.Line(statements_.load()
                 ? "(with a statement box: its statements run in this shell; .ui --read-only "
                   "removes it, .ui stop closes the page)"
                 : "(read-only; .ui --statements adds a statement box, .ui stop closes the page)");
    return true;
  }

  // Every statement the shell ran, as the call log shows it.
  // Calls before the page started count in what the session spent, so the page's total is the
  // shell's whole session.
  void OnStatement(const StatementResult& r) {
    if (!publishing_.load()) {
      const CallSpend spend = SpendOf(r.merged().capacity);
      feed_.Count(spend.read_half_units, spend.write_half_units);
      return;
    }
    RenderContext ctx;
    ctx.settings = shell_.settings();
    ctx.keys = [this](const std::string& t, const std::string& i) { return shell_.Keys(t, i); };
    const char* source = from_page_.load()              ? "page"
                         : shell_.running_lesson_code() ? "lesson"
                                                        : "shell";
    Json call = CallFromStatement(r, ctx, source, WallClock());
    const std::string op = call.value("operation", "");
    feed_.Publish("call", std::move(call));
    if (r.ok && MayChangeTables(op)) feed_.Publish("tables", Json::object());
  }

  // Any input: a dot-command may have changed tables (.import) or the database (.open, .lesson).
  void OnInput(const Shell::InputDone& done) {
    if (!publishing_.load()) return;
    if (shell_.database_id() != database_seen_) {
      database_seen_ = shell_.database_id();
      feed_.Publish("database", Json{{"database", shell_.client().Describe()}});
    } else if (!done.statement) {
      feed_.Publish("tables", Json::object());
    }
  }

  void SetSimulation(Json simulation) override {
    {
      std::lock_guard<std::mutex> lock(simulation_mutex_);
      simulation_ = std::move(simulation);
    }
    if (publishing_.load()) feed_.Publish("simulation", Json::object());
  }

  PageAnswer State() override {
    return WithShell([&] {
      Result<Json> names = TableNames(shell_.client());
      if (!names.ok()) return PageAnswer::FromError(names.error());
      return PageAnswer::Ok({{"source", "shell"},
                             {"database", shell_.client().Describe()},
                             {"statements", statements_.load()},
                             {"tables", std::move(*names)}});
    });
  }

  PageAnswer Table(const std::string& name) override {
    return WithShell([&] {
      Result<Json> view = TableView(shell_.client(), name);
      return view.ok() ? PageAnswer::Ok(*view) : PageAnswer::FromError(view.error());
    });
  }

  PageAnswer Partitions(const std::string& name) override {
    return WithShell([&] {
      Result<Json> maps = PartitionMaps(shell_.client(), name);
      return maps.ok() ? PageAnswer::Ok(*maps) : PageAnswer::FromError(maps.error());
    });
  }

  PageAnswer Simulation() override {
    std::lock_guard<std::mutex> lock(simulation_mutex_);
    return PageAnswer::Ok(simulation_ ? *simulation_ : Json(nullptr));
  }

  PageAnswer Run(const std::string& text) override {
    if (!statements_.load()) {
      return PageAnswer::Fail(403, "the statement box is off: type .ui --statements in the shell");
    }
    const InputKind kind = ClassifyInput(text);
    if (kind == InputKind::kEmpty) return PageAnswer::Fail(400, "type a statement first");
    if (kind == InputKind::kDot) {
      return PageAnswer::Fail(400,
                              "the page runs statements (aws-CLI, PartiQL, EXPLAIN); "
                              "dot-commands stay in the terminal");
    }
    return WithShell([&] {
      CaptureSink captured;
      shell_.RedirectOutput(&captured);
      from_page_.store(true);
      const Outcome outcome = shell_.ExecuteUntrusted(text, "statements sent from the live page");
      from_page_.store(false);
      shell_.RedirectOutput(nullptr);
      return PageAnswer::Ok(
          {{"ok", outcome == Outcome::kOk}, {"output", WithoutEscapes(captured.all())}});
    });
  }

 private:
  // Runs `f` holding the shell's execution lock; a shell busy for longer than kShellWait (a
  // long .simulate), or a page being stopped, gets 503 instead of a hung request.
  template <class F>
  PageAnswer WithShell(F f) {
    std::unique_lock<std::recursive_timed_mutex> lock(shell_.execution_mutex(), std::defer_lock);
    const Clock::time_point give_up = Clock::now() + kShellWait;
    while (!lock.try_lock_for(std::chrono::milliseconds(100))) {
      if (stopping_.load() || Clock::now() >= give_up) {
        return PageAnswer::Fail(503, "the shell is busy running something; try again");
      }
    }
    if (stopping_.load()) return PageAnswer::Fail(503, "the page is stopping");
    return f();
  }

  void Stop() {
    publishing_.store(false);
    stopping_.store(true);
    server_.reset();
    stopping_.store(false);
  }

  Shell& shell_;
  EventFeed feed_;
  std::unique_ptr<PageServer> server_;
  std::atomic<bool> statements_{false};
  std::atomic<bool> publishing_{false};  // a page is running: events are worth building
  std::atomic<bool> stopping_{false};
  std::atomic<bool> from_page_{false};  // the statement box is running a statement
  int database_seen_ = 0;
  std::mutex simulation_mutex_;
  std::optional<Json> simulation_;
};

}  // namespace

std::shared_ptr<ShellPage> RegisterPageDotCommand(Shell& shell) {
  auto page = std::make_shared<ShellPageImpl>(shell);
  shell.RegisterDotCommand(DotExtension{
      ".ui", ".ui [--port N|--statements|stop|...]",
      "open the live page for the classroom (prints its URL)",
      "  The page shows this shell's tables as item collections, each index's view of them,\n"
      "  every call with its cost and partitions, and the partition heat map (docs/page.md).\n"
      "  It listens on 127.0.0.1 only, behind a random token in the URL. --statements adds a\n"
      "  box whose statements run in this shell; --read-only removes it. --port N listens on\n"
      "  port N (1 to 65535) instead of a free one; .ui stop closes the page.",
      [page](ShellContext&, const std::vector<std::string>& args) { return page->Command(args); }});
  shell.AddStatementFollower([page](StatementResult& r, ShellContext&) { page->OnStatement(r); });
  shell.AddInputListener([page](const Shell::InputDone& done) { page->OnInput(done); });
  return page;
}

}  // namespace ddblab::shell::page
