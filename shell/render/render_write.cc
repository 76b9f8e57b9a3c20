// The one-line result of a write in table and line modes ("1 item written"): a put, update or
// delete returns no items, so without it the shell printed "(no items)" for PartiQL writes and
// nothing at all for put-item. json, ddbjson and jsonl keep printing the response unchanged.
#include <cctype>
#include <string>
#include <vector>

#include "shell/render/render.h"

namespace ddblab::shell {

namespace {

struct WriteCounts {
  int64_t written = 0;  // puts (PutItem, INSERT, PutRequest, Put)
  int64_t updated = 0;
  int64_t deleted = 0;
  int64_t checked = 0;               // TransactWriteItems' ConditionCheck
  std::vector<std::string> refused;  // error codes of a batch's statements that failed alone
};

// A PartiQL write counted by its first word (INSERT, UPDATE, DELETE, EXISTS); false for a read.
bool CountStatement(const std::string& text, WriteCounts& c) {
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
  const std::string& name = r.merged().trace.operation;
  const std::optional<Operation> op = OperationFromName(name);
  WriteCounts c;
  const Request* sent = r.sent ? &*r.sent : nullptr;
  if (const auto* tx = sent ? std::get_if<ExecuteTransactionRequest>(sent) : nullptr) {
    // All or nothing: a transaction that succeeded applied every statement. A transaction is
    // all reads or all writes: one of reads shows its items instead.
    bool any_write = false;
    for (const ParameterizedStatement& st : tx->transact_statements) {
      any_write = CountStatement(st.statement, c) || any_write;
    }
    if (!any_write) return "";
  } else if (const auto* statements =
                 sent ? std::get_if<BatchExecuteStatementRequest>(sent) : nullptr) {
    // Each statement succeeds or fails on its own; a batch of reads shows its items instead.
    const auto* batch =
        r.response ? ResponseAs<Operation::BatchExecuteStatement>(*r.response) : nullptr;
    bool any_write = false;
    for (size_t i = 0; i < statements->statements.size(); ++i) {
      const Error* failed =
          batch != nullptr && i < batch->responses.size() && batch->responses[i].error
              ? &*batch->responses[i].error
              : nullptr;
      WriteCounts one;
      if (!CountStatement(statements->statements[i].statement, one)) continue;
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
  } else if (op == Operation::PutItem) {
    c.written = 1;
  } else if (op == Operation::UpdateItem) {
    c.updated = 1;
  } else if (op == Operation::DeleteItem) {
    // DynamoDB: DeleteItem succeeds whether or not the item existed, and says which only with
    // ReturnValues ALL_OLD, so this counts the delete performed, as the WCU in the footer does.
    c.deleted = 1;
  } else if (const auto* writes = sent ? std::get_if<BatchWriteItemRequest>(sent) : nullptr;
             writes != nullptr && op == Operation::BatchWriteItem) {
    for (const auto& [table, requests] : writes->request_items) {
      for (const WriteRequest& w : requests) {
        if (w.put_request_item) ++c.written;
        if (w.delete_request_key) ++c.deleted;
      }
    }
    if (const auto* batch =
            r.response ? ResponseAs<Operation::BatchWriteItem>(*r.response) : nullptr) {
      for (const auto& [table, unprocessed] : batch->unprocessed_items) {
        for (const WriteRequest& w : unprocessed) {
          if (w.put_request_item) --c.written;
          if (w.delete_request_key) --c.deleted;
        }
      }
    }
  } else if (const auto* items = sent ? std::get_if<TransactWriteItemsRequest>(sent) : nullptr;
             items != nullptr && op == Operation::TransactWriteItems) {
    for (const TransactWriteItem& t : items->transact_items) {
      if (t.action == "Put") ++c.written;
      if (t.action == "Update") ++c.updated;
      if (t.action == "Delete") ++c.deleted;
      if (t.action == "ConditionCheck") ++c.checked;
    }
  } else if (const auto* one = sent ? std::get_if<ExecuteStatementRequest>(sent) : nullptr;
             one != nullptr && (name.empty() || op == Operation::ExecuteStatement)) {
    // A remote endpoint sends no trace: the statement's own first word says what it was.
    if (!CountStatement(one->statement, c)) return "";
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
