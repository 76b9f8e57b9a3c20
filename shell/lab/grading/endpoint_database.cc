// One grading run's view of a shared endpoint (endpoint_database.h): table names renamed both
// ways, ListTables narrowed to the run's tables, calls held until a new table is ACTIVE, reads
// held until writes settle; and the cleanup that deletes the run's tables.
#include "grading/endpoint_database.h"

#include <algorithm>
#include <cctype>
#include <random>
#include <set>
#include <thread>

#include "ddblab/call.h"
#include "shell/session/shadow_plan.h"

namespace ddblab::grade {

namespace {

using wire::Json;
using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------------
// Requests: the prefix added where a request names a table.

Error NotSent(const std::string& what) {
  return ValidationError("grading on an endpoint does not send this request: " + what);
}

// A table name or a table's ARN ("arn:aws:dynamodb:<region>:<account>:table/<name>[/...]") with
// the prefix added to the table's name.
Result<std::string> PrefixedName(const std::string& name, const std::string& prefix) {
  if (name.rfind("arn:", 0) != 0) return prefix + name;
  const size_t at = name.find(":table/");
  if (at == std::string::npos) return NotSent("the ARN " + name + " names no table");
  std::string out = name;
  out.insert(at + 7, prefix);
  return out;
}

// Prefixes the string member `member` of `obj` when present (a missing or mistyped member is
// left for the endpoint to refuse, with its own message).
Status PrefixMember(Json& obj, const char* member, const std::string& prefix) {
  if (!obj.is_object()) return OkStatus();
  auto it = obj.find(member);
  if (it == obj.end() || !it->is_string()) return OkStatus();
  Result<std::string> name = PrefixedName(it->get<std::string>(), prefix);
  if (!name.ok()) return name.error();
  *it = std::move(name.value());
  return OkStatus();
}

// RequestItems {"table": ...}: the keys prefixed, in order.
Status PrefixKeys(Json& obj, const char* member, const std::string& prefix) {
  if (!obj.is_object()) return OkStatus();
  auto it = obj.find(member);
  if (it == obj.end() || !it->is_object()) return OkStatus();
  Json renamed = Json::object();
  for (auto e = it->begin(); e != it->end(); ++e) {
    Result<std::string> name = PrefixedName(e.key(), prefix);
    if (!name.ok()) return name.error();
    renamed[name.value()] = std::move(e.value());
  }
  *it = std::move(renamed);
  return OkStatus();
}

// TransactItems [{"Put": {"TableName": ...}}, ...].
Status PrefixTransactItems(Json& obj, const std::string& prefix) {
  if (!obj.is_object() || !obj.contains("TransactItems") || !obj["TransactItems"].is_array()) {
    return OkStatus();
  }
  for (Json& entry : obj["TransactItems"]) {
    if (!entry.is_object()) continue;
    for (auto action = entry.begin(); action != entry.end(); ++action) {
      DDB_TRY(PrefixMember(action.value(), "TableName", prefix));
    }
  }
  return OkStatus();
}

// The table a PartiQL statement names, quoted with the prefix. A statement whose table cannot be
// found is refused rather than sent as written, where it could reach a table of the same name.
Status PrefixStatement(Json& obj, const std::string& prefix) {
  if (!obj.is_object()) return OkStatus();
  auto it = obj.find("Statement");
  if (it == obj.end() || !it->is_string()) return OkStatus();
  std::string text = it->get<std::string>();
  shell::PartiqlTableSpan span;
  const std::string table = shell::PartiqlTableName(text, nullptr, &span);
  if (table.empty() || table.find('"') != std::string::npos || span.end <= span.begin) {
    return NotSent("the table this PartiQL statement names was not found in it: " +
                   text.substr(0, 200));
  }
  text.replace(span.begin, span.end - span.begin, "\"" + prefix + table + "\"");
  *it = std::move(text);
  return OkStatus();
}

Status PrefixStatements(Json& obj, const char* member, const std::string& prefix) {
  if (!obj.is_object() || !obj.contains(member) || !(*obj.find(member)).is_array()) {
    return OkStatus();
  }
  for (Json& st : obj[member]) DDB_TRY(PrefixStatement(st, prefix));
  return OkStatus();
}

// The request as the endpoint receives it. Every operation is named here, so an operation added
// to ddblab does not compile until it says where its requests name tables.
Status PrefixRequest(Operation op, Json& body, const std::string& prefix) {
  switch (op) {
    case Operation::BatchGetItem:
    case Operation::BatchWriteItem:
      return PrefixKeys(body, "RequestItems", prefix);
    case Operation::TransactGetItems:
    case Operation::TransactWriteItems:
      return PrefixTransactItems(body, prefix);
    case Operation::ExecuteStatement:
      return PrefixStatement(body, prefix);
    case Operation::BatchExecuteStatement:
      return PrefixStatements(body, "Statements", prefix);
    case Operation::ExecuteTransaction:
      return PrefixStatements(body, "TransactStatements", prefix);
    case Operation::CreateTable:
    case Operation::DeleteItem:
    case Operation::DeleteTable:
    case Operation::DescribeTable:
    case Operation::GetItem:
    case Operation::PutItem:
    case Operation::Query:
    case Operation::Scan:
    case Operation::UpdateItem:
    case Operation::UpdateTable:
    case Operation::DescribeContinuousBackups:
    case Operation::DescribeTimeToLive:
    case Operation::UpdateContinuousBackups:
    case Operation::UpdateTimeToLive:
      return PrefixMember(body, "TableName", prefix);
    case Operation::ListStreams:
      if (!body.is_object() || !body.contains("TableName")) {
        return NotSent("ListStreams without a TableName would list other tables' streams");
      }
      return PrefixMember(body, "TableName", prefix);
    case Operation::DescribeStream:
    case Operation::GetShardIterator:
      return PrefixMember(body, "StreamArn", prefix);
    case Operation::GetRecords:  // a shard iterator the endpoint gave for a renamed stream
    case Operation::DescribeEndpoints:
    case Operation::DescribeLimits:
    case Operation::ListTables:  // narrowed by the view itself (ListRunTables)
      return OkStatus();
    case Operation::TagResource:
    case Operation::UntagResource:
    case Operation::ListTagsOfResource:
    case Operation::DeleteResourcePolicy:
    case Operation::GetResourcePolicy:
      return PrefixMember(body, "ResourceArn", prefix);
    case Operation::PutResourcePolicy:
      return NotSent("a resource policy names tables inside its document, which is not renamed");
  }
  return NotSent("an operation whose table names are not known");
}

// ---------------------------------------------------------------------------------------------
// Answers: the prefix taken off.

void StripText(std::string& s, const std::string& prefix) {
  for (size_t at = s.find(prefix); at != std::string::npos; at = s.find(prefix, at)) {
    s.erase(at, prefix.size());
  }
}

// Every string and member name holding the prefix loses it: table names, ARNs, RequestItems-
// keyed answers (Responses, UnprocessedItems, ItemCollectionMetrics), messages. The prefix is
// random per run, so nothing a solution writes holds it.
void StripJson(Json& j, const std::string& prefix) {
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    if (s.find(prefix) == std::string::npos) return;
    StripText(s, prefix);
    j = std::move(s);
  } else if (j.is_array()) {
    for (Json& e : j) StripJson(e, prefix);
  } else if (j.is_object()) {
    bool renamed_key = false;
    for (auto it = j.begin(); it != j.end(); ++it) {
      renamed_key = renamed_key || it.key().find(prefix) != std::string::npos;
      StripJson(it.value(), prefix);
    }
    if (!renamed_key) return;
    Json out = Json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string key = it.key();
      StripText(key, prefix);
      out[key] = std::move(it.value());
    }
    j = std::move(out);
  }
}

void StripTrace(Trace& t, const std::string& prefix) {
  StripText(t.table, prefix);
  for (Trace& step : t.steps) StripTrace(step, prefix);
}

void StripResult(wire::JsonResult& r, const std::string& prefix) {
  StripJson(r.body, prefix);
  StripText(r.error.message, prefix);
  for (CancellationReason& reason : r.error.cancellation_reasons) {
    StripText(reason.message, prefix);
  }
  for (ConsumedCapacity& c : r.capacity) StripText(c.table_name, prefix);
  StripTrace(r.trace, prefix);
}

wire::JsonResult RefusedResult(Error e) {
  wire::JsonResult out;
  out.ok = false;
  out.http_status = 400;
  out.body = wire::ErrorToJson(e);
  out.error = std::move(e);
  return out;
}

// Whether a PartiQL statement only reads (its first word is SELECT).
bool StatementReads(const Json& st) {
  const std::string text = st.is_object() && st.contains("Statement") && st["Statement"].is_string()
                               ? st["Statement"].get<std::string>()
                               : "";
  size_t b = text.find_first_not_of(" \t\r\n(");
  if (b == std::string::npos) return false;
  std::string word;
  for (size_t i = b; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])); ++i) {
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  }
  return word == "SELECT";
}

enum class ItemAccess { kNone, kRead, kWrite };

// Whether a call reads or writes items (for the settle wait).
ItemAccess AccessOf(Operation op, const Json& body) {
  if (IsItemRead(op)) return ItemAccess::kRead;
  switch (op) {
    case Operation::PutItem:
    case Operation::UpdateItem:
    case Operation::DeleteItem:
    case Operation::BatchWriteItem:
    case Operation::TransactWriteItems:
      return ItemAccess::kWrite;
    case Operation::ExecuteStatement:
      return StatementReads(body) ? ItemAccess::kRead : ItemAccess::kWrite;
    case Operation::BatchExecuteStatement:
    case Operation::ExecuteTransaction: {
      const char* member =
          op == Operation::ExecuteTransaction ? "TransactStatements" : "Statements";
      if (!body.is_object() || !body.contains(member) || !body[member].is_array()) {
        return ItemAccess::kNone;
      }
      for (const Json& st : body[member]) {
        if (!StatementReads(st)) return ItemAccess::kWrite;
      }
      return ItemAccess::kRead;
    }
    default:
      return ItemAccess::kNone;
  }
}

class EndpointView final : public wire::Client {
 public:
  EndpointView(wire::Client& endpoint, EndpointViewOptions options)
      : endpoint_(endpoint), options_(std::move(options)) {}

  wire::JsonResult Call(std::string_view operation, const Json& request) override {
    if (wire::IsExtensionOperation(operation)) return endpoint_.Call(operation, request);
    const std::optional<Operation> op = OperationFromName(operation);
    if (!op) {
      return RefusedResult(
          NotSent("the operation " + std::string(operation) + " is not one ddblab knows"));
    }
    if (*op == Operation::ListTables) return ListRunTables(request);
    Json body = request;
    if (Status renamed = PrefixRequest(*op, body, options_.prefix); !renamed.ok()) {
      return RefusedResult(renamed.error());
    }
    const ItemAccess access = AccessOf(*op, request);
    if (access == ItemAccess::kRead) Settle();
    wire::JsonResult out = CallWithRetries(operation, body);
    if (access == ItemAccess::kWrite) last_write_ = Clock::now();
    if (out.ok && (*op == Operation::CreateTable || *op == Operation::UpdateTable)) {
      WaitUntilActive(body.value("TableName", std::string()));
    }
    StripResult(out, options_.prefix);
    return out;
  }

  bool IsRemote() const override { return endpoint_.IsRemote(); }
  std::string Describe() const override {
    return endpoint_.Describe() + " (tables " + options_.prefix + "*)";
  }

 private:
  // The aws CLI and the SDKs retry throttling and server errors with backoff, so the solution's
  // commands would: the run does the same, rather than grade a service's transient refusal.
  // DynamoDB: "Error retries and exponential backoff" (Programming.Errors.html).
  wire::JsonResult CallWithRetries(std::string_view operation, const Json& body) {
    std::chrono::milliseconds wait{50};
    for (int attempt = 1;; ++attempt) {
      wire::JsonResult out = endpoint_.Call(operation, body);
      const ErrorType t = out.error.type;
      const bool retryable = !out.ok && (t == ErrorType::kThrottlingException ||
                                         t == ErrorType::kProvisionedThroughputExceededException ||
                                         t == ErrorType::kRequestLimitExceeded ||
                                         t == ErrorType::kInternalServerError);
      if (!retryable || attempt == kAttempts) return out;
      std::this_thread::sleep_for(wait);
      wait *= 2;
    }
  }
  static constexpr int kAttempts = 5;

  void Settle() {
    if (options_.settle.count() <= 0 || last_write_ == Clock::time_point{}) return;
    const Clock::time_point ready = last_write_ + options_.settle;
    if (Clock::now() < ready) std::this_thread::sleep_until(ready);
    last_write_ = Clock::time_point{};
  }

  // DynamoDB answers CreateTable with CREATING and UpdateTable with UPDATING (an index being
  // added: CREATING, then backfilling); items can be written when everything is ACTIVE.
  void WaitUntilActive(const std::string& table) {
    if (table.empty()) return;
    const Clock::time_point deadline = Clock::now() + options_.active_timeout;
    for (;;) {
      wire::JsonResult d = endpoint_.Call("DescribeTable", Json{{"TableName", table}});
      // A table just created may not be described yet: that is "not yet", not "never".
      const bool not_yet = !d.ok && d.error.type == ErrorType::kResourceNotFoundException;
      if (!not_yet && (!d.ok || !d.body.is_object() || !d.body.contains("Table"))) return;
      const Json& t = not_yet ? Json::object() : d.body["Table"];
      bool active = !not_yet && t.value("TableStatus", std::string("ACTIVE")) == "ACTIVE";
      if (t.contains("GlobalSecondaryIndexes") && t["GlobalSecondaryIndexes"].is_array()) {
        for (const Json& g : t["GlobalSecondaryIndexes"]) {
          active = active && g.is_object() &&
                   g.value("IndexStatus", std::string("ACTIVE")) == "ACTIVE" &&
                   !g.value("Backfilling", false);
        }
      }
      if (active || Clock::now() >= deadline) return;
      std::this_thread::sleep_for(options_.poll_interval);
    }
  }

  // ListTables over the run's tables only: the endpoint's pages are read, with the caller's
  // Limit, until that many of the run's tables are found or the endpoint has no more.
  wire::JsonResult ListRunTables(const Json& request) {
    Json page_request = Json::object();
    size_t limit = 100;
    if (request.is_object()) {
      if (auto l = request.find("Limit"); l != request.end()) {
        page_request["Limit"] = *l;
        if (l->is_number_integer() && l->get<int64_t>() > 0) {
          limit = static_cast<size_t>(l->get<int64_t>());
        }
      }
      if (auto s = request.find("ExclusiveStartTableName"); s != request.end()) {
        page_request["ExclusiveStartTableName"] = *s;
        if (Status st = PrefixMember(page_request, "ExclusiveStartTableName", options_.prefix);
            !st.ok()) {
          return RefusedResult(st.error());
        }
      }
      for (auto it = request.begin(); it != request.end(); ++it) {
        if (it.key() != "Limit" && it.key() != "ExclusiveStartTableName") {
          page_request[it.key()] = it.value();  // the endpoint refuses what it does not know
        }
      }
    }
    Json names = Json::array();
    bool more = false;
    wire::JsonResult page;
    for (int pages = 0; pages < 1000; ++pages) {
      page = endpoint_.Call("ListTables", page_request);
      if (!page.ok) {
        StripResult(page, options_.prefix);
        return page;
      }
      const Json& got = page.body.contains("TableNames") && page.body["TableNames"].is_array()
                            ? page.body["TableNames"]
                            : Json::array();
      const auto last = page.body.find("LastEvaluatedTableName");
      const bool endpoint_has_more = last != page.body.end() && last->is_string();
      for (size_t i = 0; i < got.size(); ++i) {
        if (!got[i].is_string()) continue;
        std::string name = got[i].get<std::string>();
        if (name.rfind(options_.prefix, 0) != 0) continue;
        if (names.size() == limit) {
          more = true;
          break;
        }
        names.push_back(name.substr(options_.prefix.size()));
      }
      if (more || !endpoint_has_more) break;
      if (names.size() == limit) {
        more = true;  // the endpoint has more, which may or may not be the run's
        break;
      }
      page_request["ExclusiveStartTableName"] = *last;
    }
    wire::JsonResult out = std::move(page);
    out.body = Json::object();
    if (more && !names.empty()) out.body["LastEvaluatedTableName"] = names.back();
    out.body["TableNames"] = std::move(names);
    return out;
  }

  wire::Client& endpoint_;
  EndpointViewOptions options_;
  Clock::time_point last_write_{};
};

}  // namespace

std::string NewRunPrefix() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<uint64_t>(rd()) << 32) ^ rd() ^
                      static_cast<uint64_t>(Clock::now().time_since_epoch().count()));
  static const char kHex[] = "0123456789abcdef";
  std::string out = "ddblab-";
  for (int i = 0; i < 8; ++i) out += kHex[gen() % 16];
  return out + "-";
}

std::unique_ptr<wire::Client> MakeEndpointView(wire::Client& endpoint,
                                               const EndpointViewOptions& options) {
  return std::make_unique<EndpointView>(endpoint, options);
}

Result<std::vector<std::string>> ListPrefixedTables(wire::Client& endpoint,
                                                    const std::string& prefix) {
  std::vector<std::string> out;
  Json request = Json::object();
  for (int pages = 0; pages < 1000; ++pages) {
    wire::JsonResult page = endpoint.Call("ListTables", request);
    if (!page.ok) return page.error;
    if (page.body.contains("TableNames") && page.body["TableNames"].is_array()) {
      for (const Json& n : page.body["TableNames"]) {
        if (n.is_string() && n.get<std::string>().rfind(prefix, 0) == 0) {
          out.push_back(n.get<std::string>());
        }
      }
    }
    auto last = page.body.find("LastEvaluatedTableName");
    if (last == page.body.end() || !last->is_string()) break;
    request["ExclusiveStartTableName"] = *last;
  }
  return out;
}

CleanupResult DeletePrefixedTables(wire::Client& endpoint, const std::string& prefix,
                                   std::chrono::seconds deadline) {
  CleanupResult out;
  const Clock::time_point until = Clock::now() + deadline;
  std::set<std::string> deleted, given_up;
  // A table a killed grader was creating may appear only after the first listing: every round
  // lists again, and the cleanup ends with a listing that shows nothing left to delete.
  for (int round = 0;; ++round) {
    Result<std::vector<std::string>> names = ListPrefixedTables(endpoint, prefix);
    if (!names.ok()) {
      out.error = names.error().message;
      break;
    }
    std::vector<std::string> todo;
    for (const std::string& n : *names) {
      if (!deleted.contains(n) && !given_up.contains(n)) todo.push_back(n);
    }
    if (todo.empty() && round > 0) break;
    bool waiting = false;
    for (const std::string& n : todo) {
      wire::JsonResult r = endpoint.Call("DeleteTable", Json{{"TableName", n}});
      if (r.ok || r.error.type == ErrorType::kResourceNotFoundException) {
        deleted.insert(n);
      } else if (r.error.type == ErrorType::kResourceInUseException) {
        waiting = true;  // still being created or updated: DynamoDB deletes it when ACTIVE
      } else {
        given_up.insert(n);
        out.error = std::string(ErrorTypeName(r.error.type)) + ": " + r.error.message;
      }
    }
    if (Clock::now() >= until) break;
    std::this_thread::sleep_for(waiting ? std::chrono::milliseconds(1000)
                                        : std::chrono::milliseconds(250));
  }
  out.deleted.assign(deleted.begin(), deleted.end());
  Result<std::vector<std::string>> left = ListPrefixedTables(endpoint, prefix);
  if (left.ok()) {
    for (const std::string& n : *left) {
      if (!deleted.contains(n)) out.left.push_back(n);
    }
  } else {
    out.left.assign(given_up.begin(), given_up.end());
  }
  return out;
}

}  // namespace ddblab::grade
