// table mode: items as aligned rows, key attributes first, grouped by item collection (the
// partition key shown once per collection, as NoSQL Workbench's facet view does). Other
// responses get a short human summary.
#include <algorithm>
#include <string>
#include <vector>

#include "render_items.h"
#include "shell/render/render.h"
#include "shell/render/table_layout.h"

namespace ddblab::shell {

using wire::Json;

namespace {

void RenderItemSet(const ItemSet& set, const RenderContext& ctx, OutputSink& sink) {
  if (!set.title.empty()) sink.Line(set.title + ":", Style::kHeader);
  if (set.items.empty()) {
    sink.Line("(no items)", Style::kDim);
    return;
  }
  KeyInfo keys;
  if (ctx.keys && !set.table.empty()) keys = ctx.keys(set.table, set.index);
  TableLayout layout = PlanTable(set.items, keys, ctx.width);
  PrintTableHeader(layout, sink);
  PrintTableRows(layout, set.items, sink);
}

// The table description a table operation answered with, or nullptr.
const TableDescription* DescribedTable(const StatementResult& r) {
  if (!r.response) return nullptr;
  if (const auto* d = ResponseAs<Operation::DescribeTable>(*r.response)) return &d->table;
  if (const auto* c = ResponseAs<Operation::CreateTable>(*r.response)) return &c->table_description;
  if (const auto* u = ResponseAs<Operation::UpdateTable>(*r.response)) return &u->table_description;
  if (const auto* x = ResponseAs<Operation::DeleteTable>(*r.response)) return &x->table_description;
  return nullptr;
}

// EXPLAIN's plan or an extension operation's answer: a JSON document, shown as a summary when it
// is a plan and as indented JSON otherwise.
void RenderDocument(const StatementResult& r, OutputSink& sink) {
  const Json& o = r.document;
  if (r.kind != InputKind::kExplain || !o.is_object()) {
    if (!o.is_null()) sink.Line(o.dump(4));
    return;
  }
  sink.Line(
      "EXPLAIN " + o.value("operation", std::string("?")) + " on " +
          o.value("table", std::string("?")) +
          (o.value("index", std::string()).empty() ? std::string()
                                                   : " index " + o.value("index", std::string())),
      Style::kHeader);
  auto field = [&](const char* label, const char* key) {
    std::string v = o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : "";
    if (!v.empty()) sink.Line(std::string("  ") + label + v);
  };
  field("key condition: ", "key_condition");
  field("filter:        ", "filter");
  field("why:           ", "reason");
  if (o.value("partitions_known", true) == false) {
    sink.Line("  partitions:    not known at an endpoint (planned from DescribeTable)");
  }
}

// A batch's unprocessed keys or writes, as the aws CLI would print them; whether there were any.
bool RenderUnprocessed(const Response& response, OutputSink& sink) {
  bool any = false;
  if (const auto* w = ResponseAs<Operation::BatchWriteItem>(response)) {
    any = !w->unprocessed_items.empty();
  } else if (const auto* g = ResponseAs<Operation::BatchGetItem>(response)) {
    any = !g->unprocessed_keys.empty();
  }
  if (!any) return false;
  const Json body = wire::ResponseToJson(response, "");
  for (const char* field : {"UnprocessedItems", "UnprocessedKeys"}) {
    if (body.contains(field) && !body[field].empty()) {
      sink.Line(std::string(field) + ": " + body[field].dump(4), Style::kWarning);
    }
  }
  return true;
}

}  // namespace

void RenderTable(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  if (!r.ok) return;
  if (!r.response) {
    RenderDocument(r, sink);
    return;
  }
  const Response& response = *r.response;
  bool printed = false;
  if (const TableDescription* table = DescribedTable(r)) {
    const bool deleted = OperationOf(response) == Operation::DeleteTable;
    for (const auto& line : TableSummary(*table, !deleted)) sink.Line(line);
    printed = true;
  }
  if (const auto* list = ResponseAs<Operation::ListTables>(response)) {
    for (const std::string& name : list->table_names) sink.Line(name);
    if (list->table_names.empty()) sink.Line("(no tables)", Style::kDim);
    printed = true;
  }
  if (HasItemFields(r)) {
    bool first = true;
    for (const auto& set : FindItemSets(r)) {
      if (!first) sink.Line("");
      first = false;
      RenderItemSet(set, ctx, sink);
    }
    printed = true;
  }
  if (const auto* get = ResponseAs<Operation::GetItem>(response); get && !get->item) {
    sink.Line("(no item with that key)", Style::kDim);
    printed = true;
  }
  // Select COUNT, or a read whose items were printed as they arrived: the counts alone.
  if (const QueryResponse* page = QueryOrScanPage(response);
      page && (page->count_only || r.streamed_items > 0)) {
    sink.Line("Count: " + std::to_string(page->count) +
              "  ScannedCount: " + std::to_string(page->scanned_count));
    printed = true;
  }
  if (RenderUnprocessed(response, sink)) printed = true;
  if (printed) return;
  // Whatever else the response holds (time to live, tags, limits): show it rather than hide it.
  Json rest = Json::object();
  const Json& o = r.output();
  for (auto it = o.begin(); it != o.end(); ++it) {
    const std::string& k = it.key();
    if (k == "ConsumedCapacity" || k == "LastEvaluatedKey" || k == "NextToken" ||
        k == "ScannedCount" || k == "ItemCollectionMetrics" || k == "UnprocessedItems" ||
        k == "UnprocessedKeys") {
      continue;
    }
    rest[k] = it.value();
  }
  if (!rest.empty()) sink.Line(rest.dump(4));
}

}  // namespace ddblab::shell
