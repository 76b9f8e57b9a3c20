// The aws-CLI-style command language: `[aws] [dynamodb] <subcommand> --option value ...`, as
// printed in course material, mapped onto DynamoDB JSON requests and the aws CLI's own output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"

namespace ddblab::shell {

// Splits one (possibly multi-line) command into words as a POSIX shell would: single quotes,
// double quotes, backslash escapes, backslash-newline joins lines. Unbalanced quotes are an
// error.
Result<std::vector<std::string>> SplitWords(std::string_view text);

// True when `text` is an incomplete command: a trailing backslash, an unclosed quote, or more
// opening than closing braces/brackets outside quotes.
bool NeedsContinuation(std::string_view text);

struct CliCommand {
  std::string subcommand;  // "query"
  std::string operation;   // "Query"
  wire::Json request;      // the DynamoDB JSON request body
  // aws CLI pagination controls (not sent to DynamoDB).
  std::optional<int64_t> max_items;
  std::optional<std::string> starting_token;
  std::optional<int64_t> page_size;
  bool no_paginate = false;
};

// Parses the words of one command. Errors carry the aws CLI's kind of message (unknown
// subcommand or option, with a suggestion; invalid JSON or shorthand); Error::column is unused.
// `cwd` resolves relative file:// paths.
Result<CliCommand> ParseCliCommand(const std::vector<std::string>& words, const std::string& cwd);

// Runs a parsed command the way the aws CLI does (auto-pagination of query/scan/list-tables
// merging Items, Count, ScannedCount and ConsumedCapacity; --max-items/--starting-token giving a
// NextToken) and returns the JSON the aws CLI would print, plus every underlying call's result
// (for footers and traces).
struct CliOutcome {
  bool ok = false;
  wire::Json output;  // what `aws dynamodb ...` prints (empty object when it prints nothing)
  Error error;        // when !ok
  std::vector<wire::JsonResult> calls;
};
CliOutcome RunCliCommand(wire::Client& client, const CliCommand& command);

// For completion and help: every subcommand with its options (kebab-case, with leading "--").
struct SubcommandSpec {
  std::string name;       // "query"
  std::string operation;  // "Query"
  std::vector<std::string> options;
};
const std::vector<SubcommandSpec>& Subcommands();

}  // namespace ddblab::shell
