// The shell's core: one Shell holds the settings, the backend client and the output sink, and
// executes one complete input (a dot-command, an aws-CLI command, a PartiQL statement or an
// EXPLAIN) at a time. The REPL, scripts, -c and the golden tests all drive it through Execute.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/cli.h"
#include "shell/lab_hooks.h"
#include "shell/output.h"

namespace ddblab::shell {

enum class OutputMode { kTable, kJson, kDdbJson, kJsonl, kLine };
enum class CapacityDisplay { kTotal, kIndexes, kOff };

// Everything `.mode`, `.capacity`, `.timer` and `.echo` change. Defaults are what a script gets.
struct ShellSettings {
  OutputMode mode = OutputMode::kTable;                // .mode
  CapacityDisplay capacity = CapacityDisplay::kTotal;  // .capacity
  bool timer = false;                                  // .timer: elapsed time in the footer
  bool echo = false;                                   // .echo: print each input before running it
};

// How one input was understood.
enum class InputKind { kEmpty, kDot, kCli, kPartiql, kExplain };

// What one aws-CLI command, PartiQL statement or EXPLAIN produced; renderers, the footer, the
// warnings and lesson observers all read this.
struct StatementResult {
  std::string input;
  InputKind kind = InputKind::kEmpty;
  std::string operation;   // "Query", "ExecuteStatement", ...
  std::string subcommand;  // aws-CLI subcommand ("query"), empty for PartiQL
  wire::Json request;      // the (first) request sent
  bool ok = false;
  bool parse_error = false;  // the input did not parse (exit status 252 rather than 254)
  Error error;
  // What to render: the aws CLI's output for a CLI command, the response body for PartiQL, the
  // plan for EXPLAIN.
  wire::Json output;
  std::vector<wire::JsonResult> calls;  // every underlying call, in order
  double elapsed_ms = 0;
};

// The outcome of Execute, in the terms of the process's exit status.
enum class Outcome { kOk, kParseError, kEngineError, kOtherError, kExit };

// Key attribute names of a table or index, in display order (index keys first, then the
// table's), and whether an index is a GSI.
struct KeyInfo {
  std::vector<std::string> key_names;
  bool global_index = false;
};

class Shell : public ShellContext {
 public:
  Shell(std::unique_ptr<wire::Client> client, OutputSink& sink);

  // Runs one complete input (see InputIncomplete) and renders it.
  Outcome Execute(std::string_view input);

  ShellSettings& settings() { return settings_; }
  const ShellSettings& settings() const { return settings_; }

  // Replaces the backend (.open).
  void SetClient(std::unique_ptr<wire::Client> client);

  // The prompt for a fresh statement and for a continuation line.
  std::string Prompt() const;
  std::string ContinuationPrompt() const;

  // Key attributes of `table` (or of `index` on it), from DescribeTable, cached until a control
  // plane call changes the table. Empty when the table does not exist.
  KeyInfo Keys(const std::string& table, const std::string& index);
  // Table names, for completion and .tables.
  std::vector<std::string> TableNames();
  // Index names and all attribute names seen in the table's definition, for completion.
  std::vector<std::string> IndexNames(const std::string& table);
  std::vector<std::string> AttributeNames(const std::string& table);

  // Runs a script file through this shell (.read and -f). Returns the exit status a script run
  // would have.
  int RunScriptFile(const std::string& path, bool keep_going);

  // PartiQL `?` values set by .param, 1-based, as DynamoDB JSON values.
  std::map<int, wire::Json>& params() { return params_; }

  // Where relative file:// paths and .read resolve.
  std::string cwd() const;

  // ShellContext
  OutputSink& sink() override { return sink_; }
  wire::Client& client() override { return *client_; }
  bool Run(std::string_view statement) override;
  void SetPromptTag(std::string tag) override { prompt_tag_ = std::move(tag); }
  void AddObserver(std::shared_ptr<StatementObserver> observer) override;
  void RemoveObserver(const StatementObserver* observer) override;
  const StatementResult* last_statement() const override { return last_ ? &*last_ : nullptr; }

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

  // Renders and reports a finished statement (shared by Execute and More).
  Outcome Finish(StatementResult result, bool notify);

  void InvalidateKeyCache() { key_cache_.clear(); }

  // Script nesting depth, so .read cannot recurse forever.
  int script_depth = 0;
  // What .open uses for a new engine (the clock, region); the path is replaced.
  EngineOptions engine_options;

 private:
  Outcome ExecuteInput(std::string_view input);
  Outcome RunCli(std::string_view input, StatementResult& r);
  Outcome RunPartiql(std::string_view input, StatementResult& r);
  Outcome RunExplain(std::string_view input, StatementResult& r);

  std::unique_ptr<wire::Client> client_;
  OutputSink& sink_;
  ShellSettings settings_;
  std::string prompt_tag_;
  std::map<int, wire::Json> params_;
  std::vector<std::shared_ptr<StatementObserver>> observers_;
  std::optional<StatementResult> last_;
  std::optional<Outcome> last_outcome_;
  bool last_was_statement_ = false;
  // What .more re-runs: the CLI command or PartiQL request of the last paginated read.
  std::optional<CliCommand> more_cli_;
  std::optional<wire::Json> more_partiql_;
  std::string more_input_;
  std::map<std::string, wire::Json> key_cache_;  // table name -> DescribeTable's Table
};

// Classifies an input by its first word.
InputKind ClassifyInput(std::string_view input);

// True when `buffer` (one or more lines) still needs more input: a trailing backslash, an open
// quote, or unbalanced braces/brackets (for PartiQL: '...' strings with '' escapes, "..." names,
// {}, [], <<>>).
bool InputIncomplete(std::string_view buffer);

// Merges several calls' results into one (sums of items and capacity, union of partitions).
wire::JsonResult MergeCalls(const StatementResult& r);

}  // namespace ddblab::shell
