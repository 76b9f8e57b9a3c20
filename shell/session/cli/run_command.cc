// Runs a parsed command as the aws CLI does: auto-pagination of Query, Scan, ListTables and
// ListTagsOfResource
// (awscli/customizations/paginate.py over botocore's PageIterator), --max-items with a resumable
// NextToken, and the waiters of `aws dynamodb wait`.
#include <string>
#include <utility>

#include "cli/cli_internal.h"
#include "ddblab/base64.h"
#include "shell/session/cli.h"

namespace ddblab::shell {
namespace {

using cli::CliError;
using wire::Json;

// DynamoDB's paginators (botocore paginators-1.json): the request member a NextToken resumes.
// The result keys they merge (Items, Count and ScannedCount; TableNames) and keep from the first
// page (ConsumedCapacity) are merged typed below.
std::string ResumeMember(cli::Paging paging) {
  switch (paging) {
    case cli::Paging::kTableNames:
      return "ExclusiveStartTableName";
    case cli::Paging::kTags:
      return "NextToken";
    case cli::Paging::kNone:
    case cli::Paging::kItems:
      break;
  }
  return "ExclusiveStartKey";
}

// The NextToken the aws CLI prints: base64 of Python's json.dumps of the resume dict.
std::string EncodeToken(const Json& token) { return Base64Encode(cli::DumpPythonJson(token)); }

Result<Json> DecodeToken(const std::string& text, const std::string& resume) {
  auto bad = [&] { return CliError("Bad starting token: " + text); };
  std::string raw, problem;
  if (!Base64Decode(text, &raw, &problem)) return bad();
  auto parsed = cli::ParsePythonJson(raw);
  if (!parsed.ok() || !parsed->is_object()) return bad();
  Json token = std::move(parsed).value();
  // botocore records binary key parts it base64-encoded; ours are base64 strings already.
  token.erase("boto_encoded_keys");
  for (const auto& [key, value] : token.items()) {
    if (key == "boto_truncate_amount") {
      if (!value.is_number_integer() || value.get<int64_t>() < 0) return bad();
    } else if (key != resume) {
      return bad();
    }
  }
  if (!token.contains(resume)) return bad();
  return token;
}

// The typed side of paging: reading a page's position and items, and moving the position into
// the next request. Query, Scan (items), ListTables (table names) and ListTagsOfResource (tags)
// are paginated.
Json PagePosition(const Response& page) {
  if (const QueryResponse* q = QueryOrScanPage(page)) {
    return q->last_evaluated_key ? wire::ItemToJson(*q->last_evaluated_key) : Json();
  }
  if (const auto* t = ResponseAs<Operation::ListTables>(page)) {
    return t->last_evaluated_table_name ? Json(*t->last_evaluated_table_name) : Json();
  }
  if (const auto* t = ResponseAs<Operation::ListTagsOfResource>(page)) {
    return t->next_token ? Json(*t->next_token) : Json();
  }
  return Json();
}

void ContinueAfter(const Response& page, Request& request) {
  const QueryResponse* q = QueryOrScanPage(page);
  if (auto* query = std::get_if<QueryRequest>(&request); query && q) {
    query->exclusive_start_key = q->last_evaluated_key;
  } else if (auto* scan = std::get_if<ScanRequest>(&request); scan && q) {
    scan->exclusive_start_key = q->last_evaluated_key;
  } else if (auto* list = std::get_if<ListTablesRequest>(&request)) {
    if (const auto* t = ResponseAs<Operation::ListTables>(page)) {
      list->exclusive_start_table_name = t->last_evaluated_table_name;
    }
  } else if (auto* tags = std::get_if<ListTagsOfResourceRequest>(&request)) {
    if (const auto* t = ResponseAs<Operation::ListTagsOfResource>(page)) {
      tags->next_token = t->next_token;
    }
  }
}

QueryResponse* MutablePage(Response& page) {
  return const_cast<QueryResponse*>(QueryOrScanPage(page));
}

size_t PrimaryCount(const Response& page) {
  if (const QueryResponse* q = QueryOrScanPage(page)) return q->items.size();
  if (const auto* t = ResponseAs<Operation::ListTables>(page)) return t->table_names.size();
  if (const auto* t = ResponseAs<Operation::ListTagsOfResource>(page)) return t->tags.size();
  return 0;
}

// Keeps the result entries [from, from + keep) of a page (all from `from` when keep is unset).
void KeepEntries(Response& page, size_t from, std::optional<size_t> keep) {
  auto cut = [&](auto& list) {
    from = std::min(from, list.size());
    list.erase(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(from));
    if (keep && *keep < list.size()) list.resize(*keep);
  };
  if (QueryResponse* q = MutablePage(page)) {
    cut(q->items);
  } else if (auto* t = std::get_if<static_cast<size_t>(Operation::ListTables)>(&page)) {
    cut(t->table_names);
  } else if (auto* g = std::get_if<static_cast<size_t>(Operation::ListTagsOfResource)>(&page)) {
    cut(g->tags);
  }
}

// Moves one page's results into the merged output: lists concatenated, counts summed. The
// first page becomes the output, with its ConsumedCapacity (the aws CLI keeps the first page's,
// a non-aggregate key).
void MergePage(Response page, std::optional<Response>& merged) {
  if (!merged) {
    merged = std::move(page);
    return;
  }
  if (QueryResponse* q = MutablePage(page)) {
    QueryResponse& into = *MutablePage(*merged);
    into.items.insert(into.items.end(), std::make_move_iterator(q->items.begin()),
                      std::make_move_iterator(q->items.end()));
    into.count += q->count;
    into.scanned_count += q->scanned_count;
  } else if (auto* t = std::get_if<static_cast<size_t>(Operation::ListTables)>(&page)) {
    auto& into = std::get<static_cast<size_t>(Operation::ListTables)>(*merged).table_names;
    into.insert(into.end(), std::make_move_iterator(t->table_names.begin()),
                std::make_move_iterator(t->table_names.end()));
  } else if (auto* g = std::get_if<static_cast<size_t>(Operation::ListTagsOfResource)>(&page)) {
    auto& into = std::get<static_cast<size_t>(Operation::ListTagsOfResource)>(*merged).tags;
    into.insert(into.end(), std::make_move_iterator(g->tags.begin()),
                std::make_move_iterator(g->tags.end()));
  }
}

// The merged output of a whole read names no position: the aws CLI prints NextToken instead.
void ForgetPosition(Response& merged) {
  if (QueryResponse* q = MutablePage(merged)) q->last_evaluated_key.reset();
  if (auto* t = std::get_if<static_cast<size_t>(Operation::ListTables)>(&merged)) {
    t->last_evaluated_table_name.reset();
  }
  if (auto* g = std::get_if<static_cast<size_t>(Operation::ListTagsOfResource)>(&merged)) {
    g->next_token.reset();
  }
}

// About how many bytes the items hold (names and values, as DynamoDB sizes items): enough to
// decide when a read has outgrown PageStream::keep_bytes.
size_t ApproxBytes(const std::vector<ResultItem>& items) {
  size_t n = 0;
  for (const ResultItem& item : items) {
    n += item.has_encoding() ? item.encoding().size() : ItemSizeBytes(item.item());
  }
  return n;
}

// A call refused before it was sent: its request did not decode.
CallResult Refused(const std::string& operation, Error error) {
  CallResult call;
  call.http_status = ErrorHttpStatus(error.type);
  call.error = std::move(error);
  call.trace.operation = operation;
  if (std::optional<Operation> op = OperationFromName(operation)) call.operation = *op;
  return call;
}

// Decodes the command's request once; a failure is the outcome's one call.
std::optional<Request> Decode(const std::string& operation, const Json& body, CliOutcome& outcome) {
  Result<Request> decoded = wire::RequestFromJson(operation, body);
  if (decoded.ok()) return std::move(decoded).value();
  outcome.error = decoded.error();
  outcome.calls.push_back(Refused(operation, std::move(decoded.error())));
  return std::nullopt;
}

CliOutcome RunPages(wire::Client& client, const CliCommand& command, Request request,
                    cli::Paging paging, Json next_token, int64_t starting_truncation,
                    const PageStream* stream);

CliOutcome RunPaginated(wire::Client& client, const CliCommand& command, cli::Paging paging,
                        const PageStream* stream) {
  CliOutcome outcome;
  const std::string resume = ResumeMember(paging);
  // The request as written, changed (and so copied) only for --page-size or --starting-token.
  std::optional<Json> adjusted;
  auto adjust = [&]() -> Json& {
    if (!adjusted) adjusted = command.request;
    return *adjusted;
  };
  if (command.page_size) adjust()["Limit"] = *command.page_size;

  // The resume dict of the page being fetched; it becomes NextToken when --max-items cuts it.
  Json next_token = Json::object();
  next_token[resume] = nullptr;
  int64_t starting_truncation = 0;
  if (command.starting_token) {
    auto decoded = DecodeToken(*command.starting_token, resume);
    if (!decoded.ok()) {
      outcome.error = decoded.error();
      return outcome;
    }
    next_token = std::move(decoded).value();
    if (next_token.contains("boto_truncate_amount")) {
      starting_truncation = next_token["boto_truncate_amount"].get<int64_t>();
      next_token.erase("boto_truncate_amount");
    }
    if (!next_token[resume].is_null()) {
      adjust()[resume] = next_token[resume];
    }
  }
  std::optional<Request> request =
      Decode(command.operation, adjusted ? *adjusted : command.request, outcome);
  if (!request) return outcome;
  return RunPages(client, command, std::move(*request), paging, std::move(next_token),
                  starting_truncation, stream);
}

// The table and index a paged read reads (empty for the base table and for ListTables).
std::pair<std::string, std::string> ReadTarget(const Request& request) {
  if (const auto* q = std::get_if<QueryRequest>(&request)) {
    return {q->table_name, q->index_name.value_or("")};
  }
  if (const auto* s = std::get_if<ScanRequest>(&request)) {
    return {s->table_name, s->index_name.value_or("")};
  }
  return {};
}

// The pages of a read from `request` on: `next_token` is the resume dict of its first page, and
// `starting_truncation` the items of that page a --starting-token already printed.
CliOutcome RunPages(wire::Client& client, const CliCommand& command, Request request,
                    cli::Paging paging, Json next_token, int64_t starting_truncation,
                    const PageStream* stream) {
  CliOutcome outcome;
  const std::string resume = ResumeMember(paging);
  std::optional<Response> merged;
  Json resume_token;  // null: no NextToken
  Json previous_token;
  int64_t total_items = 0;
  bool first_request_sent = false;
  // PageStream: bytes of items kept in `merged` so far, and whether they now go to emit.
  size_t kept_bytes = 0;
  bool streaming = false;
  std::pair<std::string, std::string> target;  // set when streaming starts
  auto deliver = [&](Response& page) {
    QueryResponse* items = MutablePage(page);
    if (stream == nullptr || !stream->emit || items == nullptr || items->count_only) return;
    if (!streaming) {
      kept_bytes += ApproxBytes(items->items);
      if (kept_bytes <= stream->keep_bytes) return;
      streaming = true;
      target = ReadTarget(request);
      if (merged) {
        std::vector<ResultItem>& kept = MutablePage(*merged)->items;
        outcome.streamed_items += static_cast<int64_t>(kept.size());
        stream->emit(target.first, target.second, std::move(kept));
        kept.clear();
      }
    }
    outcome.streamed_items += static_cast<int64_t>(items->items.size());
    stream->emit(target.first, target.second, std::move(items->items));
    items->items.clear();
  };
  while (true) {
    outcome.calls.push_back(client.Execute(request));
    CallResult& result = outcome.calls.back();
    if (!result.ok || !result.response) {
      outcome.error = result.error;
      if (!outcome.sent) outcome.sent = std::move(request);
      return outcome;
    }
    // The page moves into the output (or to the stream); the call keeps its trace and capacity,
    // which is all the footer and the checks read, so a long read holds one copy.
    Response page = std::move(*result.response);
    result.response.reset();
    Json position = PagePosition(page);
    if (!first_request_sent) {
      // Resuming mid-page: skip the items already printed. The other result keys were counted
      // with the previous output, so this page's are zeroed (botocore does the same).
      if (starting_truncation > 0) {
        KeepEntries(page, static_cast<size_t>(starting_truncation), std::nullopt);
        if (QueryResponse* q = MutablePage(page)) q->count = q->scanned_count = 0;
      }
      first_request_sent = true;
    } else {
      starting_truncation = 0;
    }

    const int64_t count = static_cast<int64_t>(PrimaryCount(page));
    if (command.max_items && total_items + count > *command.max_items) {
      const int64_t keep = *command.max_items - total_items;
      KeepEntries(page, 0, static_cast<size_t>(keep));
      next_token["boto_truncate_amount"] = keep + starting_truncation;
      resume_token = next_token;
      deliver(page);
      MergePage(std::move(page), merged);
      break;
    }
    total_items += count;
    Json token = Json::object();
    token[resume] = std::move(position);
    if (!token[resume].is_null()) {
      // The first page's request is what `sent` shows: copied only when another page follows.
      if (!outcome.sent) outcome.sent = request;
      ContinueAfter(page, request);
    }
    deliver(page);
    MergePage(std::move(page), merged);

    if (token[resume].is_null()) break;
    if (command.max_items && total_items == *command.max_items) {
      resume_token = token;
      break;
    }
    if (!previous_token.is_null() && previous_token == token) {
      outcome.error =
          CliError("The same next token was received twice: " + cli::DumpPythonJson(token), 255);
      return outcome;
    }
    if (stream != nullptr && stream->more && !stream->more()) {
      // Stopped between pages (Ctrl-C): the NextToken resumes where it stopped.
      outcome.interrupted = true;
      resume_token = token;
      break;
    }
    previous_token = token;
    next_token = token;
  }

  if (!outcome.sent) outcome.sent = std::move(request);
  if (merged) ForgetPosition(*merged);
  if (!resume_token.is_null()) outcome.next_token = EncodeToken(resume_token);
  outcome.ok = true;
  outcome.response = std::move(merged);
  return outcome;
}

// `aws dynamodb wait`: the real waiters poll DescribeTable every 20 s, 25 times. Tables here
// change state synchronously, so one call decides; a waiter that would poll forever fails at
// once the way the CLI fails after its last attempt.
CliOutcome RunWaiter(wire::Client& client, const CliCommand& command) {
  CliOutcome outcome;
  std::optional<Request> request = Decode(command.operation, command.request, outcome);
  if (!request) return outcome;
  CallResult result = client.Execute(*request);
  outcome.calls.push_back(result);
  outcome.sent = std::move(request);
  const bool want_exists = command.waiter == "table-exists";
  const std::string waiter_name = want_exists ? "TableExists" : "TableNotExists";
  const bool not_found = !result.ok && result.error.type == ErrorType::kResourceNotFoundException;
  if (!result.ok && !not_found) {
    outcome.error =
        CliError("Waiter " + waiter_name + " failed: An error occurred (" +
                     std::string(ErrorTypeName(result.error.type)) + "): " + result.error.message,
                 cli::kGeneralExitCode);
    return outcome;
  }
  if (want_exists == result.ok) {
    outcome.ok = true;
    return outcome;
  }
  outcome.error =
      CliError("Waiter " + waiter_name + " failed: Max attempts exceeded" +
                   (not_found ? ". Previously accepted state: Matched expected service error code: "
                                "ResourceNotFoundException"
                              : ""),
               cli::kGeneralExitCode);
  return outcome;
}

}  // namespace

CliOutcome RunCliCommand(wire::Client& client, const CliCommand& command,
                         const PageStream* stream) {
  const cli::SubcommandDef* def = cli::FindSubcommand(command.subcommand);
  if (def != nullptr && def->name == "wait") return RunWaiter(client, command);
  const cli::Paging paging = def != nullptr ? def->paging : cli::Paging::kNone;
  if (paging != cli::Paging::kNone && !command.no_paginate) {
    return RunPaginated(client, command, paging, stream);
  }
  CliOutcome outcome;
  // One page of the size asked for, when paging is off but --page-size was given.
  std::optional<Json> sized;
  if (paging != cli::Paging::kNone && command.page_size && !command.request.contains("Limit")) {
    sized = command.request;
    (*sized)["Limit"] = *command.page_size;
  }
  std::optional<Request> request =
      Decode(command.operation, sized ? *sized : command.request, outcome);
  if (!request) return outcome;
  outcome.calls.push_back(client.Execute(*request));
  outcome.sent = std::move(request);
  CallResult& result = outcome.calls.back();
  if (!result.ok) {
    outcome.error = result.error;
    return outcome;
  }
  outcome.ok = true;
  // The response moves to the output; the call keeps its trace and capacity, which is all the
  // footer and the checks read.
  outcome.response = std::move(result.response);
  result.response.reset();
  return outcome;
}

CliOutcome cli::RunTypedPages(wire::Client& client, const CliCommand& command, Request request,
                              const PageStream* stream) {
  const cli::SubcommandDef* def = cli::FindSubcommand(command.subcommand);
  const cli::Paging paging = def != nullptr ? def->paging : cli::Paging::kItems;
  Json first = Json::object();
  first[ResumeMember(paging)] = nullptr;
  return RunPages(client, command, std::move(request), paging, std::move(first), 0, stream);
}

}  // namespace ddblab::shell
