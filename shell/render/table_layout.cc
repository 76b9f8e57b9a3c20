// Table layout (shell/table_layout.h): natural widths, fitting to the terminal by cutting the
// widest columns first, and rows grouped by item collection.
#include "shell/render/table_layout.h"

#include <algorithm>
#include <set>

#include "display_width.h"
#include "render_items.h"
#include "shell/render/render.h"

namespace ddblab::shell {

namespace {

constexpr size_t kGap = 2;  // spaces between columns

// `s` on one line, cut to `width` columns with an ellipsis when longer.
std::string Cut(std::string s, size_t width) {
  std::replace_if(
      s.begin(), s.end(), [](char c) { return c == '\n' || c == '\t'; }, ' ');
  if (s.size() <= width || DisplayWidth(s) <= width) return s;  // a column is at most a byte
  if (width == 0) return "";
  // Cut by columns, on a character boundary, leaving one column for the ellipsis.
  return s.substr(0, PrefixWithin(s, width - 1)) + "\xE2\x80\xA6";  // U+2026
}

std::string Pad(const std::string& s, size_t width) {
  size_t w = DisplayWidth(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

// The largest cap on column widths that makes `natural` fit in `budget` columns (the gaps
// already taken out), cutting the widest columns first; 0 when nothing fits.
size_t FittingCap(const std::vector<size_t>& natural, size_t budget) {
  size_t lo = 0, hi = *std::max_element(natural.begin(), natural.end());
  while (lo < hi) {
    size_t mid = (lo + hi + 1) / 2;
    size_t total = 0;
    for (size_t w : natural) total += std::min(w, mid);
    if (total <= budget) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

}  // namespace

TableLayout PlanTable(const std::vector<const Item*>& items, const KeyInfo& keys, size_t width) {
  TableLayout layout;
  layout.key_names = keys.key_names;
  layout.cols = ColumnOrder(items, keys.key_names);
  // Only key columns can define an item collection (the partition key, one column or a GSI's
  // several); without them rows keep the response order.
  const size_t hash_count = std::max<size_t>(1, keys.hash_key_count);
  if (keys.key_names.size() >= hash_count && layout.cols.size() >= hash_count &&
      std::equal(keys.key_names.begin(), keys.key_names.begin() + static_cast<long>(hash_count),
                 layout.cols.begin())) {
    layout.hash_cols.assign(keys.key_names.begin(),
                            keys.key_names.begin() + static_cast<long>(hash_count));
  }
  layout.widths.assign(layout.cols.size(), 0);
  for (size_t i = 0; i < layout.cols.size(); ++i) {
    layout.widths[i] = DisplayWidth(Cut(layout.cols[i], kMaxCellWidth));
  }
  for (const Item* item : items) {
    for (size_t i = 0; i < layout.cols.size(); ++i) {
      auto it = item->find(layout.cols[i]);
      if (it == item->end()) continue;
      // The width of the cell as printed: a cut never splits a wide character, so a cut cell
      // can be a column narrower than the limit.
      layout.widths[i] =
          std::max(layout.widths[i], DisplayWidth(Cut(CellText(it->second), kMaxCellWidth)));
    }
  }
  if (width == 0 || layout.cols.empty()) return layout;
  size_t total = kGap * (layout.cols.size() - 1);
  for (size_t w : layout.widths) total += w;
  if (total <= width) return layout;
  layout.line_width = width;
  const size_t gaps = kGap * (layout.cols.size() - 1);
  const size_t cap = width > gaps ? FittingCap(layout.widths, width - gaps) : 0;
  if (cap < kMinFittedWidth) {
    layout.as_lines = true;
    return layout;
  }
  for (size_t& w : layout.widths) w = std::min(w, cap);
  layout.pad_last = true;
  return layout;
}

bool NeedsNewColumns(const TableLayout& layout, const std::vector<const Item*>& items) {
  std::set<std::string> known(layout.cols.begin(), layout.cols.end());
  for (const Item* item : items) {
    for (const auto& [name, value] : *item) {
      if (known.count(name) == 0) return true;
    }
  }
  return false;
}

void PrintTableHeader(const TableLayout& layout, OutputSink& sink) {
  if (layout.as_lines) {
    sink.Line("(" + std::to_string(layout.cols.size()) + " columns do not fit in " +
                  std::to_string(layout.line_width) +
                  " characters: one attribute per line; .width sets the width)",
              Style::kDim);
    return;
  }
  std::string line, rule;
  for (size_t i = 0; i < layout.cols.size(); ++i) {
    if (i > 0) {
      line += "  ";
      rule += "  ";
    }
    std::string name = Cut(layout.cols[i], layout.widths[i]);
    line += i + 1 == layout.cols.size() ? name : Pad(name, layout.widths[i]);
    rule += std::string(layout.widths[i], '-');
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  sink.Line(line, Style::kHeader);
  sink.Line(rule, Style::kDim);
}

void PrintTableRows(TableLayout& layout, std::vector<const Item*> items, OutputSink& sink) {
  if (layout.as_lines) {
    bool first = !layout.printed_any;
    for (const Item* item : items) PrintItemLines(*item, layout.key_names, first, sink);
    layout.printed_any = layout.printed_any || !items.empty();
    return;
  }
  if (!layout.hash_cols.empty()) items = GroupByCollection(items, layout.hash_cols);
  for (const Item* item : items) {
    std::string line;
    const std::string collection =
        layout.hash_cols.empty() ? std::string() : CollectionOf(*item, layout.hash_cols);
    for (size_t i = 0; i < layout.cols.size(); ++i) {
      if (i > 0) line += "  ";
      const bool last = i + 1 == layout.cols.size();
      // The last column is not aligned with anything after it: unless fitted, only the usual
      // cell limit applies (rows of later pages may be longer than the first page's).
      const size_t limit = last && !layout.pad_last ? kMaxCellWidth : layout.widths[i];
      auto it = item->find(layout.cols[i]);
      std::string cell = it == item->end() ? "" : Cut(CellText(it->second), limit);
      // Numbers stand right and strings left, so the string '4' and the number 4 differ.
      const bool number = it != item->end() && it->second.type == AttrType::kN;
      // The partition key is shown once per item collection.
      if (i < layout.hash_cols.size() && layout.printed_any && collection == layout.previous) {
        cell.clear();
      }
      if (number && DisplayWidth(cell) < layout.widths[i]) {
        cell = std::string(layout.widths[i] - DisplayWidth(cell), ' ') + cell;
      }
      line += last ? cell : Pad(cell, layout.widths[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    sink.Line(line);
    layout.previous = collection;
    layout.printed_any = true;
  }
}

void PrintItemLines(const Item& item, const std::vector<std::string>& key_names, bool& first,
                    OutputSink& sink) {
  if (!first) sink.Line("");
  first = false;
  std::vector<std::string> cols = ColumnOrder({&item}, key_names);
  size_t width = 0;
  for (const auto& c : cols) width = std::max(width, c.size());
  for (const auto& c : cols) {
    sink.Line(std::string(width - c.size(), ' ') + c + " = " + CellText(item.find(c)->second));
  }
}

}  // namespace ddblab::shell
