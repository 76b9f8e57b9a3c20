// Runs a parsed command as the aws CLI does: auto-pagination of Query, Scan and ListTables
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

struct PagingKeys {
  std::string input_token;             // request member that resumes: ExclusiveStartKey
  std::string output_token;            // response member to resume from: LastEvaluatedKey
  std::string primary;                 // the result key --max-items counts: Items
  std::vector<std::string> secondary;  // other result keys, summed across pages: Count, ...
  std::string non_aggregate;           // kept from the first page only: ConsumedCapacity
};

// DynamoDB's paginators (botocore paginators-1.json).
PagingKeys KeysFor(cli::Paging paging) {
  if (paging == cli::Paging::kTableNames) {
    return {"ExclusiveStartTableName", "LastEvaluatedTableName", "TableNames", {}, ""};
  }
  return {"ExclusiveStartKey",
          "LastEvaluatedKey",
          "Items",
          {"Count", "ScannedCount"},
          "ConsumedCapacity"};
}

// The NextToken the aws CLI prints: base64 of Python's json.dumps of the resume dict.
std::string EncodeToken(const Json& token) { return Base64Encode(cli::DumpPythonJson(token)); }

Result<Json> DecodeToken(const std::string& text, const PagingKeys& keys) {
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
    } else if (key != keys.input_token) {
      return bad();
    }
  }
  if (!token.contains(keys.input_token)) return bad();
  return token;
}

// Moves one page's result keys into the merged output: lists are concatenated, numbers summed.
void MergePage(Json& page, const PagingKeys& keys, Json& merged) {
  std::vector<std::string> result_keys = {keys.primary};
  result_keys.insert(result_keys.end(), keys.secondary.begin(), keys.secondary.end());
  for (const std::string& key : result_keys) {
    auto at = page.find(key);
    if (at == page.end() || at->is_null()) continue;
    Json& value = *at;
    if (!merged.contains(key)) {
      merged[key] = std::move(value);
    } else if (value.is_array() && merged[key].is_array()) {
      Json& into = merged[key];
      for (Json& element : value) into.push_back(std::move(element));
    } else if (value.is_number_integer() && merged[key].is_number_integer()) {
      merged[key] = merged[key].get<int64_t>() + value.get<int64_t>();
    } else if (value.is_number() && merged[key].is_number()) {
      merged[key] = merged[key].get<double>() + value.get<double>();
    }
  }
}

size_t PrimaryCount(const Json& page, const PagingKeys& keys) {
  return page.contains(keys.primary) && page[keys.primary].is_array() ? page[keys.primary].size()
                                                                      : 0;
}

// About how many bytes a value holds (names and values, as DynamoDB sizes items), without
// serializing it: enough to decide when a read has outgrown PageStream::keep_bytes.
size_t ApproxBytes(const Json& j) {
  if (j.is_string()) return j.get_ref<const std::string&>().size();
  if (j.is_object()) {
    size_t n = 0;
    for (auto it = j.begin(); it != j.end(); ++it) n += it.key().size() + ApproxBytes(it.value());
    return n;
  }
  if (j.is_array()) {
    size_t n = 0;
    for (const Json& e : j) n += ApproxBytes(e);
    return n;
  }
  return 8;
}

CliOutcome RunPaginated(wire::Client& client, const CliCommand& command, cli::Paging paging,
                        const PageStream* stream) {
  CliOutcome outcome;
  const PagingKeys keys = KeysFor(paging);
  Json request = command.request;
  if (command.page_size) request["Limit"] = *command.page_size;

  // The resume dict of the page being fetched; it becomes NextToken when --max-items cuts it.
  Json next_token = Json::object();
  next_token[keys.input_token] = nullptr;
  int64_t starting_truncation = 0;
  if (command.starting_token) {
    auto decoded = DecodeToken(*command.starting_token, keys);
    if (!decoded.ok()) {
      outcome.error = decoded.error();
      return outcome;
    }
    next_token = std::move(decoded).value();
    if (next_token.contains("boto_truncate_amount")) {
      starting_truncation = next_token["boto_truncate_amount"].get<int64_t>();
      next_token.erase("boto_truncate_amount");
    }
    if (!next_token[keys.input_token].is_null()) {
      request[keys.input_token] = next_token[keys.input_token];
    }
  }

  // Room for every result key: growing would copy the items merged so far.
  Json merged = wire::ObjectWithRoom(8);
  Json non_aggregate;
  Json resume_token;  // null: no NextToken
  Json previous_token;
  int64_t total_items = 0;
  bool first_request = true;
  // PageStream: bytes of items kept in `merged` so far, and whether they now go to emit.
  size_t kept_bytes = 0;
  bool streaming = false;
  auto deliver = [&](Json& page) {
    if (stream == nullptr || !stream->emit || !page.contains(keys.primary) ||
        !page[keys.primary].is_array()) {
      return;
    }
    if (!streaming) {
      kept_bytes += ApproxBytes(page[keys.primary]);
      if (kept_bytes <= stream->keep_bytes) return;
      streaming = true;
      if (merged.contains(keys.primary)) {
        outcome.streamed_items += static_cast<int64_t>(merged[keys.primary].size());
        stream->emit(command.request, std::move(merged[keys.primary]));
        merged.erase(keys.primary);
      }
    }
    outcome.streamed_items += static_cast<int64_t>(page[keys.primary].size());
    stream->emit(command.request, std::move(page[keys.primary]));
    page.erase(keys.primary);
  };
  while (true) {
    outcome.calls.push_back(client.Call(command.operation, request));
    wire::JsonResult& result = outcome.calls.back();
    if (!result.ok) {
      outcome.error = result.error;
      return outcome;
    }
    // The page's items move into the output (or to the stream); the call keeps its trace and
    // capacity, which is all the footer and the checks read, so a long read holds one copy.
    Json page = result.body.is_object() ? std::move(result.body) : Json::object();
    result.body = Json::object();
    if (first_request) {
      // Resuming mid-page: skip the items already printed. The other result keys were counted
      // with the previous output, so this page's are zeroed (botocore does the same).
      if (starting_truncation > 0) {
        if (page.contains(keys.primary) && page[keys.primary].is_array()) {
          Json& items = page[keys.primary];
          Json rest = Json::array();
          for (size_t k = static_cast<size_t>(starting_truncation); k < items.size(); ++k) {
            rest.push_back(items[k]);
          }
          items = std::move(rest);
        }
        for (const std::string& key : keys.secondary) {
          if (page.contains(key) && page[key].is_number()) page[key] = 0;
        }
      }
      if (!keys.non_aggregate.empty() && page.contains(keys.non_aggregate)) {
        non_aggregate = page[keys.non_aggregate];
      }
      first_request = false;
    } else {
      starting_truncation = 0;
    }

    const int64_t count = static_cast<int64_t>(PrimaryCount(page, keys));
    if (command.max_items && total_items + count > *command.max_items) {
      const int64_t keep = *command.max_items - total_items;
      Json& items = page[keys.primary];
      Json kept = Json::array();
      for (int64_t k = 0; k < keep; ++k) kept.push_back(items[static_cast<size_t>(k)]);
      items = std::move(kept);
      next_token["boto_truncate_amount"] = keep + starting_truncation;
      resume_token = next_token;
      deliver(page);
      MergePage(page, keys, merged);
      break;
    }
    deliver(page);
    MergePage(page, keys, merged);
    total_items += count;

    Json token = Json::object();
    token[keys.input_token] =
        page.contains(keys.output_token) ? page[keys.output_token] : Json(nullptr);
    if (token[keys.input_token].is_null()) break;
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
    request[keys.input_token] = token[keys.input_token];
    previous_token = token;
    next_token = token;
  }

  if (!non_aggregate.is_null()) merged[keys.non_aggregate] = non_aggregate;
  if (!resume_token.is_null()) merged["NextToken"] = EncodeToken(resume_token);
  outcome.ok = true;
  outcome.output = std::move(merged);
  return outcome;
}

// `aws dynamodb wait`: the real waiters poll DescribeTable every 20 s, 25 times. Tables here
// change state synchronously, so one call decides; a waiter that would poll forever fails at
// once the way the CLI fails after its last attempt.
CliOutcome RunWaiter(wire::Client& client, const CliCommand& command) {
  CliOutcome outcome;
  wire::JsonResult result = client.Call(command.operation, command.request);
  outcome.calls.push_back(result);
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
    outcome.output = Json::object();
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
  Json request = command.request;
  // One page of the size asked for, when paging is off but --page-size was given.
  if (paging != cli::Paging::kNone && command.page_size && !request.contains("Limit")) {
    request["Limit"] = *command.page_size;
  }
  outcome.calls.push_back(client.Call(command.operation, request));
  wire::JsonResult& result = outcome.calls.back();
  if (!result.ok) {
    outcome.error = result.error;
    return outcome;
  }
  outcome.ok = true;
  // The body moves to the output; the call keeps its trace and capacity, which is all the
  // footer and the checks read.
  outcome.output = result.body.is_null() ? Json::object() : std::move(result.body);
  result.body = Json::object();
  return outcome;
}

}  // namespace ddblab::shell
