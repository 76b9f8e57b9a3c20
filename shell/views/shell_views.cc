// The page's side of one shell: events from what the shell runs, JSON answers from its client.
#include "shell/views/shell_views.h"

#include <chrono>
#include <mutex>
#include <utility>

#include "shell/render/render.h"
#include "shell/session/boundary.h"
#include "shell/views/call_event.h"
#include "shell/views/table_view.h"

namespace ddblab::shell::page {
namespace {

using wire::Json;
using Clock = std::chrono::steady_clock;

// How long a page request waits for a statement the shell is running before it says so.
constexpr auto kShellWait = std::chrono::seconds(5);

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

}  // namespace

// Every statement the shell ran, as the call log shows it.
void ShellViews::OnStatement(const StatementResult& r) {
  if (!shown_.load()) {
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
void ShellViews::OnInput(const Shell::InputDone& done) {
  if (!shown_.load()) return;
  if (shell_.database_id() != database_seen_) {
    database_seen_ = shell_.database_id();
    feed_.Publish("database", Json{{"database", shell_.client().Describe()}});
  } else if (!done.statement) {
    feed_.Publish("tables", Json::object());
  }
}

void ShellViews::SetSimulation(Json simulation) {
  {
    std::lock_guard<std::mutex> lock(simulation_mutex_);
    simulation_ = std::move(simulation);
  }
  if (shown_.load()) feed_.Publish("simulation", Json::object());
}

void ShellViews::SetShown(bool shown) {
  if (shown) database_seen_ = shell_.database_id();
  shown_.store(shown);
}

void ShellViews::SetStatements(bool on) {
  // An open page shows or hides its statement box.
  if (statements_.exchange(on) != on && shown_.load()) {
    feed_.Publish("database", Json{{"database", shell_.client().Describe()}});
  }
}

PageAnswer ShellViews::State() {
  return WithShell([&] {
    Result<Json> names = TableNames(shell_.client());
    if (!names.ok()) return PageAnswer::FromError(names.error());
    return PageAnswer::Ok({{"source", "shell"},
                           {"database", shell_.client().Describe()},
                           {"statements", statements_.load()},
                           {"tables", std::move(*names)}});
  });
}

PageAnswer ShellViews::Table(const std::string& name) {
  return WithShell([&] {
    Result<Json> view = TableView(shell_.client(), name);
    return view.ok() ? PageAnswer::Ok(*view) : PageAnswer::FromError(view.error());
  });
}

PageAnswer ShellViews::Partitions(const std::string& name) {
  return WithShell([&] {
    Result<Json> maps = PartitionMaps(shell_.client(), name);
    return maps.ok() ? PageAnswer::Ok(*maps) : PageAnswer::FromError(maps.error());
  });
}

PageAnswer ShellViews::Simulation() {
  std::lock_guard<std::mutex> lock(simulation_mutex_);
  return PageAnswer::Ok(simulation_ ? *simulation_ : Json(nullptr));
}

PageAnswer ShellViews::Run(const std::string& text) {
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

// Runs `f` holding the shell's execution lock; a shell busy for longer than kShellWait (a long
// .simulate), or a page being stopped, gets 503 instead of a hung request.
template <class F>
PageAnswer ShellViews::WithShell(F f) {
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

}  // namespace ddblab::shell::page
