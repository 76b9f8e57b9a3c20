// line mode: one "name = value" line per attribute, names right-aligned, a blank line between
// items (sqlite3's .mode line). Non-item responses fall back to table mode's summaries.
#include "render_items.h"
#include "shell/render/render.h"
#include "shell/render/table_layout.h"

namespace ddblab::shell {

void RenderLine(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  if (r.kind == InputKind::kExplain || !HasItemFields(r)) {
    RenderTable(r, ctx, sink);
    return;
  }
  bool first = true;
  for (const auto& set : FindItemSets(r)) {
    std::vector<std::string> keys;
    if (ctx.keys && !set.table.empty()) keys = ctx.keys(set.table, set.index).key_names;
    if (!set.title.empty()) sink.Line(set.title + ":", Style::kHeader);
    for (const Item* item : set.items) PrintItemLines(*item, keys, first, sink);
    if (set.items.empty()) sink.Line("(no items)", Style::kDim);
  }
}

}  // namespace ddblab::shell
