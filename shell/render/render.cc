// The output-mode table and the dispatch from a finished statement to its renderer, footer,
// warnings or error.
#include "shell/render/render.h"

#include <algorithm>

#include "shell/render/render_stream.h"

namespace ddblab::shell {

const std::vector<ModeSpec>& Modes() {
  // clang-format off
  static const std::vector<ModeSpec> kModes = {
    // mode                 name       footer summary                                      render
    {OutputMode::kTable,   "table",   true,  "items as aligned rows, grouped by item collection", RenderTable},
    {OutputMode::kJson,    "json",    false, "plain JSON values, as application code sees them",  RenderJson},
    {OutputMode::kDdbJson, "ddbjson", false, "exactly what the aws CLI prints (DynamoDB JSON)",    RenderDdbJson},
    {OutputMode::kJsonl,   "jsonl",   false, "one JSON object per statement, for scripts",         RenderJsonl},
    {OutputMode::kLine,    "line",    true,  "one attribute per line, a blank line between items", RenderLine},
  };
  // clang-format on
  return kModes;
}

const ModeSpec& ModeFor(OutputMode mode) {
  for (const auto& m : Modes()) {
    if (m.mode == mode) return m;
  }
  return Modes().front();
}

const ModeSpec* FindMode(std::string_view name) {
  for (const auto& m : Modes()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

void RenderError(const StatementResult& r, OutputSink& sink) {
  RenderErrorMessage(r, sink);
  // DynamoDB's message comes first and unchanged; ddblab's explanation follows it.
  if (!r.hint.empty()) sink.ErrLine("hint: " + r.hint, Style::kDim);
}

void RenderErrorMessage(const StatementResult& r, OutputSink& sink) {
  // Errors of the aws-CLI layer (negative column) read as the aws CLI prints them.
  if (r.error.column < 0) {
    sink.ErrLine(r.error.message);
    return;
  }
  std::string type(ErrorTypeName(r.error.type));
  sink.ErrLine(type + ": " + r.error.message);
  if (r.error.column <= 0) return;
  // Show the line the column falls on, with a caret under the offending character. The column
  // counts in the PartiQL statement, which for `aws dynamodb execute-statement` is the value of
  // --statement, not the command line.
  size_t col = static_cast<size_t>(r.error.column - 1);
  size_t start = 0;
  std::string_view in = r.input;
  if (r.kind == InputKind::kCli) {
    auto statement = r.request().find("Statement");
    if (statement == r.request().end() || !statement->is_string()) return;
    in = statement->get_ref<const std::string&>();
  }
  while (true) {
    size_t nl = in.find('\n', start);
    size_t end = nl == std::string_view::npos ? in.size() : nl;
    if (col <= end - start || nl == std::string_view::npos) {
      sink.ErrLine(std::string(in.substr(start, end - start)), Style::kPlain);
      sink.ErrLine(std::string(std::min(col, end - start), ' ') + "^", Style::kError);
      return;
    }
    col -= end - start + 1;
    start = nl + 1;
  }
}

namespace {

// Whether a write answered with more than its one-line summary says: the attributes ReturnValues
// asked for, or a batch's UnprocessedItems (shown when not empty).
bool WriteReturnedMore(const StatementResult& r) {
  if (!r.response) return false;
  if (const auto* put = ResponseAs<Operation::PutItem>(*r.response)) {
    return put->attributes.has_value();
  }
  if (const auto* update = ResponseAs<Operation::UpdateItem>(*r.response)) {
    return update->attributes.has_value();
  }
  if (const auto* del = ResponseAs<Operation::DeleteItem>(*r.response)) {
    return del->attributes.has_value();
  }
  return OperationOf(*r.response) == Operation::BatchWriteItem;
}

}  // namespace

void Render(const StatementResult& r, const RenderContext& ctx, OutputSink& sink) {
  const ModeSpec& mode = ModeFor(ctx.settings.mode);
  if (mode.mode == OutputMode::kJsonl) {
    if (ctx.streamed != nullptr && ctx.streamed->started()) {
      ctx.streamed->FinishJsonl(r);
    } else {
      RenderJsonl(r, ctx, sink);
    }
    return;
  }
  if (!r.ok) {
    RenderError(r, sink);
    // DynamoDB charges a write whose condition failed and a cancelled transaction: the footer
    // says what the refusal cost. A throttled call's footer says it was throttled, and why.
    if (mode.footer && (!r.merged().capacity.empty() || !r.error.throttling_reasons.empty())) {
      std::string footer = FooterLine(r, ctx.settings);
      if (!footer.empty()) sink.Line(footer, Style::kFooter);
    }
    return;
  }
  if (!mode.footer) {
    mode.render(r, ctx, sink);
    if (r.interrupted) sink.ErrLine(InterruptedLine(r), Style::kWarning);
    // A statement that ran may still have a hint (a value in double quotes); on stderr here, so
    // json and ddbjson output stays parseable.
    if (!r.hint.empty()) sink.ErrLine("hint: " + r.hint, Style::kDim);
    return;
  }
  // A write says what it did in one line; the items it returned (ReturnValues) and its unprocessed
  // requests still follow, but not the empty item list of a PartiQL write.
  std::string written = WriteSummary(r);
  if (!written.empty()) sink.Line(written);
  const bool more = WriteReturnedMore(r);
  // A streamed read printed its items as they arrived.
  if (r.streamed_items == 0 && (written.empty() || more)) mode.render(r, ctx, sink);
  if (r.interrupted) sink.Line(InterruptedLine(r), Style::kWarning);
  std::string footer = FooterLine(r, ctx.settings);
  if (!footer.empty()) sink.Line(footer, Style::kFooter);
  for (const auto& w : Warnings(r, ctx)) sink.Line("warning: " + w, Style::kWarning);
  if (!r.hint.empty()) sink.Line("hint: " + r.hint, Style::kDim);
}

}  // namespace ddblab::shell
