// `ddblab serve --init FILE`: the script runs through a shell of its own on the served engine
// (the same statements and dot-commands as `-f`), and the stream handlers it attaches then run on
// a thread of their own, woken by the engine's commit notifications, so a handler sees the
// writes of every client (SDKs, the aws CLI, the page) as it sees a shell user's.
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "ddblab/wire.h"
#include "repl_commands.h"
#include "shell/dot/dot_commands.h"
#include "shell/lab/lab_commands.h"
#include "shell/render/output.h"
#include "shell/repl/shell.h"
#include "streams/dot_command.h"
#include "streams/handlers.h"

namespace ddblab::lab {
namespace {

// Batching windows end without a commit to wake the handlers: while records wait, they are
// looked at this often.
constexpr std::chrono::milliseconds kHandlerTick{1000};
// What the handlers did goes to the log at most this often (a failure at once): a class
// writing all day would otherwise get a line for every commit. The page gets every run.
constexpr std::chrono::seconds kReportEvery{10};

// The shell's output, handed to the log a whole line at a time.
class LogLines final : public shell::OutputSink {
 public:
  explicit LogLines(ServedScriptLog log) : log_(std::move(log)) {}
  void Write(shell::Stream, std::string_view text) override {
    pending_ += text;
    const size_t end = pending_.rfind('\n');
    if (end == std::string::npos) return;
    log_(pending_.substr(0, end + 1), nullptr);
    pending_.erase(0, end + 1);
  }

 private:
  ServedScriptLog log_;
  std::string pending_;
};

class Served final : public ServedScript {
 public:
  Served(std::shared_ptr<Engine> engine, ServedScriptLog log)
      : engine_(std::move(engine)), log_(log), sink_(std::move(log)) {}

  ~Served() override {
    if (subscription_) engine_->Unsubscribe(*subscription_);
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    if (handlers_.joinable()) handlers_.join();
  }

  Status Start(const std::string& file, bool existed) {
    shell_ =
        std::make_unique<shell::Shell>(wire::MakeEmbeddedClient(engine_, "the served database"),
                                       sink_, shell::BuiltInDotCommands());
    RegisterLab(*shell_, {}, &run_handlers_);
    // On a database an earlier run set up, creating its tables again would fail: what persists
    // is kept, and only the attachments, which live in this process, are made again.
    int skipped = 0;
    std::function<bool(std::string_view)> only;
    if (existed) {
      only = [&skipped](std::string_view input) {
        const size_t start = input.find_first_not_of(" \t\r\n");
        const std::string_view rest =
            start == std::string_view::npos ? std::string_view() : input.substr(start);
        const bool stream = rest.starts_with(".stream") &&
                            (rest.size() == 7 || std::isspace(static_cast<unsigned char>(rest[7])));
        if (!stream) ++skipped;
        return stream;
      };
    }
    if (int status = shell_->RunScriptFile(file, false, file, only); status != 0) {
      return ValidationError("the script stopped on an error (exit status " +
                             std::to_string(status) + "; the error is above)");
    }
    if (existed) {
      log_(
          "--init: the database was there before this server opened it, so its tables and "
          "items stay as an earlier run left them: only the script's .stream lines ran (" +
              std::to_string(skipped) +
              " other statements passed over; remove the database file to run them again)\n",
          nullptr);
    }
    DDB_ASSIGN_OR_RETURN(int id, engine_->Subscribe([this](const Commit&) { Wake(); }));
    subscription_ = id;
    handlers_ = std::thread([this] { RunHandlers(); });
    return OkStatus();
  }

 private:
  void Wake() {
    {
      std::lock_guard lock(mutex_);
      due_ = true;
    }
    wake_.notify_one();
  }

  // The handlers' thread: after commits (and each tick while something waits), a run. The page
  // hears of every run that did something; the log hears of the first at once, then of what
  // the runs did together every kReportEvery, and of a failure at once.
  void RunHandlers() {
    using Clock = std::chrono::steady_clock;
    Clock::time_point told = Clock::now() - kReportEvery;
    wire::Json untold;
    bool ticking = true;
    std::unique_lock lock(mutex_);
    while (!stop_) {
      if (ticking) {
        wake_.wait_for(lock, kHandlerTick, [this] { return stop_ || due_; });
      } else {
        wake_.wait(lock, [this] { return stop_ || due_; });
      }
      if (stop_) break;
      due_ = false;
      lock.unlock();
      wire::Json summary = run_handlers_ ? run_handlers_(*shell_) : wire::Json();
      if (Eventful(summary)) {
        log_("", summary);
        untold = streams::CombineRuns(untold, summary);
      }
      if (!untold.is_null() &&
          (streams::RunNeedsTelling(summary) || Clock::now() - told >= kReportEvery)) {
        log_(streams::DescribeRun(untold), nullptr);
        untold = nullptr;
        told = Clock::now();
      }
      // Ticks only while something waits for time: records held by a batching window or a
      // retry, handlers that did not catch up, a report not yet told. Otherwise the thread
      // sleeps until a commit (a class server holds a thread per student database).
      ticking = !untold.is_null() || (summary.is_object() && (summary.value("pending", 0.0) > 0 ||
                                                              summary.value("more", false)));
      lock.lock();
    }
    // What the last runs did is told before the server stops, not lost with the thread.
    if (!untold.is_null()) log_(streams::DescribeRun(untold), nullptr);
  }

  // Whether a run is worth telling the page of: it invoked, filtered, failed or holds records.
  static bool Eventful(const wire::Json& s) {
    if (!s.is_object()) return false;
    for (const char* key : {"invocations", "filtered", "failed", "pending", "discarded"}) {
      if (s.value(key, 0.0) > 0) return true;
    }
    return s.contains("errors") && s["errors"].is_array() && !s["errors"].empty();
  }

  std::shared_ptr<Engine> engine_;
  ServedScriptLog log_;
  LogLines sink_;
  std::unique_ptr<shell::Shell> shell_;
  std::function<wire::Json(shell::ShellContext&)> run_handlers_;
  std::optional<int> subscription_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stop_ = false;
  std::thread handlers_;
};

}  // namespace

Result<std::unique_ptr<ServedScript>> StartServedScript(std::shared_ptr<Engine> engine,
                                                        const std::string& file,
                                                        ServedScriptLog log, bool existed) {
  auto served = std::make_unique<Served>(std::move(engine), std::move(log));
  DDB_TRY(served->Start(file, existed));
  return std::unique_ptr<ServedScript>(std::move(served));
}

}  // namespace ddblab::lab
