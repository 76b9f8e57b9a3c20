// Teaching hints for the classic mistakes (see shell/hints.h). Each hint is worded by ddblab:
// DynamoDB has no such text; its own message is always printed first, unchanged.
#include "shell/render/hints.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "hint_rules.h"
#include "shell/session/boundary.h"
#include "shell/session/suggest.h"

namespace ddblab::shell {

using wire::Json;

namespace {

std::string Upper(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return u;
}

std::string Lower(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return u;
}

std::string Quoted(const std::string& s) { return "\"" + s + "\""; }

std::string JoinQuoted(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += Quoted(names[i]);
  }
  return out;
}

// ---- A small lexer for PartiQL statements and DynamoDB expressions ----

enum class Tok { kWord, kName, kString, kNumber, kOp, kPunct };
struct Token {
  Tok kind;
  std::string text;  // a word or number as written; a name or string without its quotes
  size_t offset;     // where the token starts in the text
};

bool WordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#' ||
         c == ':';
}

std::vector<Token> Lex(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '\'' || c == '"') {
      // '' and "" inside a quote stand for the quote character itself.
      size_t start = i++;
      std::string text;
      while (i < s.size()) {
        if (s[i] == c && i + 1 < s.size() && s[i + 1] == c) {
          text += c;
          i += 2;
        } else if (s[i] == c) {
          ++i;
          break;
        } else {
          text += s[i++];
        }
      }
      out.push_back({c == '\'' ? Tok::kString : Tok::kName, text, start});
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t start = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
      out.push_back({Tok::kNumber, std::string(s.substr(start, i - start)), start});
    } else if (WordChar(c)) {
      size_t start = i;
      while (i < s.size() && WordChar(s[i])) ++i;
      out.push_back({Tok::kWord, std::string(s.substr(start, i - start)), start});
    } else if (c == '<' || c == '>' || c == '=' || c == '!') {
      size_t start = i++;
      if (i < s.size() && (s[i] == '=' || (c == '<' && s[i] == '>'))) ++i;
      out.push_back({Tok::kOp, std::string(s.substr(start, i - start)), start});
    } else {
      out.push_back({Tok::kPunct, std::string(1, c), i});
      ++i;
    }
  }
  return out;
}

bool IsComparison(const Token& t) {
  return t.kind == Tok::kOp && (t.text == "=" || t.text == "<>" || t.text == "!=" ||
                                t.text == "<" || t.text == "<=" || t.text == ">" || t.text == ">=");
}

bool IsAttribute(const Token& t) { return t.kind == Tok::kWord || t.kind == Tok::kName; }

// The table (and index) a PartiQL statement names: the word after FROM, INTO or a leading
// UPDATE, then ."index" when present.
struct PartiqlTarget {
  std::string table, index;
  size_t where = 0;  // the token after WHERE (0: no WHERE)
};

PartiqlTarget TargetOf(const std::vector<Token>& toks) {
  PartiqlTarget t;
  for (size_t i = 0; i < toks.size(); ++i) {
    std::string u = toks[i].kind == Tok::kWord ? Upper(toks[i].text) : "";
    bool names_table = u == "FROM" || u == "INTO" || (u == "UPDATE" && i == 0);
    if (names_table && t.table.empty() && i + 1 < toks.size() && IsAttribute(toks[i + 1])) {
      t.table = toks[i + 1].text;
      if (i + 3 < toks.size() && toks[i + 2].text == "." && toks[i + 2].kind == Tok::kPunct &&
          IsAttribute(toks[i + 3])) {
        t.index = toks[i + 3].text;
      }
    }
    if (u == "WHERE" && t.where == 0) t.where = i + 1;
  }
  return t;
}

// ---- Table descriptions ----

struct KeyPart {
  std::string name, type;  // type: "S", "N" or "B" ("" when not defined)
};
struct KeyShape {
  std::string index;  // empty for the base table
  std::vector<KeyPart> hash, range;
};

std::string AttributeType(const TableDescription& table, const std::string& name) {
  for (const AttributeDefinition& d : table.attribute_definitions) {
    if (d.attribute_name == name) return d.attribute_type;
  }
  return "";
}

KeyShape ShapeOf(const TableDescription& table, const std::vector<KeySchemaElement>& schema,
                 std::string index) {
  KeyShape s;
  s.index = std::move(index);
  for (const KeySchemaElement& k : schema) {
    KeyPart part{k.attribute_name, AttributeType(table, k.attribute_name)};
    (k.key_type == "HASH" ? s.hash : s.range).push_back(part);
  }
  return s;
}

// The base table first, then its indexes in the order DescribeTable lists them.
std::vector<KeyShape> Shapes(const TableDescription& table) {
  std::vector<KeyShape> out;
  out.push_back(ShapeOf(table, table.key_schema, ""));
  for (const auto* kind : {&table.global_secondary_indexes, &table.local_secondary_indexes}) {
    for (const IndexDescription& ix : *kind) {
      out.push_back(ShapeOf(table, ix.key_schema, ix.index_name));
    }
  }
  return out;
}

std::string Names(const std::vector<KeyPart>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i].name;
  }
  return out;
}

std::string NamesWithTypes(const std::vector<KeyPart>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i].name + (parts[i].type.empty() ? "" : " (" + parts[i].type + ")");
  }
  return out;
}

// ---- Unknown table ----

std::string RequestedTable(const StatementResult& r) {
  const Json& request = r.request();
  if (request.is_object() && request.contains("TableName") && request["TableName"].is_string()) {
    return request["TableName"].get<std::string>();
  }
  if (r.kind == InputKind::kPartiql || r.kind == InputKind::kExplain) {
    return TargetOf(Lex(r.input)).table;
  }
  return "";
}

std::string UnknownTableHint(const StatementResult& r, const HintTables& tables) {
  if (r.ok || r.error.type != ErrorType::kResourceNotFoundException || !tables.names) return "";
  std::vector<std::string> names = tables.names();
  std::vector<std::string> asked;
  std::string one = RequestedTable(r);
  if (!one.empty()) asked.push_back(one);
  // Batch and transaction calls name their tables in RequestItems / TransactItems.
  const Json& q = r.request();
  if (asked.empty() && q.is_object() && q.contains("RequestItems") &&
      q["RequestItems"].is_object()) {
    for (auto it = q["RequestItems"].begin(); it != q["RequestItems"].end(); ++it) {
      asked.push_back(it.key());
    }
  }
  if (asked.empty() && q.is_object() && q.contains("TransactItems") &&
      q["TransactItems"].is_array()) {
    for (const auto& a : q["TransactItems"]) {
      if (!a.is_object() || a.empty() || !a.begin().value().is_object()) continue;
      asked.push_back(a.begin().value().value("TableName", ""));
    }
  }
  for (const std::string& t : asked) {
    if (t.empty() || std::find(names.begin(), names.end(), t) != names.end()) continue;
    std::string hint = "there is no table named " + Quoted(t);
    if (names.empty()) return hint + "; this database has no tables yet (create-table makes one)";
    std::vector<std::string> close = ClosestNames(t, names, 3);
    if (!close.empty()) return hint + "; did you mean " + JoinQuoted(close) + "?";
    std::vector<std::string> shown(names.begin(),
                                   names.begin() + std::min<size_t>(5, names.size()));
    std::string list;
    for (const auto& n : shown) list += (list.empty() ? "" : ", ") + n;
    if (names.size() > shown.size()) {
      list += " and " + std::to_string(names.size() - shown.size()) + " more (.tables)";
    }
    return hint + "; the tables are " + list;
  }
  return "";
}

// ---- A PartiQL value in double quotes ----

// `WHERE PK = "CUST#1"` is legal PartiQL: it compares PK with an attribute named CUST#1, which
// no item has, so the statement scans and returns nothing. The hint fires when a key attribute
// (of the table or any index) is compared with a double-quoted name that is not an attribute the
// table defines: key attributes are compared with values almost always, and a name the table
// does define is left alone because comparing two attributes is then plausibly meant. It does not
// depend on what the items hold, so it is the same on an empty table as on a full one.
std::string DoubleQuotedValueHint(const StatementResult& r, const HintTables& tables) {
  if (r.kind != InputKind::kPartiql && r.kind != InputKind::kExplain) return "";
  // A statement that found items did compare two attributes on purpose.
  if (r.ok && r.response) {
    if (const auto* page = ResponseAs<Operation::ExecuteStatement>(*r.response);
        page != nullptr && !page->items.empty()) {
      return "";
    }
  }
  std::vector<Token> toks = Lex(r.input);
  PartiqlTarget target = TargetOf(toks);
  if (target.table.empty() || target.where == 0 || !tables.describe) return "";
  const TableDescription* table = tables.describe(target.table);
  if (table == nullptr) return "";
  std::set<std::string> keys;
  for (const auto& s : Shapes(*table)) {
    for (const auto& p : s.hash) keys.insert(p.name);
    for (const auto& p : s.range) keys.insert(p.name);
  }
  for (size_t i = target.where; i + 2 < toks.size(); ++i) {
    const Token& a = toks[i];
    const Token& op = toks[i + 1];
    const Token& v = toks[i + 2];
    if (!IsAttribute(a) || !IsComparison(op) || v.kind != Tok::kName) continue;
    if (!keys.contains(a.text) || !AttributeType(*table, v.text).empty()) continue;
    return "\"" + v.text + "\" in double quotes names an attribute, so this compares " + a.text +
           " with an attribute called " + v.text +
           " (no item has one); a value takes single quotes: " + a.text + " " + op.text + " '" +
           v.text + "'";
  }
  return "";
}

// ---- Untyped JSON items ----

const char* const kTypes[] = {"S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"};

bool LooksTyped(const Json& v) {
  if (!v.is_object() || v.size() != 1) return false;
  const std::string& k = v.begin().key();
  return std::any_of(std::begin(kTypes), std::end(kTypes), [&](const char* t) { return k == t; });
}

std::string UntypedItemHint(const StatementResult& r) {
  bool shape_error = r.error.type == ErrorType::kSerializationException ||
                     r.error.message.starts_with("Parameter validation failed");
  if (r.ok || !shape_error || !r.request().is_object()) return "";
  struct Member {
    const char* field;
    const char* option;
  };
  const Member members[] = {{"Item", "--item"},
                            {"Key", "--key"},
                            {"ExpressionAttributeValues", "--expression-attribute-values"},
                            {"ExclusiveStartKey", "--exclusive-start-key"}};
  for (const auto& m : members) {
    if (!r.request().contains(m.field) || !r.request()[m.field].is_object()) continue;
    const Json& map = r.request()[m.field];
    bool typed = std::all_of(map.begin(), map.end(), [](const Json& v) { return LooksTyped(v); });
    if (typed) continue;
    std::string where = r.kind == InputKind::kCli ? std::string(m.option) : std::string(m.field);
    return "DynamoDB JSON gives every value its type ({\"S\": ...} for a string, {\"N\": ...} "
           "for a number); " +
           where + " typed reads '" + TypedAttributeMap(map).dump() + "'";
  }
  return "";
}

// ---- Key condition misuse ----

std::string KeyConditionHint(const StatementResult& r, const HintTables& tables) {
  if (r.ok || r.error.type != ErrorType::kValidationException ||
      OperationFromName(r.operation) != Operation::Query)
    return "";
  const std::string& m = r.error.message;
  bool key_error = m.starts_with("Query key condition not supported") ||
                   m.starts_with("Query condition missed key schema element") ||
                   m.starts_with("KeyConditionExpressions") ||
                   m.find("KeyConditionExpression") != std::string::npos;
  if (!key_error || !r.request().is_object() || !tables.describe) return "";
  std::string table_name = r.request().value("TableName", "");
  const TableDescription* table = tables.describe(table_name);
  if (table == nullptr) return "";
  std::string index = r.request().value("IndexName", "");
  const KeyShape* shape = nullptr;
  std::vector<KeyShape> shapes = Shapes(*table);
  for (const auto& s : shapes) {
    if (s.index == index) shape = &s;
  }
  if (shape == nullptr || shape->hash.empty()) return "";

  // Attributes the key condition names that are not keys of the table or index read.
  std::set<std::string> keys;
  for (const auto& p : shape->hash) keys.insert(p.name);
  for (const auto& p : shape->range) keys.insert(p.name);
  std::vector<std::string> others;
  const Json names = r.request().value("ExpressionAttributeNames", Json::object());
  std::vector<Token> toks = Lex(r.request().value("KeyConditionExpression", ""));
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (t.kind != Tok::kWord || t.text.starts_with(":")) continue;
    std::string u = Upper(t.text);
    if (u == "AND" || u == "BETWEEN") continue;
    if (i + 1 < toks.size() && toks[i + 1].text == "(") continue;  // a function
    std::string name = t.text;
    if (name.starts_with("#")) {
      if (!names.is_object() || !names.contains(name) || !names[name].is_string()) continue;
      name = names[name].get<std::string>();
    }
    if (!keys.contains(name) && std::find(others.begin(), others.end(), name) == others.end()) {
      others.push_back(name);
    }
  }

  std::string on = index.empty() ? "table " + Quoted(table_name) : "index " + Quoted(index);
  std::string hint = "on " + on + " the partition key is " + NamesWithTypes(shape->hash) +
                     ", which takes only equality (" + shape->hash.front().name + " = :v" +
                     (shape->hash.size() > 1 ? " for each of them" : "") + ")";
  if (shape->range.empty()) {
    hint += "; there is no sort key";
  } else {
    hint += "; the sort key is " + NamesWithTypes(shape->range) +
            ", which takes =, <, <=, >, >=, BETWEEN or begins_with";
  }
  if (others.size() == 1) {
    hint += "; " + others[0] + " is not a key attribute, so a condition on it goes in " +
            "--filter-expression";
  } else if (others.size() > 1) {
    hint += "; " + JoinQuoted(others) + " are not key attributes, so conditions on them go in " +
            "--filter-expression";
  }
  return hint;
}

// ---- Misspelt PartiQL keywords ----

const std::vector<std::string>& StatementWords() {
  static const std::vector<std::string> kWords = {"SELECT", "INSERT", "UPDATE",
                                                  "DELETE", "EXISTS", "EXPLAIN"};
  return kWords;
}

const std::vector<std::string>& ClauseWords() {
  static const std::vector<std::string> kWords = {
      "SELECT", "INSERT", "UPDATE", "DELETE", "EXISTS",    "EXPLAIN", "FROM",    "WHERE",   "INTO",
      "VALUE",  "SET",    "REMOVE", "AND",    "OR",        "NOT",     "BETWEEN", "MISSING", "NULL",
      "ORDER",  "BY",     "ASC",    "DESC",   "RETURNING", "IN",      "IS"};
  return kWords;
}

std::string ClosestKeyword(std::string_view word, const std::vector<std::string>& words) {
  std::string u = Upper(word);
  if (u.size() < 2) return "";
  if (std::find(words.begin(), words.end(), u) != words.end()) return "";
  // Short keywords (OR, BY, SET) tolerate one slip; longer ones two.
  std::string best;
  size_t best_d = 99;
  for (const auto& w : words) {
    size_t d = cli::EditDistance(u, w);
    size_t limit = w.size() <= 3 ? 1 : 2;
    if (d <= limit && d < best_d) {
      best_d = d;
      best = w;
    }
  }
  return best;
}

std::string KeywordHint(const StatementResult& r) {
  if (r.ok) return "";
  std::string_view t = TrimStatement(r.input);
  if (r.kind == InputKind::kCli && r.parse_error) {
    // argparse reports a missing required option before an unknown one, so `--table-nme` shows
    // up as "required: --table-name"; the misspelt word is among the words given.
    const std::string required = "aws: error: the following arguments are required: ";
    if (r.error.message.starts_with(required)) {
      std::vector<std::string> missing;
      std::string rest = r.error.message.substr(required.size());
      for (size_t start = 0; start <= rest.size();) {
        size_t comma = rest.find(", ", start);
        missing.push_back(rest.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 2;
      }
      std::string word;
      for (size_t i = 0; i <= t.size(); ++i) {
        if (i == t.size() || std::isspace(static_cast<unsigned char>(t[i]))) {
          std::string w = word.substr(0, word.find('='));
          word.clear();
          if (!w.starts_with("--")) continue;
          std::string s = cli::Suggest(w, missing);
          if (!s.empty() && s != w) return "did you mean " + s + " (not " + w + ")?";
        } else {
          word += t[i];
        }
      }
      return "";
    }
    std::string first(t.substr(0, t.find_first_of(" \t\n(")));
    std::string s = ClosestKeyword(first, StatementWords());
    // Only a word written in capitals reads as meant for PartiQL: `qurey` is an aws-CLI slip.
    if (!s.empty() && first == Upper(first)) {
      return "did you mean " + s +
             "? A PartiQL statement starts with SELECT, INSERT, UPDATE, "
             "DELETE or EXISTS";
    }
    return "";
  }
  if (r.kind != InputKind::kPartiql && r.kind != InputKind::kExplain) return "";
  // A parse error points at a column; a misspelt keyword there (FORM, WHER) gets a suggestion.
  // Without a column, only a word in capitals is taken for a keyword.
  for (const Token& tok : Lex(r.input)) {
    if (tok.kind != Tok::kWord) continue;
    bool at_error = r.error.column > 0 && tok.offset + 1 == static_cast<size_t>(r.error.column);
    bool candidate = r.error.column > 0
                         ? at_error
                         : r.error.message.starts_with("Statement wasn't well formed") &&
                               tok.text == Upper(tok.text);
    if (!candidate) continue;
    std::string s = ClosestKeyword(tok.text, ClauseWords());
    if (!s.empty()) return "did you mean " + s + " (not " + tok.text + ")?";
  }
  return "";
}

// ---- Index suggestions for reads that scan ----

// Equality conditions `attr = value` in token form, attr -> the value as written.
std::vector<std::pair<std::string, std::string>> Equalities(const std::vector<Token>& toks,
                                                            size_t from, const Json& names) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t i = from; i + 2 < toks.size(); ++i) {
    const Token& a = toks[i];
    if (!IsAttribute(a) || toks[i + 1].kind != Tok::kOp || toks[i + 1].text != "=") continue;
    if (i > from && toks[i - 1].kind == Tok::kPunct && toks[i - 1].text == ".") continue;
    const Token& v = toks[i + 2];
    std::string value;
    if (v.kind == Tok::kString) {
      value = "'" + v.text + "'";
    } else if (v.kind == Tok::kNumber || (v.kind == Tok::kWord && v.text.starts_with(":"))) {
      value = v.text;
    } else if (v.kind == Tok::kPunct && v.text == "?") {
      value = "?";
    } else {
      continue;
    }
    std::string name = a.text;
    if (a.kind == Tok::kWord && name.starts_with("#") && names.is_object() &&
        names.contains(name) && names[name].is_string()) {
      name = names[name].get<std::string>();
    }
    out.emplace_back(name, value);
  }
  return out;
}

std::string ValueFor(const std::vector<std::pair<std::string, std::string>>& eq,
                     const std::string& name) {
  for (const auto& [n, v] : eq) {
    if (n == name) return v;
  }
  return "";
}

// The first key shape (the base table first) whose whole partition key has an equality.
const KeyShape* Serving(const std::vector<KeyShape>& shapes,
                        const std::vector<std::pair<std::string, std::string>>& eq) {
  for (const auto& s : shapes) {
    if (s.hash.empty()) continue;
    bool all = std::all_of(s.hash.begin(), s.hash.end(),
                           [&](const KeyPart& p) { return !ValueFor(eq, p.name).empty(); });
    if (all) return &s;
  }
  return nullptr;
}

bool AnyScan(const StatementResult& r) {
  for (const auto& c : r.calls) {
    if (OperationFromName(c.trace.operation) == Operation::Scan) return true;
    for (const auto& s : c.trace.steps) {
      if (OperationFromName(s.operation) == Operation::Scan) return true;
    }
  }
  return false;
}

std::string PartiqlIndexHint(const StatementResult& r, const HintTables& tables) {
  std::string_view text = TrimStatement(r.input);
  if (r.kind == InputKind::kExplain) text = TrimStatement(text.substr(7));
  std::vector<Token> toks = Lex(text);
  if (toks.empty() || Upper(toks[0].text) != "SELECT") return "";
  if (r.kind == InputKind::kPartiql && !AnyScan(r)) return "";
  PartiqlTarget target = TargetOf(toks);
  if (target.table.empty() || target.where == 0 || !target.index.empty()) return "";
  const TableDescription* table = tables.describe(target.table);
  if (table == nullptr) return "";
  auto eq = Equalities(toks, target.where, Json::object());
  std::vector<KeyShape> shapes = Shapes(*table);
  const KeyShape* s = Serving(shapes, eq);
  if (s == nullptr || s->index.empty()) return "";  // the base table's key would have served
  std::string where;
  for (const auto& p : s->hash) {
    where += (where.empty() ? "" : " AND ") + p.name + " = " + ValueFor(eq, p.name);
  }
  return s->index + " is keyed on " + Names(s->hash) + ": SELECT ... FROM \"" + target.table +
         "\".\"" + s->index + "\" WHERE " + where +
         " reads one item collection instead of the whole table";
}

std::string CliScanIndexHint(const StatementResult& r, const HintTables& tables) {
  if (r.subcommand != "scan" || !r.request().is_object() || !tables.describe) return "";
  if (r.request().contains("IndexName")) return "";
  std::string table_name = r.request().value("TableName", "");
  const TableDescription* table = tables.describe(table_name);
  if (table == nullptr) return "";
  const Json names = r.request().value("ExpressionAttributeNames", Json::object());
  auto eq = Equalities(Lex(r.request().value("FilterExpression", "")), 0, names);
  std::vector<KeyShape> shapes = Shapes(*table);
  const KeyShape* s = Serving(shapes, eq);
  if (s == nullptr) return "";
  std::string cond;
  for (const auto& p : s->hash) {
    cond += (cond.empty() ? "" : " AND ") + p.name + " = " + ValueFor(eq, p.name);
  }
  std::string query = "query --table-name " + table_name +
                      (s->index.empty() ? "" : " --index-name " + s->index) +
                      " --key-condition-expression \"" + cond + "\"";
  std::string what = s->index.empty() ? "the table is keyed on " + Names(s->hash)
                                      : s->index + " is keyed on " + Names(s->hash);
  return what + ": " + query + " reads one item collection instead of the whole table";
}

std::string IndexHint(const StatementResult& r, const HintTables& tables) {
  if (!tables.describe) return "";
  if (r.kind == InputKind::kPartiql && r.ok) return PartiqlIndexHint(r, tables);
  if (r.kind == InputKind::kExplain && r.ok) {
    std::string_view inner = TrimStatement(TrimStatement(r.input).substr(7));
    if (Upper(inner.substr(0, 6)) == "SELECT") return PartiqlIndexHint(r, tables);
    return "";
  }
  if (r.kind == InputKind::kCli && r.ok && AnyScan(r)) return CliScanIndexHint(r, tables);
  return "";
}

}  // namespace

std::vector<std::string> ClosestNames(std::string_view word,
                                      const std::vector<std::string>& candidates, size_t limit) {
  std::string w = Lower(word);
  size_t budget = std::max<size_t>(2, word.size() / 3);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const auto& c : candidates) {
    std::string lc = Lower(c);
    size_t d = cli::EditDistance(w, lc);
    // One is a part of the other ("Order" for "Orders-prod"): as close as one slip.
    bool contains =
        w.size() >= 3 && (lc.find(w) != std::string::npos || w.find(lc) != std::string::npos);
    if (lc == w) d = 0;
    if (contains) d = std::min<size_t>(d, 1);
    if (d <= budget) scored.emplace_back(d, c);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [d, c] : scored) {
    if (out.size() == limit) break;
    out.push_back(c);
  }
  return out;
}

Json TypedForm(const Json& v) {
  if (LooksTyped(v)) return v;
  if (v.is_string()) return Json{{"S", v}};
  if (v.is_boolean()) return Json{{"BOOL", v}};
  if (v.is_null()) return Json{{"NULL", true}};
  if (v.is_number()) return Json{{"N", v.dump()}};
  if (v.is_array()) {
    Json list = Json::array();
    for (const auto& e : v) list.push_back(TypedForm(e));
    return Json{{"L", list}};
  }
  return Json{{"M", TypedAttributeMap(v)}};
}

Json TypedAttributeMap(const Json& map) {
  Json out = Json::object();
  if (!map.is_object()) return out;
  for (auto it = map.begin(); it != map.end(); ++it) out[it.key()] = TypedForm(it.value());
  return out;
}

std::string PartiqlKeywordSuggestion(std::string_view word) {
  return ClosestKeyword(word, ClauseWords());
}

std::string DotCommandHint(std::string_view word, const std::vector<std::string>& names) {
  std::string s = cli::Suggest(word, names);
  return s.empty() ? "" : "did you mean " + s + "?";
}

std::string TeachingHint(const StatementResult& r, const HintTables& tables) {
  // A reserved word comes before the key condition: its message names KeyConditionExpression
  // too, and the word is what is wrong.
  for (auto hint : {UnknownTableHint(r, tables), UntypedItemHint(r), ReservedWordHint(r),
                    KeySchemaHint(r, tables), KeyConditionHint(r, tables),
                    DoubleQuotedValueHint(r, tables), KeywordHint(r), IndexHint(r, tables)}) {
    if (!hint.empty()) return hint;
  }
  return "";
}

}  // namespace ddblab::shell
