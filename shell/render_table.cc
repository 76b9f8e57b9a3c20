// table mode: items as aligned rows, key attributes first, grouped by item collection (the
// partition key shown once per collection, as NoSQL Workbench's facet view does). Other
// responses get a short human summary.
#include <algorithm>
#include <string>
#include <vector>

#include "display_width.h"
#include "render_items.h"
#include "shell/render.h"

namespace ddblab::shell {

using wire::Json;

namespace {

// Columns a cell may take before it is cut.
constexpr size_t kMaxCellWidth = 48;

std::string Truncate(std::string s) {
  for (char& c : s) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  if (DisplayWidth(s) <= kMaxCellWidth) return s;
  // Cut by columns, on a character boundary, leaving one column for the ellipsis.
  return s.substr(0, PrefixWithin(s, kMaxCellWidth - 1)) + "\xE2\x80\xA6";  // U+2026
}

std::string Pad(const std::string& s, size_t width) {
  size_t w = DisplayWidth(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

void EmitRows(const std::vector<std::vector<std::string>>& rows, OutputSink& sink) {
  if (rows.empty()) return;
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], DisplayWidth(row[i]));
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < rows[r].size(); ++i) {
      if (i > 0) line += "  ";
      line += i + 1 == rows[r].size() ? rows[r][i] : Pad(rows[r][i], widths[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    sink.Line(line, r == 0 ? Style::kHeader : Style::kPlain);
    if (r == 0) {
      std::string rule;
      for (size_t i = 0; i < widths.size(); ++i) {
        if (i > 0) rule += "  ";
        rule += std::string(widths[i], '-');
      }
      sink.Line(rule, Style::kDim);
    }
  }
}

void RenderItemSet(const ItemSet& set, const RenderContext& ctx, OutputSink& sink) {
  if (!set.title.empty()) sink.Line(set.title + ":", Style::kHeader);
  if (set.items.empty()) {
    sink.Line("(no items)", Style::kDim);
    return;
  }
  std::vector<std::string> keys;
  size_t hash_count = 1;
  if (ctx.keys && !set.table.empty()) {
    KeyInfo info = ctx.keys(set.table, set.index);
    keys = info.key_names;
    hash_count = std::max<size_t>(1, info.hash_key_count);
  }
  std::vector<std::string> cols = ColumnOrder(set.items, keys);
  std::vector<Json> items = set.items;
  // Only key columns can define an item collection (the partition key, one column or a GSI's
  // several); without them keep the response order.
  bool grouped =
      keys.size() >= hash_count && cols.size() >= hash_count &&
      std::equal(keys.begin(), keys.begin() + static_cast<long>(hash_count), cols.begin());
  std::vector<std::string> hash_cols;
  if (grouped) {
    hash_cols.assign(keys.begin(), keys.begin() + static_cast<long>(hash_count));
    items = GroupByCollection(items, hash_cols);
  }
  std::vector<std::vector<std::string>> rows;
  rows.push_back(cols);
  std::string previous;
  for (size_t n = 0; n < items.size(); ++n) {
    const Json& item = items[n];
    std::vector<std::string> row;
    for (size_t i = 0; i < cols.size(); ++i) {
      std::string cell = item.contains(cols[i]) ? Truncate(CellText(item[cols[i]])) : "";
      if (i < hash_cols.size()) {
        std::string collection = CollectionOf(item, hash_cols);
        if (n > 0 && collection == previous) cell.clear();
        if (i + 1 == hash_cols.size()) previous = collection;
      }
      row.push_back(std::move(cell));
    }
    rows.push_back(std::move(row));
  }
  EmitRows(rows, sink);
}

}  // namespace

void RenderTable(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  const Json& o = r.output;
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
    return;
  }
  bool printed = false;
  for (const char* field : {"Table", "TableDescription"}) {
    if (o.contains(field) && o[field].is_object()) {
      for (const auto& line : TableSummary(o[field])) sink.Line(line);
      printed = true;
    }
  }
  if (o.contains("TableNames") && o["TableNames"].is_array()) {
    for (const auto& name : o["TableNames"])
      sink.Line(name.is_string() ? name.get<std::string>() : name.dump());
    if (o["TableNames"].empty()) sink.Line("(no tables)", Style::kDim);
    printed = true;
  }
  if (HasItemFields(o)) {
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
