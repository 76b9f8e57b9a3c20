// `.ui`: the live page of one shell, served over HTTP. What it shows comes from the shell's
// views (shell/views/shell_views.h), which hear every statement the shell runs (a statement
// follower) and every other input (an input listener).
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "page_server.h"
#include "shell/page/page.h"
#include "shell/repl/shell.h"
#include "shell/views/shell_views.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;

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

class ShellPageImpl final : public ShellPage {
 public:
  explicit ShellPageImpl(Shell& shell) : shell_(shell), views_(shell) {}
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
    if (statements) views_.SetStatements(*statements);
    if (server_ && port && *port != server_->port()) {
      out.ErrLine(".ui: the page already runs on port " + std::to_string(server_->port()) +
                  "; .ui stop first, then .ui --port " + std::to_string(*port));
      return false;
    }
    if (!server_) {
      Result<std::unique_ptr<PageServer>> started =
          PageServer::Start(views_, views_.feed(), port.value_or(0));
      if (!started.ok()) {
        out.ErrLine(".ui: " + started.error().message +
                    " (choose another --port, or leave it out for a free one)");
        return false;
      }
      server_ = std::move(started).value();
      views_.SetShown(true);
    }
    out.Line("page: " + server_->url());
    out.Line(views_.statements()
                 ? "(with a statement box: its statements run in this shell; .ui --read-only "
                   "removes it, .ui stop closes the page)"
                 : "(read-only; .ui --statements adds a statement box, .ui stop closes the page)");
    return true;
  }

  void OnStatement(const StatementResult& r) { views_.OnStatement(r); }
  void OnInput(const Shell::InputDone& done) { views_.OnInput(done); }
  void SetSimulation(Json simulation) override { views_.SetSimulation(std::move(simulation)); }

 private:
  void Stop() {
    views_.SetShown(false);
    views_.SetStopping(true);
    server_.reset();
    views_.SetStopping(false);
  }

  Shell& shell_;
  ShellViews views_;
  std::unique_ptr<PageServer> server_;
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
