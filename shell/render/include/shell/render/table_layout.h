// Items as an aligned table: the columns (key attributes first), their widths fitted to the
// terminal, and the item-collection grouping. A layout is planned from the first rows it sees and
// then kept, so a read streamed page by page prints as one table.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ddblab/wire.h"
#include "shell/render/output.h"
#include "shell/render/render_settings.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

// Columns a cell may take before it is cut, at any terminal width.
constexpr size_t kMaxCellWidth = 48;
// Narrower than this, a column says too little: the items are shown one attribute per line.
constexpr size_t kMinFittedWidth = 6;

struct TableLayout {
  std::vector<std::string> cols;
  std::vector<size_t> widths;
  std::vector<std::string> hash_cols;  // partition-key columns, when rows are grouped by them
  bool pad_last = false;  // the last column is cut to its width too (fitted to a terminal)
  bool as_lines = false;  // too many columns for the width: one attribute per line instead
  size_t line_width = 0;  // the width it was fitted to (0: not fitted)
  std::vector<std::string> key_names;  // for line mode's attribute order
  std::string previous;                // the collection of the last row printed
  bool printed_any = false;
};

// Plans a layout for `items` (non-empty) with the table's or index's key names; `width` is the
// terminal width to fit (0: no limit).
TableLayout PlanTable(const std::vector<const Item*>& items, const KeyInfo& keys, size_t width);

// Whether `items` have an attribute the layout has no column for.
bool NeedsNewColumns(const TableLayout& layout, const std::vector<const Item*>& items);

// Prints the header (or, for a layout in line mode, the note saying why) and then the rows.
void PrintTableHeader(const TableLayout& layout, OutputSink& sink);
void PrintTableRows(TableLayout& layout, std::vector<const Item*> items, OutputSink& sink);

// line mode's form of one item: "name = value" lines, names right-aligned; `first` is false for
// every item after the first (a blank line goes between items).
void PrintItemLines(const Item& item, const std::vector<std::string>& key_names, bool& first,
                    OutputSink& sink);

}  // namespace ddblab::shell
