// Streaming output of long reads (shell/render_stream.h).
#include "shell/render/render_stream.h"

#include <memory>
#include <utility>

#include "shell/render/plural.h"

namespace ddblab::shell {

using wire::Json;

ItemStream::ItemStream(const RenderContext& ctx, OutputSink& sink, std::string statement)
    : ctx_(ctx), sink_(sink), statement_(std::move(statement)) {}

void ItemStream::Print(const std::string& table, const std::string& index,
                       std::vector<ResultItem> items) {
  if (items.empty()) return;
  std::vector<const Item*> batch;
  batch.reserve(items.size());
  for (const ResultItem& item : items) batch.push_back(&item.item());
  const bool first = !started_;
  started_ = true;
  switch (ctx_.settings.mode) {
    case OutputMode::kJsonl: {
      // The statement's one line, opened here and closed by FinishJsonl.
      std::string out;
      if (first) out = "{\"statement\":" + Json(statement_).dump() + ",\"Items\":[";
      for (size_t i = 0; i < items.size(); ++i) {
        if (!first || i > 0) out += ',';
        out += wire::ItemToJson(items[i]).dump();
      }
      sink_.Out(out);
      return;
    }
    case OutputMode::kLine: {
      if (first && ctx_.keys) {
        key_names_ = ctx_.keys(table, index).key_names;
      }
      for (const Item* item : batch) PrintItemLines(*item, key_names_, first_line_item_, sink_);
      return;
    }
    default: {
      // Items with attributes the table has no column for start a new table under a new header.
      if (!layout_ || NeedsNewColumns(*layout_, batch)) {
        KeyInfo keys;
        if (ctx_.keys) keys = ctx_.keys(table, index);
        TableLayout next = PlanTable(batch, keys, ctx_.width);
        if (layout_) {
          next.previous = layout_->previous;
          sink_.Line("");
        }
        layout_ = std::move(next);
        PrintTableHeader(*layout_, sink_);
      }
      PrintTableRows(*layout_, std::move(batch), sink_);
      return;
    }
  }
}

void ItemStream::FinishJsonl(const StatementResult& r) {
  Json rest = JsonlObject(r, ctx_.settings.capacity);
  rest.erase("statement");
  std::string tail = rest.dump();
  sink_.Out("]," + tail.substr(1) + "\n");
}

std::unique_ptr<ItemStream> MakeItemStream(const RenderContext& ctx, OutputSink& sink,
                                           std::string statement) {
  if (ctx.settings.mode == OutputMode::kJson || ctx.settings.mode == OutputMode::kDdbJson) {
    return nullptr;
  }
  return std::make_unique<ItemStream>(ctx, sink, std::move(statement));
}

std::string InterruptedLine(const StatementResult& r) {
  int64_t shown = r.streamed_items;
  if (const QueryResponse* page = r.response ? QueryOrScanPage(*r.response) : nullptr) {
    shown += static_cast<int64_t>(page->items.size());
  }
  return "interrupted after " + Counted(shown, "item") + " (Ctrl-C); .more reads the rest";
}

}  // namespace ddblab::shell
