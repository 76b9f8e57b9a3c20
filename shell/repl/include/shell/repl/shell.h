// The REPL's core: one Shell holds the settings, the backend client and the output sink, and
// executes one complete input at a time: dot-commands itself, statements through the session
// (shell/session/session.h), then renders. The REPL, scripts, -c and the golden tests all drive
// it through Execute.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/render/jsonl_text_sink.h"
#include "shell/render/output.h"
#include "shell/render/render_settings.h"
#include "shell/repl/dot_table.h"
#include "shell/repl/extensions.h"
#include "shell/repl/item_generator.h"
#include "shell/session/boundary.h"
#include "shell/session/cli.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

// The outcome of Execute, in the terms of the process's exit status.
enum class Outcome { kOk, kParseError, kEngineError, kOtherError, kExit };

class Shell : public ShellContext {
 public:
  // `dot_commands`: the built-in dot-commands (shell::BuiltInDotCommands(), shell/dot/), which
  // must outlive the shell.
  Shell(std::unique_ptr<wire::Client> client, OutputSink& sink,
        const DotCommandTable& dot_commands);
  // Drops the extensions, followers and listeners (and the threads they own, such as the live
  // page's) before the state they use goes.
  ~Shell() override;
  Shell(const Shell&) = delete;
  Shell& operator=(const Shell&) = delete;

  // Runs one complete input (see InputIncomplete) through the session and renders it.
  // `complete` is false when a script ended while the statement still needed more lines.
  Outcome Execute(std::string_view input, bool complete = true);
  // Execute for text the user did not type (the live page's statement box, a course's lesson
  // answers replayed by `course check`): it may not read or write the machine's files (file://
  // values, and every dot-command that opens a file asks DataFileAccess). `source` names the
  // text in the refusal: "statements sent from the live page".
  Outcome ExecuteUntrusted(std::string_view input, std::string source, bool complete = true);

  ShellSettings& settings() { return settings_; }
  // The width table mode fits into now (settings().width resolved against the terminal).
  size_t OutputWidth() const;
  const ShellSettings& settings() const { return settings_; }

  // Replaces the user's backend (.open); refused (false, message printed) while a lesson has
  // its own database pushed.
  bool SetClient(std::unique_ptr<wire::Client> client);

  // The prompt for a fresh statement and for a continuation line.
  std::string Prompt() const;
  std::string ContinuationPrompt() const;

  // Key attributes of `table` (or of `index` on it), from DescribeTable, cached until a control
  // plane call changes the table. Empty when the table does not exist.
  KeyInfo Keys(const std::string& table, const std::string& index);
  // Table names, for completion and .tables; `user_database` lists the user's own database even
  // while a lesson's or exercise's is in use.
  std::vector<std::string> TableNames(bool user_database = false);
  // What gives the user's database back while a lesson's or exercise's is in use ("" when none
  // is: .lesson quit, ...).
  std::string ScratchHowToLeave() const {
    return pushed_.empty() ? "" : pushed_.back().how_to_leave;
  }
  // The user's own backend (the first), whatever is pushed on top of it.
  wire::Client& user_client() { return *clients_.front(); }
  // DescribeTable's description of `table` (cached with the keys), or null when it does not
  // exist; for the teaching hints (shell/render/hints.h).
  const ddblab::TableDescription* DescribeCached(const std::string& table);
  // Index names and all attribute names seen in the table's definition, for completion.
  std::vector<std::string> IndexNames(const std::string& table);
  std::vector<std::string> AttributeNames(const std::string& table);

  // Runs a script file through this shell (.read and -f). Returns the exit status a script run
  // would have. Messages call the script `name` (its path when empty).
  // `only` set: only the inputs it accepts run (ScriptOptions::only).
  int RunScriptFile(const std::string& path, bool keep_going, const std::string& name = "",
                    std::function<bool(std::string_view input)> only = {});

  // PartiQL `?` values set by .param, 1-based, as DynamoDB JSON values.
  std::map<int, wire::Json>& params() { return params_; }

  // ShellContext
  OutputSink& sink() override { return sink_; }
  wire::Client& client() override { return *clients_.back(); }
  bool Run(std::string_view statement) override;
  void SetPromptTag(std::string tag) override { prompt_tag_ = std::move(tag); }
  void AddObserver(std::shared_ptr<StatementObserver> observer) override;
  void RemoveObserver(const StatementObserver* observer) override;
  int PushClient(std::unique_ptr<wire::Client> client, std::string how_to_leave) override;
  void PopClient(int id) override;
  std::unique_ptr<wire::Client> NewScratchDatabase(std::string description) override;
  std::string cwd() const override;
  FileAccess DataFileAccess() const override;
  void RegisterDotCommand(DotExtension command) override;
  int database_id() const override;
  bool database_live(int id) const override;
  double now() const override;
  void AddStatementFollower(StatementFollower follower) override;

  // The built-in dot-commands the shell was made with.
  const DotCommandTable& dot_commands() const { return dot_commands_; }
  // The dot-commands other front ends registered, by name.
  const std::vector<DotExtension>& extensions() const { return extensions_; }
  // How `.generate --script` opens a generator script. The lab runtime, which owns Lua, sets it
  // when it registers its extensions; until then --script is refused with a message.
  void SetItemGeneratorOpener(ItemGeneratorOpener opener) {
    item_generator_opener_ = std::move(opener);
  }
  const ItemGeneratorOpener& item_generator_opener() const { return item_generator_opener_; }

  // Held while Execute or More runs. Another thread (the live page) takes it before it uses the
  // shell or its client, so it never sees a statement half run or a database being swapped.
  std::recursive_timed_mutex& execution_mutex() { return execution_mutex_; }
  // Sends everything the shell prints to `to` instead of the caller's sink until called with
  // nullptr; the live page's statement box captures a statement's output this way.
  void RedirectOutput(OutputSink* to) { front_.target = to != nullptr ? to : &front_.own; }
  // What a listener hears after each input Execute ran (dot-commands included).
  struct InputDone {
    std::string_view input;
    bool statement = false;  // an aws-CLI, PartiQL or EXPLAIN statement rather than a dot-command
    Outcome outcome = Outcome::kOk;
  };
  using InputListener = std::function<void(const InputDone&)>;
  void AddInputListener(InputListener listener);
  // True while lesson code runs statements (Run), false for what the user typed.
  bool running_lesson_code() const { return lesson_code_depth_ > 0; }

  // The last statement that can be continued with .more, if any.
  bool HasMorePages() const;
  // Runs the next page of the last paginated read (.more).
  Outcome More();

  // The last aws-CLI, PartiQL or EXPLAIN statement run (for .check).
  const std::optional<StatementResult>& last() const { return last_; }
  // Outcome of the last input of any kind other than .check, and whether it was a statement
  // (rather than a dot-command); empty before the first input.
  std::optional<Outcome> last_outcome() const { return last_outcome_; }
  bool last_was_statement() const { return last_was_statement_; }

  void InvalidateKeyCache() { key_cache_.clear(); }

  // Script nesting depth, so .read cannot recurse forever.
  int script_depth = 0;
  // What .open uses for a new engine (the clock, region); the path is replaced.
  EngineOptions engine_options;

 private:
  // Adds the teaching hint (shell/render/hints.h) after the session's own.
  void AddTeachingHint(StatementResult& r);
  // Runs a statement (or the next page of one) with its items streamed to the output as pages
  // arrive and Ctrl-C checked between pages, then renders and reports it.
  Outcome RunStreamed(const std::string& statement,
                      const std::function<StatementResult(const PageStream*)>& run);

  // Forwards to the caller's sink, or to where RedirectOutput points.
  struct ForwardingSink : OutputSink {
    explicit ForwardingSink(OutputSink& sink) : own(sink), target(&sink) {
      set_color(sink.color());
    }
    void Write(Stream stream, std::string_view text) override { target->Write(stream, text); }
    OutputSink& own;
    OutputSink* target;
  };

  // First, so it outlives everything that may be waiting for it.
  std::recursive_timed_mutex execution_mutex_;
  // The user's backend first; a lesson's or an exercise's own database on top while in use.
  std::vector<std::unique_ptr<wire::Client>> clients_;
  // For each client after the first: its PushClient id and what gives the user's database back.
  struct Pushed {
    int id;
    std::string how_to_leave;
  };
  std::vector<Pushed> pushed_;
  int next_push_id_ = 1;
  // The user's database's id (database_id): 0, then -1, -2, ... after each .open.
  int user_database_id_ = 0;
  // The sink everything is printed through: the caller's (or a redirect), with dot-command text
  // wrapped as JSON objects in jsonl mode.
  ForwardingSink front_;
  JsonlTextSink guard_;
  OutputSink& sink_;
  ShellSettings settings_;
  std::string prompt_tag_;
  std::map<int, wire::Json> params_;
  std::vector<std::shared_ptr<StatementObserver>> observers_;
  std::vector<StatementFollower> followers_;
  std::vector<InputListener> input_listeners_;
  const DotCommandTable& dot_commands_;
  std::vector<DotExtension> extensions_;
  ItemGeneratorOpener item_generator_opener_;
  std::optional<StatementResult> last_;
  std::optional<Outcome> last_outcome_;
  bool last_was_statement_ = false;
  std::map<std::string, ddblab::TableDescription> key_cache_;  // table name -> DescribeTable's
  int lesson_code_depth_ = 0;     // Run calls in progress (lesson code running statements)
  int untrusted_depth_ = 0;       // ExecuteUntrusted calls in progress
  std::string untrusted_source_;  // what the outermost of them runs, for refusals
};

}  // namespace ddblab::shell
