// The aws-CLI-style command language: `[aws] [dynamodb] <subcommand> --option value ...`, as
// printed in course material, mapped onto DynamoDB JSON requests and the aws CLI's own output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "shell/session/file_access.h"

namespace ddblab::shell {

// Splits one (possibly multi-line) command into words as a POSIX shell would: single quotes,
// double quotes, backslash escapes, backslash-newline joins lines. Unbalanced quotes are an
// error.
Result<std::vector<std::string>> SplitWords(std::string_view text);

// Why `text` is an incomplete command (a trailing backslash, an unclosed quote, or more opening
// than closing braces/brackets outside quotes), as a phrase for messages; empty when complete.
// shell/session/boundary.h applies it as part of the one statement-boundary rule.
std::string CliIncompleteReason(std::string_view text);

// Where CliIncompleteReason can pick up again when the text grows by appended lines: the state
// at the start of the last complete line it saw. Start from {} for a new statement.
struct CliScanResume {
  size_t pos = 0;
  int depth = 0;
  char open_bracket = 0;
  bool in_word = false;
  char quote = 0;  // 0, ' or "
};
std::string CliIncompleteReason(std::string_view text, CliScanResume* resume);
bool NeedsContinuation(std::string_view text);

struct CliCommand {
  std::string subcommand;  // "query"
  std::string operation;   // "Query"
  wire::Json request;      // the DynamoDB JSON request body
  // `wait` only: the waiter, "table-exists" or "table-not-exists" (the request is DescribeTable's).
  std::string waiter;
  // aws CLI pagination controls (not sent to DynamoDB).
  std::optional<int64_t> max_items;
  std::optional<std::string> starting_token;
  std::optional<int64_t> page_size;
  bool no_paginate = false;
};

// Parses the words of one command. Errors carry the aws CLI's kind of message (unknown
// subcommand or option, with a suggestion; invalid JSON or shorthand), with type
// ValidationException and Error::column = -252: a negative column marks an error of the CLI
// itself rather than of DynamoDB, and its negation is the exit code the aws CLI gives (252 for
// every usage or parameter error). file:// values are read under `files`.
// Besides the 18 subcommands, `wait table-exists|table-not-exists --table-name T` parses (the
// course notes use it). Ignored on purpose: --region, --endpoint-url, --profile, --output,
// --query (no JMESPath is applied), --no-cli-pager, --cli-read-timeout, --debug, --color, ...
Result<CliCommand> ParseCliCommand(const std::vector<std::string>& words, const FileAccess& files);

// Runs a parsed command the way the aws CLI does (auto-pagination of query/scan/list-tables
// merging Items, Count, ScannedCount and ConsumedCapacity; --max-items/--starting-token giving a
// NextToken) and returns the JSON the aws CLI would print, plus every underlying call's result
// (for footers and traces).
// ConsumedCapacity in the merged output is the first page's, as the aws CLI prints it (a
// non-aggregate key); the footer should sum `calls` instead.
struct CliOutcome {
  bool ok = false;
  // Items that went to a PageStream instead of into `response` (see PageStream), and whether
  // the read stopped early because PageStream::more said so; `next_token` then resumes it.
  int64_t streamed_items = 0;
  bool interrupted = false;
  // What `aws dynamodb ...` prints, typed: the response, with an auto-paginated read's pages
  // merged (nullopt for a waiter, which prints nothing), and the NextToken of a read cut short.
  std::optional<Response> response;
  std::optional<std::string> next_token;
  // When !ok: DynamoDB's error from the failing call (column 0: exit code 254), or a CLI error
  // with column -252 (bad --starting-token) or -255 (a waiter that cannot succeed).
  Error error;
  std::vector<CallResult> calls;
  // The first request sent, typed (unset when the command's request did not decode).
  std::optional<Request> sent;
};
// What the aws CLI prints for a response, as JSON: the response body (less Items that went to a
// PageStream), with the NextToken of a read cut short; {} for a command that prints nothing.
// The edge where json output, Lua code and lesson checks read a typed result.
wire::Json PrintedJson(const std::optional<Response>& response,
                       const std::optional<std::string>& next_token,
                       std::string_view return_consumed_capacity, bool items_streamed);
inline wire::Json PrintedJson(const CliOutcome& out) {
  std::string rcc = out.calls.empty() ? "" : out.calls.front().return_consumed_capacity;
  return PrintedJson(out.response, out.next_token, rcc, out.streamed_items > 0);
}

// How an auto-paginated read hands its items to a front end that prints as pages arrive. Items
// stay in the output until they pass `keep_bytes` (about one DynamoDB page, so ordinary reads,
// and lesson checks on them, see a whole result); from then on those kept so far and every
// later page go to `emit` instead, and the read holds about a page at any size.
struct PageStream {
  static constexpr size_t kDefaultKeepBytes = size_t{1} << 20;
  size_t keep_bytes = kDefaultKeepBytes;
  // Gets the read's table and index (empty for the base table) and a batch of items, in order.
  std::function<void(const std::string& table, const std::string& index,
                     std::vector<ResultItem> items)>
      emit;
  // Asked before each further page; false stops the read there (Ctrl-C).
  std::function<bool()> more;
};
CliOutcome RunCliCommand(wire::Client& client, const CliCommand& command,
                         const PageStream* stream = nullptr);

// For completion and help: every subcommand with its options (kebab-case, with leading "--";
// flags in both forms, --consistent-read and --no-consistent-read). The `wait` entry lists its
// waiter names (no leading "--") before its options.
struct SubcommandSpec {
  std::string name;       // "query"
  std::string operation;  // "Query"
  std::vector<std::string> options;
};
const std::vector<SubcommandSpec>& Subcommands();

}  // namespace ddblab::shell
