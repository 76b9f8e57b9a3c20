// Attribute values as text: plain JSON (numbers kept exactly as DynamoDB returned them), table
// cells, and the table-description summary shared by table mode and .describe.
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

std::string KeyText(const std::vector<KeySchemaElement>& key_schema,
                    const std::vector<AttributeDefinition>& attr_defs) {
  std::string s;
  for (const KeySchemaElement& k : key_schema) {
    std::string type;
    for (const AttributeDefinition& d : attr_defs) {
      if (d.attribute_name == k.attribute_name) type = d.attribute_type;
    }
    if (!s.empty()) s += ", ";
    s += k.attribute_name;
    if (!type.empty()) s += " (" + type + ")";
    s += " " + k.key_type;
  }
  return s;
}

std::string ProjectionText(const Projection& p) {
  std::string s = p.projection_type.value_or("");
  if (p.non_key_attributes) {
    std::string attrs;
    for (const std::string& a : *p.non_key_attributes) {
      if (!attrs.empty()) attrs += ", ";
      attrs += a;
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

std::vector<std::string> TableSummary(const TableDescription& t, bool with_keys) {
  std::vector<std::string> lines;
  const std::string billing_mode = BillingModeOf(t);
  std::string head = "Table " + t.table_name + " (" + t.table_status + ", " + billing_mode;
  if (billing_mode == "PROVISIONED") {
    head += " " + std::to_string(t.provisioned_throughput.read_capacity_units) + " RCU / " +
            std::to_string(t.provisioned_throughput.write_capacity_units) + " WCU";
  }
  head += "), " + std::to_string(t.item_count) + " items";
  lines.push_back(head);
  if (!with_keys) return lines;
  lines.push_back("  key: " + KeyText(t.key_schema, t.attribute_definitions));
  for (const auto* kind : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    const std::string label = kind == &t.global_secondary_indexes ? "GSI " : "LSI ";
    for (const IndexDescription& ix : *kind) {
      std::string line =
          "  " + label + ix.index_name + ": " + KeyText(ix.key_schema, t.attribute_definitions);
      std::string proj = ProjectionText(ix.projection);
      if (!proj.empty()) line += "; projection " + proj;
      lines.push_back(line);
    }
  }
  return lines;
}

}  // namespace ddblab::shell
