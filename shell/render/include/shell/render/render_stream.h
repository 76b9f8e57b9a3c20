// Printing a long read's items as its pages arrive (the session's PageStream), in table, line
// and jsonl modes, so output starts at once and memory stays at about a page whatever the size
// of the table. Render then prints what follows the items: the footer, or jsonl's last fields.
#pragma once

#include <optional>
#include <string>

#include "ddblab/wire.h"
#include "shell/render/output.h"
#include "shell/render/render.h"
#include "shell/render/table_layout.h"

namespace ddblab::shell {

class ItemStream {
 public:
  ItemStream(const RenderContext& ctx, OutputSink& sink, std::string statement);

  // One batch of items of a read of `table` and `index` (empty for the base table), whose keys
  // give the key columns.
  void Print(const std::string& table, const std::string& index, std::vector<ResultItem> items);
  bool started() const { return started_; }
  // jsonl: the fields after Items, which close the statement's line.
  void FinishJsonl(const StatementResult& r);

 private:
  RenderContext ctx_;
  OutputSink& sink_;
  std::string statement_;
  bool started_ = false;
  std::optional<TableLayout> layout_;   // table mode
  std::vector<std::string> key_names_;  // line mode
  bool first_line_item_ = true;         // line mode
};

// The streaming printer for the context's mode, or nullptr for json and ddbjson, which print
// one document and so keep the whole result.
std::unique_ptr<ItemStream> MakeItemStream(const RenderContext& ctx, OutputSink& sink,
                                           std::string statement);

// "interrupted after 4,000 items (Ctrl-C); .more reads the rest"
std::string InterruptedLine(const StatementResult& r);

}  // namespace ddblab::shell
