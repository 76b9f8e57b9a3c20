// json mode (plain JSON values, as application code sees items after unmarshalling) and ddbjson
// mode (exactly what the aws CLI prints: DynamoDB JSON, four-space indent, nothing for an empty
// response).
#include <string>

#include "shell/render/render.h"

namespace ddblab::shell {

using wire::Json;

namespace {

constexpr int kIndent = 2;

// Field names whose values are items (or maps of table -> items) in DynamoDB's responses.
bool IsItemField(const std::string& k) {
  return k == "Item" || k == "Attributes" || k == "LastEvaluatedKey" || k == "Key";
}

void Write(const Json& j, const std::string& key, int level, std::string& out) {
  std::string pad(static_cast<size_t>((level + 1) * kIndent), ' ');
  std::string close(static_cast<size_t>(level * kIndent), ' ');
  if (j.is_object() && IsItemField(key)) {
    AppendPlainItem(j, kIndent, level, out);
  } else if (j.is_array() && key == "Items") {
    if (j.empty()) {
      out += "[]";
      return;
    }
    out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      out += pad;
      AppendPlainItem(j[i], kIndent, level + 1, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += close + "]";
  } else if (j.is_object() && !j.empty()) {
    out += "{\n";
    size_t i = 0;
    for (auto it = j.begin(); it != j.end(); ++it, ++i) {
      out += pad + Json(it.key()).dump() + ": ";
      // BatchGetItem's Responses map table names to item lists.
      std::string child_key = key == "Responses" && it.value().is_array() ? "Items" : it.key();
      Write(it.value(), child_key, level + 1, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += close + "}";
  } else if (j.is_array() && !j.empty()) {
    out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      out += pad;
      Write(j[i], key == "Responses" ? "" : key, level + 1, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += close + "]";
  } else {
    out += j.dump();
  }
}

}  // namespace

void RenderJson(const StatementResult& r, const RenderContext&, OutputSink& sink) {
  if (r.output().is_null() || (r.output().is_object() && r.output().empty())) return;
  std::string out;
  Write(r.output(), "", 0, out);
  sink.Line(out);
}

void RenderDdbJson(const StatementResult& r, const RenderContext&, OutputSink& sink) {
  if (r.output().is_null() || (r.output().is_object() && r.output().empty())) return;
  sink.Line(r.output().dump(4));
}

}  // namespace ddblab::shell
