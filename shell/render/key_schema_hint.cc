// The key-schema hint (hint_rules.h). DynamoDB's "The provided key element does not match the
// schema" says neither which key nor what is wrong with it; the hint finds the key the request
// sent that does not fit its table and names both sides, with types.
#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

#include "hint_rules.h"

namespace ddblab::shell {

using wire::Json;

namespace {

struct KeyAttribute {
  std::string name, type;  // type: S, N or B as defined; for a key sent, the type it was given
};

// One key in the request, with what it is checked against.
struct SentKey {
  std::string table;
  std::string index;       // the index a start key continues (empty: the table)
  bool start_key = false;  // an ExclusiveStartKey
  const Json* key = nullptr;
};

std::string DefinedType(const TableDescription& t, const std::string& name) {
  for (const AttributeDefinition& d : t.attribute_definitions) {
    if (d.attribute_name == name) return d.attribute_type;
  }
  return "";
}

void AddKeyAttributes(const TableDescription& t, const std::vector<KeySchemaElement>& schema,
                      std::vector<KeyAttribute>& out) {
  // The partition key's attributes first, then the sort key's, as a key is read.
  for (const char* kind : {"HASH", "RANGE"}) {
    for (const KeySchemaElement& k : schema) {
      if (k.key_type != kind) continue;
      bool seen = std::any_of(out.begin(), out.end(),
                              [&](const KeyAttribute& a) { return a.name == k.attribute_name; });
      if (!seen) out.push_back({k.attribute_name, DefinedType(t, k.attribute_name)});
    }
  }
}

// DynamoDB: a key names the table's key attributes; a start key for an index read names the
// table's and the index's (Query and Scan, ExclusiveStartKey). Null when the index is unknown.
bool ExpectedKey(const TableDescription& t, const std::string& index,
                 std::vector<KeyAttribute>* out) {
  AddKeyAttributes(t, t.key_schema, *out);
  if (index.empty()) return true;
  for (const auto* kind : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    for (const IndexDescription& ix : *kind) {
      if (ix.index_name != index) continue;
      AddKeyAttributes(t, ix.key_schema, *out);
      return true;
    }
  }
  return false;
}

// The type a value was sent with: the one member of {"S": ...}; "?" when it is not typed.
std::string SentType(const Json& v) {
  if (v.is_object() && v.size() == 1) return v.begin().key();
  return "?";
}

std::string Listed(const std::vector<std::string>& parts, const char* last) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? last : ", ";
    out += parts[i];
  }
  return out;
}

// What a sent key has, against `expected`: "PK (N) and no SK", "PK (S), SK (S) and tier (S);
// tier is not part of the key". Empty when it fits.
std::string Mismatch(const std::vector<KeyAttribute>& expected, const Json& key) {
  if (!key.is_object()) return "";
  std::vector<std::string> present, missing, extra;
  bool wrong = false;
  for (const KeyAttribute& a : expected) {
    if (!key.contains(a.name)) {
      missing.push_back(a.name);
      wrong = true;
      continue;
    }
    std::string type = SentType(key[a.name]);
    present.push_back(a.name + " (" + type + ")");
    if (type != a.type) wrong = true;
  }
  for (const auto& entry : key.items()) {
    const std::string& name = entry.key();
    bool in_schema = std::any_of(expected.begin(), expected.end(),
                                 [&](const KeyAttribute& a) { return a.name == name; });
    if (in_schema) continue;
    present.push_back(name + " (" + SentType(entry.value()) + ")");
    extra.push_back(name);
    wrong = true;
  }
  if (!wrong) return "";
  std::string out = Listed(present, " and ");
  if (!missing.empty()) out += (out.empty() ? "no " : " and no ") + Listed(missing, " or ");
  if (!extra.empty()) {
    out += "; " + Listed(extra, " and ") + (extra.size() == 1 ? " is" : " are") +
           " not part of the key";
  }
  return out;
}

std::string Expected(const std::vector<KeyAttribute>& attrs) {
  std::string out;
  for (const KeyAttribute& a : attrs) {
    out += (out.empty() ? "" : ", ") + a.name + (a.type.empty() ? "" : " (" + a.type + ")");
  }
  return out;
}

std::string StringMember(const Json& j, const char* name) {
  return j.is_object() && j.contains(name) && j[name].is_string() ? j[name].get<std::string>() : "";
}

// Every key the request sends, in the order DynamoDB would read them.
std::vector<SentKey> SentKeys(const Json& q) {
  std::vector<SentKey> out;
  if (!q.is_object()) return out;
  std::string table = StringMember(q, "TableName");
  if (q.contains("Key")) out.push_back({table, "", false, &q["Key"]});
  if (q.contains("ExclusiveStartKey")) {
    out.push_back({table, StringMember(q, "IndexName"), true, &q["ExclusiveStartKey"]});
  }
  if (q.contains("RequestItems") && q["RequestItems"].is_object()) {
    for (const auto& [name, asked] : q["RequestItems"].items()) {
      if (asked.is_object() && asked.contains("Keys") && asked["Keys"].is_array()) {
        for (const Json& k : asked["Keys"]) out.push_back({name, "", false, &k});
      }
      if (!asked.is_array()) continue;
      for (const Json& w : asked) {
        if (w.is_object() && w.contains("DeleteRequest") && w["DeleteRequest"].is_object() &&
            w["DeleteRequest"].contains("Key")) {
          out.push_back({name, "", false, &w["DeleteRequest"]["Key"]});
        }
      }
    }
  }
  if (q.contains("TransactItems") && q["TransactItems"].is_array()) {
    for (const Json& action : q["TransactItems"]) {
      if (!action.is_object() || action.size() != 1) continue;
      const Json& body = action.begin().value();
      if (body.is_object() && body.contains("Key")) {
        out.push_back({StringMember(body, "TableName"), "", false, &body["Key"]});
      }
    }
  }
  return out;
}

// ---- PartiQL: the key is the WHERE clause's equalities ----

struct Word {
  char kind;  // 'w' word, 'n' "name", 's' 'string', '0' number, '?' placeholder, 'o' other
  std::string text;
};

std::vector<Word> Words(std::string_view s) {
  std::vector<Word> out;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '\'' || c == '"') {
      std::string text;
      for (++i; i < s.size(); ++i) {
        if (s[i] == c && i + 1 < s.size() && s[i + 1] == c) {
          text += c;
          ++i;
        } else if (s[i] == c) {
          break;
        } else {
          text += s[i];
        }
      }
      ++i;
      out.push_back({c == '"' ? 'n' : 's', text});
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '-' && i + 1 < s.size() &&
                std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      size_t start = i++;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
      out.push_back({'0', std::string(s.substr(start, i - start))});
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
      out.push_back({'w', std::string(s.substr(start, i - start))});
    } else {
      out.push_back({c == '?' ? '?' : 'o', std::string(1, c)});
      ++i;
    }
  }
  return out;
}

bool IsWord(const Word& w, std::string_view upper) {
  if (w.kind != 'w' || w.text.size() != upper.size()) return false;
  for (size_t i = 0; i < upper.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(w.text[i])) != upper[i]) return false;
  }
  return true;
}

// The key a PartiQL statement's WHERE clause gives, against its table's: each equality
// `name = value` on a key attribute, typed as the value was written ('x' S, 5 N, ? the
// parameter's type). Empty for a statement on an index (its key is the index's) or without WHERE.
std::string PartiqlKeyHint(const StatementResult& r, const HintTables& tables) {
  const Json& q = r.request();
  if (!q.is_object() || !q.contains("Statement") || !q["Statement"].is_string()) return "";
  std::vector<Word> words = Words(q["Statement"].get<std::string>());
  const Json params = q.value("Parameters", Json::array());
  std::string table;
  size_t where = 0;
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    bool names = IsWord(words[i], "FROM") || (i == 0 && IsWord(words[i], "UPDATE"));
    if (names && table.empty() && (words[i + 1].kind == 'n' || words[i + 1].kind == 'w')) {
      table = words[i + 1].text;
      if (i + 2 < words.size() && words[i + 2].text == ".") return "";  // an index
    }
    if (IsWord(words[i], "WHERE") && where == 0) where = i + 1;
  }
  const TableDescription* description = table.empty() ? nullptr : tables.describe(table);
  if (description == nullptr || where == 0) return "";
  std::vector<KeyAttribute> expected;
  ExpectedKey(*description, "", &expected);
  Json key = Json::object();
  size_t placeholder = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].kind == '?') ++placeholder;
    if (i < where || i + 2 >= words.size() || words[i + 1].text != "=") continue;
    if (words[i].kind != 'w' && words[i].kind != 'n') continue;
    const std::string& name = words[i].text;
    bool in_key = std::any_of(expected.begin(), expected.end(),
                              [&](const KeyAttribute& a) { return a.name == name; });
    if (!in_key || key.contains(name)) continue;
    const Word& v = words[i + 2];
    if (v.kind == 's') {
      key[name] = Json{{"S", v.text}};
    } else if (v.kind == '0') {
      key[name] = Json{{"N", v.text}};
    } else if (v.kind == '?' && placeholder < params.size()) {
      key[name] = params[placeholder];  // the placeholder after this one's `=`: not yet counted
    }
  }
  std::string wrong = Mismatch(expected, key);
  if (wrong.empty()) return "";
  return "the key of table " + Json(table).dump() + " is " + Expected(expected) +
         "; the WHERE clause gives " + wrong;
}

}  // namespace

std::string KeySchemaHint(const StatementResult& r, const HintTables& tables) {
  if (r.ok || r.error.type != ErrorType::kValidationException || !tables.describe) return "";
  if (!r.error.message.ends_with("The provided key element does not match the schema")) return "";
  if (r.kind == InputKind::kPartiql) return PartiqlKeyHint(r, tables);
  for (const SentKey& sent : SentKeys(r.request())) {
    const TableDescription* table = tables.describe(sent.table);
    if (table == nullptr) continue;
    std::vector<KeyAttribute> expected;
    if (!ExpectedKey(*table, sent.index, &expected)) continue;
    std::string wrong = Mismatch(expected, *sent.key);
    if (wrong.empty()) continue;
    std::string whose = "table " + Json(sent.table).dump();
    if (sent.start_key && sent.index.empty()) {
      return "a start key for " + whose + " is its key, " + Expected(expected) +
             "; the start key sent has " + wrong;
    }
    if (sent.start_key) {
      return "a start key for index " + Json(sent.index).dump() + " of " + whose +
             " holds the table's key and the index's, " + Expected(expected) +
             "; the start key sent has " + wrong;
    }
    return "the key of " + whose + " is " + Expected(expected) + "; the key sent has " + wrong;
  }
  return "";
}

}  // namespace ddblab::shell
