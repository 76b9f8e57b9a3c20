// Rendering a finished statement: the output modes (a table of specs, one row per mode), the
// footer, the teaching warnings and errors. Renderers only read a StatementResult and write to an
// OutputSink, so unit tests drive them with hand-built results.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"
#include "shell/render/output.h"
#include "shell/render/render_settings.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

class ItemStream;  // shell/render/render_stream.h

struct RenderContext {
  ShellSettings settings;
  // Key attribute names for a table/index (empty when unknown); renderers put keys first and
  // group items by the first key (the item collection).
  std::function<KeyInfo(const std::string& table, const std::string& index)> keys;
  // Terminal columns table mode fits its rows into (0: no limit, as for piped output).
  size_t width = 0;
  // The printer a long read streamed its items to (shell/render/render_stream.h), or nullptr.
  ItemStream* streamed = nullptr;
};

using RenderFn = void (*)(const StatementResult&, const RenderContext&, OutputSink&);

// One row per output mode.
//   name    what .mode and --mode accept
//   footer  whether the cost footer and warnings follow the output
//   render  prints the output of a successful statement
struct ModeSpec {
  OutputMode mode;
  std::string_view name;
  bool footer;
  std::string_view summary;
  RenderFn render;
};
const std::vector<ModeSpec>& Modes();
const ModeSpec& ModeFor(OutputMode mode);
const ModeSpec* FindMode(std::string_view name);

// Renders a statement in the context's mode: output, then footer and warnings (modes with a
// footer), or the error. jsonl writes exactly one line per statement, errors included.
void Render(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);

void RenderTable(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);
void RenderLine(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);
void RenderJson(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);
void RenderDdbJson(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);
void RenderJsonl(const StatementResult& r, const RenderContext& ctx, OutputSink& sink);

// The jsonl object for one statement (see docs/shell.md, "jsonl").
wire::Json JsonlObject(const StatementResult& r, CapacityDisplay capacity);

// "-- Query app-main.GSI2 | 1 returned / 1 read | 0.5 RCU | partition 3 of 4"; empty when the
// statement made no call.
std::string FooterLine(const StatementResult& r, const ShellSettings& settings);

// The one-line result of a successful write in table and line modes ("1 item written",
// "2 items written, 1 item deleted"); empty for anything but PutItem, UpdateItem, DeleteItem
// (also as PartiQL INSERT/UPDATE/DELETE), BatchWriteItem and TransactWriteItems.
std::string WriteSummary(const StatementResult& r);

// Teaching warnings that apply to this statement, one line each, without the "warning: " prefix.
std::vector<std::string> Warnings(const StatementResult& r, const RenderContext& ctx);

// Errors: "<Type>: <message>", then the input line and a caret when the error has a column,
// then ddblab's "hint: ..." line when the session has one.
void RenderError(const StatementResult& r, OutputSink& sink);
void RenderErrorMessage(const StatementResult& r, OutputSink& sink);

// DynamoDB JSON value ({"S": "x"}) as plain JSON text ("x"), numbers kept exactly as written.
std::string PlainJson(const wire::Json& value, int indent = -1);
// An item (DynamoDB JSON attribute map) as a plain JSON object appended to `out`, its lines
// indented for nesting `level` (PlainJson of {"M": item} without copying it).
void AppendPlainItem(const wire::Json& item, int indent, int level, std::string& out);
// A value as a table cell: strings and numbers bare, everything else as compact plain JSON.
std::string CellText(const wire::Json& value);
std::string CellText(const AttributeValue& value);
// A one-screen summary of a DescribeTable "Table" object.
// A table's description in a few lines: name, status, billing and items, then (with_keys) its
// key and each index's key and projection. DeleteTable's answer names no keys.
std::vector<std::string> TableSummary(const TableDescription& table, bool with_keys = true);

}  // namespace ddblab::shell
