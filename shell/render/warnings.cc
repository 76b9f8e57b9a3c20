// Teaching warnings: the shapes of calls that cost more than they need to on DynamoDB, each
// explained in one line after the footer.
#include <map>
#include <string>

#include "shell/render/plural.h"
#include "shell/render/render.h"

namespace ddblab::shell {

namespace {

// DynamoDB: an item may be at most 400 KB; warn from 300 KB on.
constexpr int64_t kItemLimit = 400 * 1024;
constexpr int64_t kNearItemLimit = 300 * 1024;

bool AnyScan(const Trace& t) {
  if (OperationFromName(t.operation) == Operation::Scan) return true;
  for (const auto& s : t.steps) {
    if (OperationFromName(s.operation) == Operation::Scan) return true;
  }
  return false;
}

void CheckItemSize(const Item& item, std::vector<std::string>& out) {
  const int64_t size = static_cast<int64_t>(ItemSizeBytes(item));
  if (size < kNearItemLimit) return;
  out.push_back("an item is about " + std::to_string(size / 1024) + " KB, close to DynamoDB's " +
                std::to_string(kItemLimit / 1024) +
                " KB item limit; move growing data into items of its own");
}

// The items a statement wrote (PutItem's) or read (a read's), for the size check.
std::vector<const Item*> ItemsOf(const StatementResult& r) {
  std::vector<const Item*> items;
  if (!r.response) return items;
  if (const QueryResponse* page = QueryOrScanPage(*r.response)) {
    for (const ResultItem& item : page->items) items.push_back(&item.item());
  } else if (const auto* get = ResponseAs<Operation::GetItem>(*r.response)) {
    if (get->item) items.push_back(&get->item->item());
  }
  return items;
}

// Counts requests per (table, partition-key value) in a batch or transaction.
void CountKey(const RenderContext& ctx, const std::string& table, const Item* item,
              std::map<std::pair<std::string, std::string>, int>& counts, int& total) {
  if (!ctx.keys || item == nullptr) return;
  KeyInfo k = ctx.keys(table, "");
  if (k.key_names.empty()) return;
  const std::string& pk = k.key_names.front();
  auto value = item->find(pk);
  if (value == item->end()) return;
  ++total;
  ++counts[{table, pk + " = " + CellText(value->second)}];
}

void CheckHotKey(const StatementResult& r, const RenderContext& ctx,
                 std::vector<std::string>& out) {
  if (!r.sent) return;
  std::map<std::pair<std::string, std::string>, int> counts;
  int total = 0;
  if (const auto* batch = std::get_if<BatchWriteItemRequest>(&*r.sent)) {
    for (const auto& [table, writes] : batch->request_items) {
      for (const WriteRequest& w : writes) {
        if (w.put_request_item) CountKey(ctx, table, &*w.put_request_item, counts, total);
        if (w.delete_request_key) CountKey(ctx, table, &*w.delete_request_key, counts, total);
      }
    }
  } else if (const auto* gets = std::get_if<BatchGetItemRequest>(&*r.sent)) {
    for (const auto& [table, keys] : gets->request_items) {
      for (const Key& key : keys.keys) CountKey(ctx, table, &key, counts, total);
    }
  } else if (const auto* tx = std::get_if<TransactWriteItemsRequest>(&*r.sent)) {
    for (const TransactWriteItem& action : tx->transact_items) {
      const Item* named = action.item ? &*action.item : action.key ? &*action.key : nullptr;
      CountKey(ctx, action.table_name, named, counts, total);
    }
  }
  for (const auto& [key, n] : counts) {
    // A few requests for one key are normal; a batch dominated by one key is the hot-key shape.
    if (n >= 3 && n * 2 > total) {
      out.push_back(std::to_string(n) + " of the " + std::to_string(total) +
                    " requests in this batch use " + key.second + " on " + key.first +
                    ": they all land on one partition (a hot key); spread writes across keys");
    }
  }
}

}  // namespace

std::vector<std::string> Warnings(const StatementResult& r, const RenderContext& ctx) {
  std::vector<std::string> out;
  if (r.calls.empty() || r.kind == InputKind::kExplain) return out;
  const CallResult& m = r.merged();
  const Trace& t = m.trace;
  int64_t read = t.items_read, returned = t.items_returned;
  if (const QueryResponse* page = r.response ? QueryOrScanPage(*r.response) : nullptr) {
    read = std::max<int64_t>(read, page->scanned_count);
    returned = page->count;
  }
  if (AnyScan(t)) {
    // The partitions it really reached: a Scan stopped early (Ctrl-C, a Limit) did not reach
    // them all, and the footer above says which it did.
    const int64_t reached = static_cast<int64_t>(t.partitions_hit.size());
    std::string parts;
    if (t.partitions_total > 0 && reached >= t.partitions_total) {
      parts = " from all " + Counted(t.partitions_total, "partition");
    } else if (t.partitions_total > 0) {
      parts =
          " from " + std::to_string(reached) + " of " + Counted(t.partitions_total, "partition");
    }
    std::string reason;
    for (const auto& c : r.calls) {
      if (reason.empty()) reason = c.trace.scan_reason;
    }
    const std::string suffix = " -> full Scan";
    if (reason.size() > suffix.size() && reason.ends_with(suffix)) {
      reason.resize(reason.size() - suffix.size());
    }
    // A GSI with a multi-attribute partition key needs an equality on each of its attributes;
    // the planner's reason names the one that was missing.
    const bool multi_attribute = r.kind == InputKind::kPartiql && !t.index.empty() && ctx.keys &&
                                 ctx.keys(t.table, t.index).hash_key_count > 1;
    // A remote endpoint does not say how much a PartiQL Scan read (read < 0): the whole table.
    const std::string how_much = read < 0 ? "the whole table" : Counted(read, "item") + parts;
    if (multi_attribute && !reason.empty()) {
      out.push_back("this SELECT ran as a Scan: " + reason + "; it read " + how_much +
                    " to return " + std::to_string(returned));
    } else if (r.kind == InputKind::kPartiql) {
      out.push_back(
          "this SELECT has no equality on the partition key, so it ran as a Scan: "
          "it read " +
          how_much + " to return " + std::to_string(returned));
    } else {
      out.push_back("Scan read " + how_much + "; a Query reads only one item collection");
    }
  }
  // The request is read last: a fast-path put-item parses it on first use.
  if (read >= 2 && returned * 2 < read &&
      (t.filtered || (r.request().is_object() && r.request().contains("FilterExpression")))) {
    out.push_back("the filter discarded " + std::to_string(read - returned) + " of the " +
                  std::to_string(read) + " items read; filters run after the read, so all " +
                  std::to_string(read) + " were paid for");
  }
  const std::string index = t.index;
  const std::optional<Operation> op = OperationFromName(t.operation);
  if (!index.empty() && ctx.keys && (op == Operation::Query || op == Operation::Scan)) {
    if (ctx.keys(t.table, index).global_index) {
      out.push_back(index +
                    " is a global secondary index: on DynamoDB its reads are eventually "
                    "consistent and may miss a just-written item");
    }
  }
  if (const auto* put = r.sent ? std::get_if<PutItemRequest>(&*r.sent) : nullptr) {
    CheckItemSize(put->item, out);  // the item as the statement wrote it
  }
  for (const Item* item : ItemsOf(r)) CheckItemSize(*item, out);
  CheckHotKey(r, ctx, out);
  return out;
}

}  // namespace ddblab::shell
