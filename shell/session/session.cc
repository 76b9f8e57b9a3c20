// The statement runner (session.h): one path from text to calls for every front door.
#include "shell/session/session.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>

#include "cli/cli_internal.h"
#include "shell/session/shadow_plan.h"

namespace ddblab::shell {

using wire::Json;

namespace {

// The aws-CLI text that is split into words: a trailing `;` (optional in both languages) goes.
std::string_view CliText(std::string_view input) {
  std::string_view s = TrimStatement(input);
  while (!s.empty() && s.back() == ';') {
    s.remove_suffix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  }
  return s;
}

// Number of `?` placeholders outside literals and quoted names.
int CountPlaceholders(std::string_view s) {
  char quote = 0;
  int n = 0;
  for (char c : s) {
    if (quote != 0) {
      if (c == quote) quote = 0;  // a doubled quote re-enters immediately; the count is unaffected
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '?') {
      ++n;
    }
  }
  return n;
}

// A negative column marks an error of the aws-CLI layer itself; -252 is its usage error.
bool IsParseFailure(const Error& e) {
  return e.column > 0 || e.column == -252 || e.message.starts_with("Statement wasn't well formed");
}

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

bool IsPartiqlStart(std::string_view text) { return ClassifyInput(text) == InputKind::kPartiql; }

// The character a PartiQL error's column points at, for hints.
std::string CharacterAt(std::string_view text, int column) {
  if (column <= 0) return "";
  size_t i = static_cast<size_t>(column - 1);
  if (i >= text.size()) return "";
  unsigned char c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return std::string(1, static_cast<char>(c));
  size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;  // one UTF-8 character
  return std::string(text.substr(i, n));
}

// ddblab's explanation after DynamoDB's message, where it can add something.
void AddHint(StatementResult& r, const std::string& wire_text, const RunOptions& options,
             const std::string& incomplete) {
  if (r.ok) return;
  if (!options.complete && !incomplete.empty()) {
    r.hint = "the statement is incomplete: " + incomplete +
             ". A statement continues on the next line while a quote or bracket is open, a "
             "line ends with \\, or (PartiQL) it ends with a word such as WHERE or AND or "
             "lacks a clause it needs; end a statement of several lines with ;.";
    return;
  }
  if (r.kind == InputKind::kCli && r.parse_error) {
    std::string_view t = TrimStatement(r.input);
    std::string first(t.substr(0, t.find_first_of(" \t\n")));
    for (char& c : first) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const char* clause : {"WHERE", "AND", "OR", "SET", "REMOVE", "FROM", "ORDER", "VALUE"}) {
      if (first == clause) {
        r.hint =
            "this line reads like the rest of a PartiQL statement, but the line before it "
            "was already complete and ran on its own (typed by hand, a complete line runs on "
            "Enter). Break lines after " +
            first + ", end the line before with \\, or paste the whole statement.";
        return;
      }
    }
  }
  const std::string& m = r.error.message;
  if (m.ends_with("can't be processed: ") || m.ends_with("can't be processed:")) {
    std::string c = CharacterAt(wire_text, r.error.column);
    if (c == "\\") {
      r.hint = "a \\ is only a line continuation at the very end of a line; PartiQL has no \\.";
    } else if (c == "#") {
      r.hint = "PartiQL comments start with -- (or /* */), not #.";
    } else if (c == "'" || c == "\"") {
      r.hint = "a " + c + " quote is not closed.";
    } else if (!c.empty()) {
      r.hint =
          "PartiQL does not accept " + c + " here (column " + std::to_string(r.error.column) + ").";
    } else {
      r.hint = "DynamoDB gives no detail for this error; check quotes, numbers and comments.";
    }
  }
}

// A remote endpoint says what a statement returned and cost, not what it became: the plan
// (from DescribeTable, shadow_plan.h) names the operation, so the footer and the warnings say
// the same as for the embedded engine. What the endpoint does not say stays unknown: the items
// a PartiQL Query or Scan read (-1), and partitions.
void AddRemotePlan(wire::Client& client, const Json& request, CallResult& res) {
  wire::JsonResult plan = ExplainAnywhere(client, "ExecuteStatement", request);
  if (!plan.ok || !plan.body.is_object()) return;
  Trace step;
  step.operation = plan.body.value("operation", std::string());
  step.table = plan.body.value("table", std::string());
  step.index = plan.body.value("index", std::string());
  step.filtered = !plan.body.value("filter", std::string()).empty();
  if (res.response) {
    if (const auto* page = ResponseAs<Operation::ExecuteStatement>(*res.response)) {
      step.items_returned = static_cast<int64_t>(page->items.size());
    }
  }
  step.items_read =
      OperationFromName(step.operation) == Operation::GetItem ? step.items_returned : -1;
  step.consistent_read = res.trace.consistent_read;
  // The embedded engine's trace of a one-request statement is that request's: the same here.
  res.trace = step;
}

void FromCall(StatementResult& r, CallResult&& res) {
  r.ok = res.ok;
  if (!res.ok) r.error = res.error;
  r.parse_error = !res.ok && IsParseFailure(res.error);
  // The response moves to the result: one copy of a long read's items, not two.
  r.response = std::move(res.response);
  res.response.reset();
  r.calls.push_back(std::move(res));
}

void FromCli(StatementResult& r, CliOutcome out) {
  r.ok = out.ok;
  r.streamed_items = out.streamed_items;
  r.interrupted = out.interrupted;
  r.error = std::move(out.error);
  r.parse_error = !out.ok && IsParseFailure(r.error);
  if (out.ok) {
    r.response = std::move(out.response);
    r.next_token = std::move(out.next_token);
  }
  r.calls = std::move(out.calls);
  r.sent = std::move(out.sent);
}

// Whether a CLI read has more to read: a NextToken, LastEvaluatedKey or LastEvaluatedTableName.
bool CliReadContinues(const StatementResult& r) {
  const QueryResponse* page = r.response ? QueryOrScanPage(*r.response) : nullptr;
  const auto* tables = r.response ? ResponseAs<Operation::ListTables>(*r.response) : nullptr;
  return r.next_token || (page != nullptr && page->last_evaluated_key) ||
         (tables != nullptr && tables->last_evaluated_table_name);
}

// Where a CLI read continues (see CliReadContinues).
std::optional<NextPage> CliNextPage(const CliCommand& command, const StatementResult& r) {
  if (!CliReadContinues(r)) return std::nullopt;
  const QueryResponse* page = r.response ? QueryOrScanPage(*r.response) : nullptr;
  const auto* tables = r.response ? ResponseAs<Operation::ListTables>(*r.response) : nullptr;
  const bool key = page != nullptr && page->last_evaluated_key;
  CliCommand next = command;
  if (r.next_token) {
    next.starting_token = *r.next_token;
  } else if (key) {
    next.request["ExclusiveStartKey"] = wire::ItemToJson(*page->last_evaluated_key);
  } else {
    next.request["ExclusiveStartTableName"] = *tables->last_evaluated_table_name;
  }
  NextPage more;
  more.cli = std::move(next);
  return more;
}

std::optional<NextPage> PartiqlNextPage(const ExecuteStatementRequest& request,
                                        const StatementResult& r) {
  const auto* page = r.response ? ResponseAs<Operation::ExecuteStatement>(*r.response) : nullptr;
  if (page == nullptr || !page->next_token) return std::nullopt;
  NextPage more;
  more.partiql = request;
  more.partiql->next_token = page->next_token;
  return more;
}

// A command the fast path read (cli::FastCliCommand), run from its typed request. Its request
// as written is parsed from the words when something asks for it, and the full command only for
// the rare read that leaves more to read (.more continues from it).
void RunFastCommand(wire::Client& client, cli::FastCommand& fast, std::vector<std::string> words,
                    const RunOptions& options, StatementResult& r) {
  r.subcommand = fast.command.subcommand;
  r.operation = fast.command.operation;
  auto start = std::chrono::steady_clock::now();
  if (fast.auto_paginated) {
    FromCli(r, cli::RunTypedPages(client, fast.command, std::move(fast.request), options.stream));
  } else {
    FromCall(r, client.Execute(fast.request));
    r.sent = std::move(fast.request);
  }
  r.elapsed_ms = MillisSince(start);
  if (r.ok && CliReadContinues(r)) {
    auto command = ParseCliCommand(words, options.files);
    if (command.ok()) r.next_page = CliNextPage(*command, r);
  }
  r.set_request_words(std::move(words));
}

void RunCliText(wire::Client& client, std::string_view text, const RunOptions& options,
                StatementResult& r) {
  auto words = SplitWords(CliText(text));
  if (!words.ok()) {
    r.error = words.error();
    r.parse_error = true;
    return;
  }
  if (words->empty()) return;
  if (cli::FastCommand fast; cli::FastCliCommand(*words, &fast)) {
    RunFastCommand(client, fast, std::move(words).value(), options, r);
    return;
  }
  auto command = ParseCliCommand(*words, options.files);
  if (!command.ok()) {
    r.error = command.error();
    // A refusal the service would give (an S3 operation) is no usage error.
    r.parse_error = IsParseFailure(r.error);
    return;
  }
  r.subcommand = command->subcommand;
  r.operation = command->operation;
  // The aws CLI checks value shapes against the model before sending anything.
  if (std::string invalid = cli::ParameterValidationErrors(command->request); !invalid.empty()) {
    r.set_request(std::move(command->request));
    r.error = cli::CliError(invalid);
    r.parse_error = true;
    return;
  }
  auto start = std::chrono::steady_clock::now();
  CliOutcome out = RunCliCommand(client, *command, options.stream);
  r.elapsed_ms = MillisSince(start);
  FromCli(r, std::move(out));
  if (r.ok) r.next_page = CliNextPage(*command, r);
  r.set_request(std::move(command->request));
}

void RunPartiqlText(wire::Client& client, const std::string& statement, const RunOptions& options,
                    StatementResult& r) {
  r.operation = "ExecuteStatement";
  ExecuteStatementRequest request;
  request.statement = statement;
  Json body = {{"Statement", statement}};
  int placeholders = CountPlaceholders(statement);
  if (placeholders > 0) {
    Json params = Json::array();
    request.parameters.emplace();
    for (int i = 1; i <= placeholders; ++i) {
      const Json* value = nullptr;
      if (options.params != nullptr) {
        auto it = options.params->find(i);
        if (it != options.params->end()) value = &it->second;
      }
      if (value == nullptr) {
        r.error = ValidationError("the statement has " + std::to_string(placeholders) +
                                  " ? placeholders but no value for number " + std::to_string(i) +
                                  "; set one with .param set " + std::to_string(i) + " VALUE");
        r.parse_error = true;
        return;
      }
      Result<AttributeValue> typed = wire::ValueFromJson(*value);
      if (!typed.ok()) {
        r.error = typed.error();
        r.parse_error = IsParseFailure(r.error);
        return;
      }
      request.parameters->push_back(std::move(typed).value());
      params.push_back(*value);
    }
    body["Parameters"] = params;
  }
  r.set_request(std::move(body));
  auto start = std::chrono::steady_clock::now();
  CallResult res = client.Execute(request);
  r.elapsed_ms = MillisSince(start);
  if (client.IsRemote() && res.ok) AddRemotePlan(client, r.request(), res);
  FromCall(r, std::move(res));
  if (r.ok) r.next_page = PartiqlNextPage(request, r);
  r.sent = std::move(request);
}

void RunExplainText(wire::Client& client, std::string_view text, const RunOptions& options,
                    StatementResult& r) {
  std::string_view whole = TrimStatement(text);  // "EXPLAIN <statement>"
  std::string_view rest = TrimStatement(whole.substr(std::min<size_t>(7, whole.size())));
  auto fail = [&](std::string message, bool parse) {
    r.error = ValidationError(std::move(message));
    r.parse_error = parse;
  };
  if (rest.empty()) return fail("EXPLAIN needs a PartiQL statement or an aws-CLI read", true);
  Json explain;
  if (IsPartiqlStart(rest)) {
    r.operation = "ExecuteStatement";
    r.set_request({{"Statement", PartiqlWireText(rest)}});
  } else {
    auto words = SplitWords(CliText(rest));
    if (!words.ok()) {
      r.error = words.error();
      r.parse_error = true;
      return;
    }
    auto command = ParseCliCommand(*words, options.files);
    if (!command.ok()) {
      r.error = command.error();
      r.parse_error = true;
      return;
    }
    r.operation = command->operation;
    r.set_request(command->request);
    const std::optional<Operation> op = OperationFromName(r.operation);
    if (op != Operation::Query && op != Operation::Scan && op != Operation::GetItem) {
      return fail("EXPLAIN works on PartiQL statements and on query, scan and get-item, not " +
                      command->subcommand,
                  true);
    }
  }
  wire::JsonResult res = ExplainAnywhere(client, r.operation, r.request());
  r.ok = res.ok;
  r.error = res.error;
  r.parse_error = !res.ok && IsParseFailure(res.error);
  if (res.ok) r.document = std::move(res.body);
}

}  // namespace

StatementResult RunStatement(wire::Client& client, std::string_view text_in,
                             const RunOptions& options) {
  // Text pasted with Windows line ends is normalized; other text is read where it is.
  std::string normalized;
  std::string_view text = text_in;
  if (text.find('\r') != std::string_view::npos) text = normalized = NormalizeLineEnds(text_in);
  StatementResult r;
  r.input = std::string(TrimStatement(text));
  r.kind = ClassifyInput(text);
  std::string wire_text;
  switch (r.kind) {
    case InputKind::kEmpty:
      r.error = ValidationError("the statement is empty");
      r.parse_error = true;
      return r;
    case InputKind::kDot:
    case InputKind::kCall:
      // Only the REPL and scripts run dot-commands (lesson code and solutions cannot).
      r.error = ValidationError(r.input.substr(0, r.input.find_first_of(" \t\n")) +
                                " is a dot-command of the shell, not a statement");
      r.parse_error = true;
      return r;
    case InputKind::kCli:
      RunCliText(client, text, options, r);
      break;
    case InputKind::kPartiql:
      wire_text = PartiqlWireText(text);
      RunPartiqlText(client, wire_text, options, r);
      break;
    case InputKind::kExplain:
      RunExplainText(client, text, options, r);
      break;
  }
  AddHint(r, wire_text, options, options.complete ? "" : IncompleteReason(text));
  return r;
}

StatementResult RunCall(wire::Client& client, std::string_view operation, const Json& body) {
  StatementResult r;
  r.kind = InputKind::kCall;
  r.operation = std::string(operation);
  r.set_request(body);
  auto start = std::chrono::steady_clock::now();
  if (wire::IsExtensionOperation(operation)) {
    // ddblab's own operations answer JSON documents (wire.h), not DynamoDB responses.
    wire::JsonResult res = client.Call(operation, body);
    r.ok = res.ok;
    r.error = res.error;
    if (res.ok) r.document = std::move(res.body);
  } else {
    Result<Request> request = wire::RequestFromJson(operation, body);
    if (request.ok()) {
      FromCall(r, client.Execute(*request));
      r.sent = std::move(request).value();
    } else {
      CallResult refused;
      refused.http_status = ErrorHttpStatus(request.error().type);
      refused.error = std::move(request.error());
      refused.trace.operation = r.operation;
      FromCall(r, std::move(refused));
    }
  }
  r.elapsed_ms = MillisSince(start);
  return r;
}

StatementResult RunNextPage(wire::Client& client, const StatementResult& previous,
                            const PageStream* stream) {
  StatementResult r;
  r.input = previous.input;
  r.kind = previous.kind;
  if (!previous.next_page) {
    r.error = ValidationError("the last read has no more pages");
    return r;
  }
  const NextPage& page = *previous.next_page;
  auto start = std::chrono::steady_clock::now();
  if (page.cli) {
    r.subcommand = page.cli->subcommand;
    r.operation = page.cli->operation;
    r.set_request(page.cli->request);
    FromCli(r, RunCliCommand(client, *page.cli, stream));
    if (r.ok) r.next_page = CliNextPage(*page.cli, r);
  } else if (page.partiql) {
    r.operation = "ExecuteStatement";
    Json request = previous.request();
    request["NextToken"] = *page.partiql->next_token;
    r.set_request(std::move(request));
    r.sent = *page.partiql;
    FromCall(r, client.Execute(*page.partiql));
    if (r.ok) r.next_page = PartiqlNextPage(*page.partiql, r);
  }
  r.elapsed_ms = MillisSince(start);
  return r;
}

}  // namespace ddblab::shell
