// The session tier: THE way text becomes DynamoDB calls. Every front door (the REPL, -c/-f
// scripts, .read, jsonl output, lesson steps and `ddb.run`, `.exercise`, `ddblab grade`) hands
// text to this tier and gets back one StatementResult; none of them classifies, joins lines or
// parses on its own, so the same text makes the same calls everywhere.
//
// Tier order (held by the build, named by scripts/lint): lab, serve -> repl -> render ->
// session (shell/session/, with the aws-CLI parser in shell/session/cli/) -> client
// (ddblab/wire.h) -> the engine's public API. The session never renders and never prints.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddblab/wire.h"
#include "shell/session/cli.h"

namespace ddblab::shell {

// How one input was understood.
//   kDot      a dot-command (`.mode json`); the session does not run these, the REPL does
//   kCli      an aws-CLI command (`aws dynamodb query ...`, or just `query ...`)
//   kPartiql  a PartiQL statement (SELECT, INSERT, UPDATE, DELETE, EXISTS)
//   kExplain  EXPLAIN <statement>
//   kCall     a raw DynamoDB call made by Lua code (`ddb.call`), no text
enum class InputKind { kEmpty, kDot, kCli, kPartiql, kExplain, kCall };

// "cli", "partiql", "explain", "call", "dot" or "" (the names lesson checks see).
std::string_view InputKindName(InputKind kind);

// What the REPL's .more runs next: the rest of a paginated read.
struct NextPage {
  std::optional<CliCommand> cli;  // an aws-CLI read, with its token/ExclusiveStartKey set
  std::optional<ExecuteStatementRequest> partiql;  // with its NextToken set
};

// What one aws-CLI command, PartiQL statement, EXPLAIN or raw call produced. Renderers, the
// footer, the warnings, lesson checks and the grader all read this one value.
struct StatementResult {
  std::string input;  // the statement as written (continuation lines included), trimmed
  InputKind kind = InputKind::kEmpty;
  std::string operation;   // "Query", "ExecuteStatement", ...
  std::string subcommand;  // aws-CLI subcommand ("query"), empty otherwise
  // The (first) request as written, as JSON (hints read input that did not decode; lesson
  // records show it). An aws-CLI command that took the fast path keeps its words instead, and
  // they are parsed here on first use, as the full path would have parsed them.
  const wire::Json& request() const;
  void set_request(wire::Json request);
  void set_request_words(std::vector<std::string> words);
  // The (first) request sent, typed: unset when the input did not decode into one (or for EXPLAIN
  // and ddblab's extension operations). Warnings and write summaries read this.
  std::optional<Request> sent;
  bool ok = false;
  bool parse_error = false;  // the input did not parse (exit status 252 rather than 254)
  Error error;
  // ddblab's own explanation of the error, shown after DynamoDB's unchanged message (empty when
  // there is nothing to add): how to finish a statement that was cut short, what an empty
  // PartiQL parse detail means.
  std::string hint;
  // What the statement returned, typed: the response of a PartiQL statement or raw call, and
  // for an aws-CLI read its pages merged as the aws CLI merges them (items concatenated, counts
  // summed, the first page's ConsumedCapacity, no LastEvaluatedKey). Empty when !ok.
  std::optional<Response> response;
  // The NextToken the aws CLI prints when --max-items (or Ctrl-C) stopped a read.
  std::optional<std::string> next_token;
  // EXPLAIN's plan or a ddblab extension operation's answer: a JSON document, not a response.
  wire::Json document;
  // The response as JSON, as the json renderers, Lua code and lesson checks see it: what the
  // aws CLI prints for a CLI command, the response body for PartiQL and raw calls, the plan for
  // EXPLAIN; null when !ok. Rendered once, on first use, so a front end that reads only the
  // typed response never pays for it.
  const wire::Json& output() const;
  // Every underlying call, in order; their responses moved to `response`.
  std::vector<CallResult> calls;
  // The calls merged (see MergeCalls): summed items and capacity, union of partitions. Merged on
  // first use, like output(), so a statement that nothing renders or inspects never pays for it.
  const CallResult& merged() const;
  double elapsed_ms = 0;
  std::optional<NextPage> next_page;  // set when the read has more pages
  // Items a long read handed to RunOptions::stream as they arrived; they are not in `output`.
  int64_t streamed_items = 0;
  // The read was stopped between pages (Ctrl-C); next_page resumes it.
  bool interrupted = false;
  // What the stream handlers attached to the database did after this statement (set by the
  // shell's statement followers; lessons/README.md, `r.stream`); null when none is attached.
  wire::Json stream;

 private:
  // What output() and merged() computed. A copy starts without it, so a copy whose calls,
  // response or document are then changed computes its own.
  template <typename T>
  struct Cache {
    mutable std::optional<T> value;
    Cache() = default;
    Cache(const Cache&) {}
    Cache(Cache&&) noexcept = default;
    Cache& operator=(const Cache&) {
      value.reset();
      return *this;
    }
    Cache& operator=(Cache&&) noexcept = default;
  };
  Cache<wire::Json> output_json_;
  Cache<CallResult> merged_;
  mutable wire::Json request_;
  // The words of a fast-path aws-CLI command, until request() parses them into request_.
  mutable std::vector<std::string> request_words_;
};

// Merges several calls' results into one: items, bytes and capacity summed (capacity per
// table), partitions united, the first call's operation, table and index. StatementResult::merged
// keeps it; nothing else merges calls.
CallResult MergeCalls(const StatementResult& r);

}  // namespace ddblab::shell
