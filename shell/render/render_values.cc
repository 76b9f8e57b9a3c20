// Attribute values as text: plain JSON (numbers kept exactly as DynamoDB returned them), table
// cells, item sizes, and the table-description summary shared by table mode and .describe.
#include <functional>
#include <string>

#include "ddblab/base64.h"
#include "shell/render/render.h"

namespace ddblab::shell {

namespace {

using wire::Json;

// A JSON string literal, as Json(s).dump() writes it; printable ASCII without quotes or
// backslashes, nearly every name and value, is copied as it is.
void AppendQuoted(const std::string& s, std::string& out) {
  for (unsigned char c : s) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      out += Json(s).dump();
      return;
    }
  }
  out += '"';
  out += s;
  out += '"';
}

void Newline(std::string& out, int indent, int level) {
  if (indent < 0) return;
  out += '\n';
  out.append(static_cast<size_t>(indent * level), ' ');
}

void WritePlain(const Json& v, int indent, int level, std::string& out);

void WriteArray(const Json& arr, bool numbers, int indent, int level, std::string& out,
                bool typed) {
  if (!arr.is_array() || arr.empty()) {
    out += "[]";
    return;
  }
  out += '[';
  bool first = true;
  for (const auto& e : arr) {
    if (!first) out += ',';
    if (!first && indent < 0) out += ' ';
    first = false;
    Newline(out, indent, level + 1);
    if (typed) {
      WritePlain(e, indent, level + 1, out);
    } else if (numbers && e.is_string()) {
      out += e.get<std::string>();
    } else {
      out += e.dump();
    }
  }
  Newline(out, indent, level);
  out += ']';
}

void WriteMap(const Json& m, int indent, int level, std::string& out) {
  if (!m.is_object() || m.empty()) {
    out += "{}";
    return;
  }
  out += '{';
  bool first = true;
  for (auto it = m.begin(); it != m.end(); ++it) {
    if (!first) out += ',';
    if (!first && indent < 0) out += ' ';
    first = false;
    Newline(out, indent, level + 1);
    AppendQuoted(it.key(), out);
    out += ": ";
    WritePlain(it.value(), indent, level + 1, out);
  }
  Newline(out, indent, level);
  out += '}';
}

void WritePlain(const Json& v, int indent, int level, std::string& out) {
  if (!v.is_object() || v.size() != 1) {
    out += v.dump();
    return;
  }
  const std::string& type = v.begin().key();
  const Json& x = v.begin().value();
  if (type == "S" || type == "B") {
    if (x.is_string()) {
      AppendQuoted(x.get_ref<const std::string&>(), out);
    } else {
      out += x.dump();
    }
  } else if (type == "N") {
    out += x.is_string() ? x.get<std::string>() : x.dump();
  } else if (type == "BOOL") {
    out += x.is_boolean() && x.get<bool>() ? "true" : "false";
  } else if (type == "NULL") {
    out += "null";
  } else if (type == "SS" || type == "BS") {
    WriteArray(x, false, indent, level, out, false);
  } else if (type == "NS") {
    WriteArray(x, true, indent, level, out, false);
  } else if (type == "L") {
    WriteArray(x, false, indent, level, out, true);
  } else if (type == "M") {
    WriteMap(x, indent, level, out);
  } else {
    out += v.dump();
  }
}

std::string KeyText(const Json& key_schema, const Json& attr_defs) {
  std::string s;
  if (!key_schema.is_array()) return s;
  for (const auto& k : key_schema) {
    std::string name = k.value("AttributeName", "");
    std::string type;
    if (attr_defs.is_array()) {
      for (const auto& d : attr_defs) {
        if (d.value("AttributeName", "") == name) type = d.value("AttributeType", "");
      }
    }
    if (!s.empty()) s += ", ";
    s += name;
    if (!type.empty()) s += " (" + type + ")";
    s += " " + k.value("KeyType", "");
  }
  return s;
}

std::string ProjectionText(const Json& p) {
  if (!p.is_object()) return "";
  std::string s = p.value("ProjectionType", "");
  if (p.contains("NonKeyAttributes") && p["NonKeyAttributes"].is_array()) {
    std::string attrs;
    for (const auto& a : p["NonKeyAttributes"]) {
      if (!attrs.empty()) attrs += ", ";
      attrs += a.is_string() ? a.get<std::string>() : a.dump();
    }
    s += " " + attrs;
  }
  return s;
}

}  // namespace

std::string PlainJson(const wire::Json& value, int indent) {
  std::string out;
  WritePlain(value, indent, 0, out);
  return out;
}

void AppendPlainItem(const wire::Json& item, int indent, int level, std::string& out) {
  WriteMap(item, indent, level, out);
}

std::string CellText(const wire::Json& value) {
  if (value.is_object() && value.size() == 1) {
    const std::string& type = value.begin().key();
    const Json& x = value.begin().value();
    if ((type == "S" || type == "N" || type == "B") && x.is_string()) return x.get<std::string>();
  }
  return PlainJson(value);
}

std::string CellText(const AttributeValue& value) {
  switch (value.type) {
    case AttrType::kS:
      return value.str();
    case AttrType::kN:
      return value.num().ToString();
    case AttrType::kB:
      return Base64Encode(value.str());
    case AttrType::kBool:
      return value.boolean() ? "true" : "false";
    case AttrType::kNull:
      return "null";
    default:
      // Lists, maps and sets print as plain JSON, one line.
      return PlainJson(wire::ValueToJson(value));
  }
}

int64_t ApproxItemSize(const wire::Json& item) {
  // DynamoDB: item size is the sum of attribute name lengths and value sizes (strings by UTF-8
  // bytes, numbers about one byte per two digits, binary by raw bytes, containers plus a few bytes
  // of overhead).
  std::function<int64_t(const Json&)> value_size = [&](const Json& v) -> int64_t {
    if (!v.is_object() || v.size() != 1) return 0;
    const std::string& type = v.begin().key();
    const Json& x = v.begin().value();
    if (type == "S") return x.is_string() ? static_cast<int64_t>(x.get<std::string>().size()) : 0;
    if (type == "N") {
      return x.is_string() ? static_cast<int64_t>(x.get<std::string>().size() + 1) / 2 + 1 : 1;
    }
    if (type == "B") {
      return x.is_string() ? static_cast<int64_t>(x.get<std::string>().size()) * 3 / 4 : 0;
    }
    if (type == "BOOL" || type == "NULL") return 1;
    int64_t n = 3;
    if (type == "SS" || type == "NS" || type == "BS") {
      for (const auto& e : x)
        n += e.is_string() ? static_cast<int64_t>(e.get<std::string>().size()) : 0;
    } else if (type == "L") {
      for (const auto& e : x) n += 1 + value_size(e);
    } else if (type == "M") {
      for (auto it = x.begin(); it != x.end(); ++it) {
        n += 1 + static_cast<int64_t>(it.key().size()) + value_size(it.value());
      }
    }
    return n;
  };
  int64_t size = 0;
  if (!item.is_object()) return 0;
  for (auto it = item.begin(); it != item.end(); ++it) {
    size += static_cast<int64_t>(it.key().size()) + value_size(it.value());
  }
  return size;
}

std::vector<std::string> TableSummary(const wire::Json& t) {
  std::vector<std::string> lines;
  if (!t.is_object()) return lines;
  const Json defs = t.value("AttributeDefinitions", Json::array());
  std::string head = "Table " + t.value("TableName", std::string("?"));
  std::string billing = "PROVISIONED";
  if (t.contains("BillingModeSummary") && t["BillingModeSummary"].is_object()) {
    billing = t["BillingModeSummary"].value("BillingMode", billing);
  }
  head += " (" + t.value("TableStatus", std::string("ACTIVE")) + ", " + billing;
  if (billing == "PROVISIONED" && t.contains("ProvisionedThroughput")) {
    const Json& pt = t["ProvisionedThroughput"];
    head += " " + pt.value("ReadCapacityUnits", Json(0)).dump() + " RCU / " +
            pt.value("WriteCapacityUnits", Json(0)).dump() + " WCU";
  }
  head += ")";
  if (t.contains("ItemCount")) head += ", " + t["ItemCount"].dump() + " items";
  lines.push_back(head);
  // DeleteTable's description carries no key schema (DynamoDB leaves it out).
  if (t.contains("KeySchema")) {
    lines.push_back("  key: " + KeyText(t.value("KeySchema", Json::array()), defs));
  }
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!t.contains(kind) || !t[kind].is_array()) continue;
    std::string label = kind[0] == 'G' ? "GSI " : "LSI ";
    for (const auto& ix : t[kind]) {
      std::string line = "  " + label + ix.value("IndexName", std::string("?")) + ": " +
                         KeyText(ix.value("KeySchema", Json::array()), defs);
      std::string proj = ProjectionText(ix.value("Projection", Json::object()));
      if (!proj.empty()) line += "; projection " + proj;
      lines.push_back(line);
    }
  }
  return lines;
}

}  // namespace ddblab::shell
