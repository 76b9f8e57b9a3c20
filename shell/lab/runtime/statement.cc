// Statements for lessons and graders go through the session like every other front door; this
// file adds only the plain-JSON view of what they did that Lua checks receive.
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>

#include "lab_runtime.h"
#include "shell/session/session.h"
#include "statement_effect.h"

namespace ddblab::lab {

namespace {

wire::Json NumberToJson(const std::string& n) {
  char* end = nullptr;
  double d = std::strtod(n.c_str(), &end);
  if (end == nullptr || *end != '\0' || !std::isfinite(d)) return wire::Json(n);
  if (std::floor(d) == d && std::fabs(d) < 9007199254740992.0) {
    return wire::Json(static_cast<int64_t>(d));
  }
  int digits = 0;
  for (char c : n) {
    if (c == 'e' || c == 'E') break;
    if (std::isdigit(static_cast<unsigned char>(c))) ++digits;
  }
  if (digits > 15) return wire::Json(n);
  return wire::Json(d);
}

double Units(int64_t half_units) { return static_cast<double>(half_units) / 2.0; }

// The call the checks talk about: a PartiQL statement that became one read or write is
// unwrapped to it. The session merges the calls (StatementResult::merged()).
Trace EffectiveTrace(const StatementRecord& r) {
  Trace t = r.merged().trace;
  if (OperationFromName(t.operation) == Operation::ExecuteStatement && t.steps.size() == 1) {
    Trace step = t.steps[0];
    return step;
  }
  return t;
}

void AppendItems(const wire::Json& arr, wire::Json& items) {
  if (!arr.is_array()) return;
  for (const auto& it : arr) {
    if (it.is_object()) items.push_back(UnmarshalItem(it));
  }
}

}  // namespace

wire::Json UnmarshalValue(const wire::Json& v) {
  if (!v.is_object() || v.size() != 1) return v;
  auto it = v.begin();
  const std::string& type = it.key();
  const wire::Json& x = it.value();
  if (type == "S" || type == "B") return x;
  if (type == "N" && x.is_string()) return NumberToJson(x.get<std::string>());
  if (type == "BOOL") return x;
  if (type == "NULL") return wire::Json(nullptr);
  if (type == "SS" || type == "BS") return x;
  if (type == "NS" && x.is_array()) {
    wire::Json out = wire::Json::array();
    for (const auto& n : x) out.push_back(n.is_string() ? NumberToJson(n.get<std::string>()) : n);
    return out;
  }
  if (type == "L" && x.is_array()) {
    wire::Json out = wire::Json::array();
    for (const auto& e : x) out.push_back(UnmarshalValue(e));
    return out;
  }
  if (type == "M" && x.is_object()) return UnmarshalItem(x);
  return v;
}

wire::Json UnmarshalItem(const wire::Json& item) {
  wire::Json out = wire::Json::object();
  if (!item.is_object()) return out;
  for (auto it = item.begin(); it != item.end(); ++it) {
    wire::AppendMember(out, it.key(), UnmarshalValue(it.value()));
  }
  return out;
}

StatementRecord RunCall(wire::Client& client, std::string_view operation, const wire::Json& body) {
  return shell::RunCall(client, operation, body);
}

StatementRecord RunStatement(wire::Client& client, std::string_view text,
                             const shell::FileAccess& files, bool complete) {
  shell::RunOptions options;
  options.files = files;
  options.complete = complete;
  return shell::RunStatement(client, text, options);
}

std::string ErrorText(const StatementRecord& r) {
  std::string text = r.error.message;
  if (text.empty()) text = ErrorTypeName(r.error.type);
  if (!r.hint.empty()) text += " (" + r.hint + ")";
  return text;
}

wire::Json RecordToJson(const StatementRecord& r) {
  wire::Json j = wire::Json::object();
  j["input"] = r.input;
  j["language"] = std::string(shell::InputKindName(r.kind));
  j["operation"] = r.operation;
  j["request"] = r.request().is_null() ? wire::Json::object() : r.request();
  j["ok"] = r.ok;
  if (!r.ok) {
    wire::Json e = wire::Json::object();
    e["code"] = std::string(ErrorTypeName(r.error.type));
    e["message"] = r.error.message;
    if (!r.hint.empty()) e["hint"] = r.hint;
    wire::Json reasons = wire::Json::array();
    for (const auto& reason : r.error.cancellation_reasons) {
      reasons.push_back(wire::Json{{"code", reason.code}, {"message", reason.message}});
    }
    e["reasons"] = reasons;
    j["error"] = e;
  }
  // Items: Query/Scan/PartiQL "Items", GetItem "Item", batch and transaction "Responses".
  wire::Json items = wire::Json::array();
  const wire::Json& out = r.output();
  if (out.is_object()) {
    if (out.contains("Items")) AppendItems(out["Items"], items);
    if (out.contains("Item") && out["Item"].is_object())
      items.push_back(UnmarshalItem(out["Item"]));
    if (out.contains("Responses")) {
      const wire::Json& resp = out["Responses"];
      if (resp.is_object()) {
        for (auto it = resp.begin(); it != resp.end(); ++it) AppendItems(it.value(), items);
      } else if (resp.is_array()) {
        for (const auto& e : resp) {
          if (e.is_object() && e.contains("Item")) items.push_back(UnmarshalItem(e["Item"]));
        }
      }
    }
    if (out.contains("Attributes")) j["attributes"] = UnmarshalItem(out["Attributes"]);
  }
  j["items"] = items;
  j["output"] = out;
  if (!r.stream.is_null()) j["stream"] = r.stream;
  j["count"] = out.is_object() && out.contains("Count") && out["Count"].is_number()
                   ? out["Count"].get<int64_t>()
                   : static_cast<int64_t>(items.size());
  j["scanned_count"] =
      out.is_object() && out.contains("ScannedCount") && out["ScannedCount"].is_number()
          ? out["ScannedCount"].get<int64_t>()
          : j["count"].get<int64_t>();

  int64_t half = 0, read_half = 0, write_half = 0;
  wire::Json detail = wire::Json::array();
  for (const auto& c : r.calls) {
    for (const auto& cc : c.capacity) {
      half += cc.total.half_units;
      if (cc.read) {
        read_half += cc.total.half_units;
      } else {
        write_half += cc.total.half_units;
      }
      wire::Json d = wire::Json::object();
      d["table"] = cc.table_name;
      d["units"] = Units(cc.total.half_units);
      d["table_units"] = Units(cc.table.half_units);
      d["transactional"] = cc.transactional;
      d["read"] = cc.read;
      wire::Json idx = wire::Json::object();
      for (const auto& [name, cap] : cc.global_secondary_indexes) idx[name] = Units(cap.half_units);
      for (const auto& [name, cap] : cc.local_secondary_indexes) idx[name] = Units(cap.half_units);
      d["indexes"] = idx;
      detail.push_back(d);
    }
  }
  j["capacity"] = Units(half);
  j["read_capacity"] = Units(read_half);
  j["write_capacity"] = Units(write_half);
  j["capacity_detail"] = detail;

  Trace t = EffectiveTrace(r);
  j["trace"] = wire::TraceToJson(t);
  // Shortcuts for the common checks.
  j["op"] = t.operation.empty() ? r.operation : t.operation;
  std::string table = t.table;
  const wire::Json& request = r.request();
  if (table.empty() && request.is_object() && request.contains("TableName") &&
      request["TableName"].is_string()) {
    table = request["TableName"].get<std::string>();
  }
  j["table"] = table;
  j["index"] = t.index;
  j["read"] = t.items_read;
  j["returned"] = t.items_returned;
  j["partitions"] = static_cast<int64_t>(t.partitions_hit.size());
  j["filtered"] = t.filtered;
  wire::Json calls = wire::Json::array();
  for (const auto& c : r.calls) {
    wire::Json cj = wire::Json::object();
    cj["ok"] = c.ok;
    cj["trace"] = wire::TraceToJson(c.trace);
    int64_t h = 0;
    for (const auto& cc : c.capacity) h += cc.total.half_units;
    cj["capacity"] = Units(h);
    calls.push_back(cj);
  }
  j["calls"] = calls;
  return j;
}

wire::Json RecordToJson(const StatementRecord& r, wire::Client& client) {
  wire::Json j = RecordToJson(r);
  AddStatementEffect(&client, r, true, j);
  return j;
}

}  // namespace ddblab::lab
