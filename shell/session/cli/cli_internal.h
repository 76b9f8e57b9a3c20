// Internal pieces of the aws-CLI command language, shared by the files of shell/session/cli/ and
// their unit tests. The public contract is shell/session/cli.h.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/wire.h"
#include "shell/session/cli.h"
#include "shell/session/file_access.h"
#include "shell/session/suggest.h"

namespace ddblab::shell::cli {

// aws CLI exit code for parameter and usage errors (awscli/constants.py PARAM_VALIDATION_ERRORS).
inline constexpr int kUsageExitCode = 252;
// aws CLI exit code for failures that are neither usage nor service errors (waiters).
inline constexpr int kGeneralExitCode = 255;

// An error the aws CLI reports before any request is sent; Error::column carries -exit_code.
Error CliError(std::string message, int exit_code = kUsageExitCode);

// botocore's "Parameter validation failed:" message for attribute values of the wrong shape in
// `request` (Item, Key, ExpressionAttributeValues, ExclusiveStartKey, Keys, Parameters, also
// inside transactions and batches), or empty when they are all well formed.
std::string ParameterValidationErrors(const wire::Json& request);

// argparse reads a word as an option when it starts with "--" and has no space in it.
inline bool IsOptionWord(std::string_view w) {
  return w.size() > 2 && w.starts_with("--") && w.find(' ') == std::string_view::npos;
}

// The fast path for everyday item and read commands (fast_command.cc): reads the typed request
// straight from the words into *fast and returns true, or returns false (leaving *fast
// unspecified) when the full path (ParseCliCommand, the model check, the decode) must read them.
// Where it answers, the full path would send the same request.
struct FastCommand {
  CliCommand command;  // subcommand, operation and no_paginate as ParseCliCommand sets them
  Request request;     // the request; command.request stays empty
  bool auto_paginated = false;  // a query or scan that the aws CLI pages through
};
bool FastCliCommand(const std::vector<std::string>& words, FastCommand* fast);

// Runs an auto-paginated read whose request is typed already (a fast-path query or scan), as
// RunCliCommand runs one without --page-size, --starting-token or --max-items.
CliOutcome RunTypedPages(wire::Client& client, const CliCommand& command, Request request,
                         const PageStream* stream);

// Parses JSON text the way Python's json.loads does and, on failure, returns the message Python
// gives ("Expecting ',' delimiter: line 1 column 9 (char 8)"), since the aws CLI quotes it.
Result<wire::Json> ParsePythonJson(std::string_view text);

// Serializes like Python's json.dumps with default arguments (", " and ": " separators,
// non-ASCII escaped), which is how botocore builds pagination tokens.
std::string DumpPythonJson(const wire::Json& value);

// The shorthand syntax grammar of awscli/shorthand.py: `k=v,k2=[a,b],k3={x=y}`. Produces
// objects, arrays and strings only; on failure the message is the CLI's ("Expected: '=',
// received: ':' for input: ..." with a caret line). `k@=file://path` values are read under `files`.
Result<wire::Json> ParseShorthand(std::string_view text, const FileAccess& files);

// How shorthand strings are given the types of the DynamoDB model (the aws CLI's
// BackCompatVisitor): integers, booleans, and single values that belong in lists.
enum class ShorthandModel {
  kGeneric,         // DynamoDB structures: ProvisionedThroughput, KeySchema elements, ...
  kAttributeMap,    // map of name -> AttributeValue: --item, --key, --expression-attribute-values
  kAttributeValue,  // one AttributeValue: elements of --parameters
  kStringMap,       // map of strings: --expression-attribute-names
};
// Applies the model's types in place; fails with the CLI's int() message on a bad integer.
Status ApplyShorthandModel(wire::Json& value, ShorthandModel model);

// realpath(3) as a string; empty (with errno set) when the path does not resolve.
std::string Resolve(const std::string& path);
// Whether the resolved `path` is `root` or below it (both from Resolve).
bool Inside(const std::string& path, const std::string& root);

// ---- The subcommand table ----

enum class OptionKind {
  kString,         // one word
  kInteger,        // one word, an integer
  kFlag,           // --x sets true, --no-x sets false; takes no value
  kStructure,      // one word: JSON object or shorthand (structures and maps)
  kStructureList,  // one or more words: a JSON list, or one JSON object/shorthand per word
  kStringList,     // one or more words: a JSON list, or one string per word
};

struct OptionSpec {
  std::string_view name;    // "--table-name" (for flags, the positive form)
  std::string_view member;  // "TableName"
  OptionKind kind = OptionKind::kString;
  bool required = false;
  ShorthandModel model = ShorthandModel::kGeneric;
  // The service's own paging parameters (--limit, --exclusive-start-key, ...): the aws CLI
  // turns auto-pagination off when one is given.
  bool disables_paging = false;
};

// The aws CLI's paginators for DynamoDB (botocore's paginators-1.json).
enum class Paging {
  kNone,
  kItems,       // Query, Scan: ExclusiveStartKey/LastEvaluatedKey; Items, Count, ScannedCount
  kTableNames,  // ListTables: ExclusiveStartTableName/LastEvaluatedTableName; TableNames
  kTags,        // ListTagsOfResource: NextToken/NextToken; Tags (no limit key)
};

struct SubcommandDef {
  std::string_view name;       // "query"
  std::string_view operation;  // "Query"
  Paging paging = Paging::kNone;
  std::vector<OptionSpec> options;
};

// Every subcommand in the order `aws dynamodb help` lists them, plus `wait`.
const std::vector<SubcommandDef>& SubcommandTable();
const SubcommandDef* FindSubcommand(std::string_view name);
// The index in def.options of the option `name`, a flag also by its --no- form (which sets
// *flag_value to false), or def.options.size() when the subcommand has no such option.
size_t FindOption(const SubcommandDef& def, std::string_view name, bool* flag_value);
// The names of the members of the modelled operations' shapes (ddblab/model/) whose values the
// aws CLI reads as `kind` (kInteger, kFlag) in shorthand.
const std::set<std::string, std::less<>>& ModelledMembersOfKind(OptionKind kind);
// The subcommands of `aws dynamodbstreams`, the DynamoDB Streams API.
const std::vector<SubcommandDef>& StreamsSubcommandTable();

// The waiters of `aws dynamodb wait`.
const std::vector<std::string>& WaiterNames();

// Global aws CLI options accepted anywhere and ignored (the shell has one endpoint, one output
// renderer, no credentials). `takes_value` says whether the next word belongs to the option.
struct GlobalOption {
  std::string_view name;
  bool takes_value = false;
};
const std::vector<GlobalOption>& IgnoredGlobalOptions();
const GlobalOption* FindIgnoredGlobalOption(std::string_view name);

// Options a paginated subcommand accepts in addition to its own (PagingOptions).
inline constexpr std::string_view kStartingToken = "--starting-token";
inline constexpr std::string_view kPageSize = "--page-size";
inline constexpr std::string_view kMaxItems = "--max-items";
// The options the aws CLI adds for `paging`: --starting-token and --max-items, and --page-size
// where the paginator has a limit key (awscli's unify_paging_params); none without paging.
inline std::vector<std::string_view> PagingOptions(Paging paging) {
  if (paging == Paging::kNone) return {};
  if (paging == Paging::kTags) return {kStartingToken, kMaxItems};
  return {kStartingToken, kPageSize, kMaxItems};
}
inline constexpr std::string_view kNoPaginate = "--no-paginate";
inline constexpr std::string_view kCliInputJson = "--cli-input-json";

}  // namespace ddblab::shell::cli
