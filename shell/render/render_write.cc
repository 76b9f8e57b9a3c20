// The one-line result of a write in table and line modes ("1 item written"): a put, update or
// delete returns no items, so without it the shell printed "(no items)" for PartiQL writes and
// nothing at all for put-item. json, ddbjson and jsonl keep printing the response unchanged.
#include <cctype>
#include <string>
#include <vector>

#include "shell/render/render.h"

namespace ddblab::shell {

using wire::Json;

namespace {

struct WriteCounts {
  int64_t written = 0;  // puts (PutItem, INSERT, PutRequest, Put)
  int64_t updated = 0;
  int64_t deleted = 0;
  int64_t checked = 0;               // TransactWriteItems' ConditionCheck
  std::vector<std::string> refused;  // error codes of a batch's statements that failed alone
};

// Counts the requests of a BatchWriteItem request as written.
void CountBatch(const Json& request_items, WriteCounts& c) {
  if (!request_items.is_object()) return;
  for (auto it = request_items.begin(); it != request_items.end(); ++it) {
    if (!it.value().is_array()) continue;
    for (const auto& req : it.value()) {
      if (!req.is_object()) continue;
      if (req.contains("PutRequest")) ++c.written;
      if (req.contains("DeleteRequest")) ++c.deleted;
    }
  }
}

// A PartiQL write counted by its first word (INSERT, UPDATE, DELETE, EXISTS); false for a read.
bool CountStatement(const Json& statement, WriteCounts& c) {
  std::string text = statement.is_object() ? statement.value("Statement", std::string()) : "";
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return false;
  std::string word;
  for (size_t i = b; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])); ++i)
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  if (word == "INSERT")
    ++c.written;
  else if (word == "UPDATE")
    ++c.updated;
  else if (word == "DELETE")
    ++c.deleted;
  else if (word == "EXISTS")
    ++c.checked;
  else
    return false;
  return true;
}

std::string Count(int64_t n, const char* verb) {
  return std::to_string(n) + (n == 1 ? " item " : " items ") + verb;
}

}  // namespace

std::string WriteSummary(const StatementResult& r) {
  if (!r.ok || r.kind == InputKind::kExplain || r.calls.size() != 1) return "";
  // For PartiQL the trace names the operation the statement became (INSERT -> PutItem).
  const std::string& op = r.merged.trace.operation;
  WriteCounts c;
  if (r.operation == "ExecuteTransaction" && r.request.is_object()) {
    // All or nothing: a transaction that succeeded applied every statement.
    const Json statements = r.request.value("TransactStatements", Json::array());
    if (!statements.is_array()) return "";
    for (const auto& st : statements) CountStatement(st, c);
  } else if (r.operation == "BatchExecuteStatement" && r.request.is_object()) {
    // Each statement succeeds or fails on its own; a batch of reads shows its items instead.
    const Json statements = r.request.value("Statements", Json::array());
    const auto* batch =
        r.response ? ResponseAs<Operation::BatchExecuteStatement>(*r.response) : nullptr;
    if (!statements.is_array()) return "";
    bool any_write = false;
    for (size_t i = 0; i < statements.size(); ++i) {
      const Error* failed =
          batch != nullptr && i < batch->responses.size() && batch->responses[i].error
              ? &*batch->responses[i].error
              : nullptr;
      WriteCounts one;
      if (!CountStatement(statements[i], one)) continue;
      any_write = true;
      if (failed != nullptr) {
        c.refused.push_back(wire::BatchStatementErrorCode(failed->type));
        continue;
      }
      c.written += one.written;
      c.updated += one.updated;
      c.deleted += one.deleted;
      c.checked += one.checked;
    }
    if (!any_write) return "";
  } else if (op == "PutItem") {
    c.written = 1;
  } else if (op == "UpdateItem") {
    c.updated = 1;
  } else if (op == "DeleteItem") {
    // DynamoDB: DeleteItem succeeds whether or not the item existed, and says which only with
    // ReturnValues ALL_OLD, so this counts the delete performed, as the WCU in the footer does.
    c.deleted = 1;
  } else if (op == "BatchWriteItem" && r.request.is_object()) {
    CountBatch(r.request.value("RequestItems", Json::object()), c);
    if (const auto* batch =
            r.response ? ResponseAs<Operation::BatchWriteItem>(*r.response) : nullptr) {
      for (const auto& [table, writes] : batch->unprocessed_items) {
        for (const WriteRequest& w : writes) {
          if (w.put_request_item) --c.written;
          if (w.delete_request_key) --c.deleted;
        }
      }
    }
  } else if (op == "TransactWriteItems" && r.request.is_object()) {
    const Json items = r.request.value("TransactItems", Json::array());
    if (!items.is_array()) return "";
    for (const auto& t : items) {
      if (!t.is_object()) continue;
      if (t.contains("Put")) ++c.written;
      if (t.contains("Update")) ++c.updated;
      if (t.contains("Delete")) ++c.deleted;
      if (t.contains("ConditionCheck")) ++c.checked;
    }
  } else if ((op.empty() || op == "ExecuteStatement") && r.operation == "ExecuteStatement") {
    // A remote endpoint sends no trace: the statement's own first word says what it was.
    if (!CountStatement(r.request, c)) return "";
  } else {
    return "";
  }
  std::string out;
  auto add = [&](int64_t n, const char* verb) {
    if (n <= 0) return;
    out += (out.empty() ? "" : ", ") + Count(n, verb);
  };
  add(c.written, "written");
  add(c.updated, "updated");
  add(c.deleted, "deleted");
  if (c.checked > 0) {
    out += (out.empty() ? "" : ", ") + std::to_string(c.checked) +
           (c.checked == 1 ? " condition checked" : " conditions checked");
  }
  if (out.empty()) out = "0 items written";
  if (!c.refused.empty()) {
    out += ", " + std::to_string(c.refused.size()) +
           (c.refused.size() == 1 ? " statement refused: " : " statements refused: ");
    for (size_t i = 0; i < c.refused.size(); ++i) out += (i ? ", " : "") + c.refused[i];
  }
  return out;
}

}  // namespace ddblab::shell
