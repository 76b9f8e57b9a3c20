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

}  // namespace

void RenderTable(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  const Json& o = r.output();
  if (!o.is_object()) {
    if (!o.is_null()) sink.Line(o.dump(4));
    return;
  }
  if (r.kind == InputKind::kExplain) {
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
    return;
  }
  bool printed = false;
  if (const TableDescription* table = DescribedTable(r)) {
    const bool deleted = OperationOf(*r.response) == Operation::DeleteTable;
    for (const auto& line : TableSummary(*table, !deleted)) sink.Line(line);
    printed = true;
  }
  if (o.contains("TableNames") && o["TableNames"].is_array()) {
    for (const auto& name : o["TableNames"])
      sink.Line(name.is_string() ? name.get<std::string>() : name.dump());
    if (o["TableNames"].empty()) sink.Line("(no tables)", Style::kDim);
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
  if (r.operation == "GetItem" && !o.contains("Item")) {
    sink.Line("(no item with that key)", Style::kDim);
    printed = true;
  }
  if (!o.contains("Items") && o.contains("Count")) {
    std::string line = "Count: " + o["Count"].dump();
    if (o.contains("ScannedCount")) line += "  ScannedCount: " + o["ScannedCount"].dump();
    sink.Line(line);
    printed = true;
  }
  for (const char* field : {"UnprocessedItems", "UnprocessedKeys"}) {
    if (o.contains(field) && !o[field].empty()) {
      sink.Line(std::string(field) + ": " + o[field].dump(4), Style::kWarning);
      printed = true;
    }
  }
  if (!printed) {
    // Whatever else the response holds (rare): show it rather than hide it.
    Json rest = Json::object();
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
}

}  // namespace ddblab::shell
