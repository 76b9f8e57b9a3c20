// What the live page shows of one shell (docs/page.md): its tables, each index's view of them,
// every call with its cost and partitions, the last simulation, and the statement box. It hears
// the shell's statements and inputs and answers the page's questions as JSON; how the answers
// reach a browser is someone else's job: over HTTP for `.ui` (shell/page/), by direct calls in
// the browser build (shell/web/).
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "shell/repl/shell.h"
#include "shell/views/event_feed.h"

namespace ddblab::shell::page {

// A JSON answer, or an error with its HTTP status.
struct PageAnswer {
  int status = 200;
  std::string json;
  // Text that is not UTF-8 (a statement's echo of bytes typed in the box) is replaced, not
  // refused: the page still gets its answer.
  static PageAnswer Ok(const wire::Json& body) { return {200, Dump(body)}; }
  static PageAnswer Fail(int status, const std::string& message) {
    return {status, Dump(wire::Json{{"error", message}})};
  }
  static std::string Dump(const wire::Json& j) {
    return j.dump(-1, ' ', false, wire::Json::error_handler_t::replace);
  }
  // A client's error: 404 for a table that is not there, 502 for anything else it refused.
  static PageAnswer FromError(const Error& e) {
    const int status = e.type == ErrorType::kResourceNotFoundException ? 404 : 502;
    return Fail(status, std::string(ErrorTypeName(e.type)) + ": " + e.message);
  }
};

// What the page reads (docs/page.md: api/state, api/table, api/partitions, api/simulation,
// api/run); a server calls it from its threads, so each takes its own locks.
class PageBackend {
 public:
  virtual ~PageBackend() = default;
  virtual PageAnswer State() = 0;
  virtual PageAnswer Table(const std::string& name) = 0;
  virtual PageAnswer Partitions(const std::string& name) = 0;
  virtual PageAnswer Simulation() = 0;
  // The statement box (403 unless it is on).
  virtual PageAnswer Run(const std::string& statement) = 0;
  // api/class: the students of a class (ClassRoll::Rows), or null where there is no class.
  virtual PageAnswer Class() { return PageAnswer::Ok(nullptr); }
};

// The page's side of one shell. Reads run under the shell's execution lock, so a page never
// sees a statement half run.
class ShellViews final : public PageBackend {
 public:
  explicit ShellViews(Shell& shell) : shell_(shell) {}

  // Hooks the shell calls (registered by whoever shows the page).
  void OnStatement(const StatementResult& r);
  void OnInput(const Shell::InputDone& done);
  void SetSimulation(wire::Json simulation);

  // A page is shown (or no longer): events are built only while one is. Calls before it count
  // in what the session spent, so the page's total is the shell's whole session.
  void SetShown(bool shown);
  bool shown() const { return shown_.load(); }
  // A page being taken down: reads waiting for the shell give up.
  void SetStopping(bool stopping) { stopping_.store(stopping); }
  // The statement box on or off; an open page is told.
  void SetStatements(bool on);
  bool statements() const { return statements_.load(); }

  EventFeed& feed() { return feed_; }

  PageAnswer State() override;
  PageAnswer Table(const std::string& name) override;
  PageAnswer Partitions(const std::string& name) override;
  PageAnswer Simulation() override;
  PageAnswer Run(const std::string& text) override;

 private:
  template <class F>
  PageAnswer WithShell(F f);

  Shell& shell_;
  EventFeed feed_;
  std::atomic<bool> statements_{false};
  std::atomic<bool> shown_{false};  // a page is shown: events are worth building
  std::atomic<bool> stopping_{false};
  std::atomic<bool> from_page_{false};  // the statement box is running a statement
  int database_seen_ = 0;
  std::mutex simulation_mutex_;
  std::optional<wire::Json> simulation_;
};

}  // namespace ddblab::shell::page
