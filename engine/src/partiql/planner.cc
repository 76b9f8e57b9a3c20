// PartiQL statement -> one typed DynamoDB request (see planner.h for the rules).
#include "partiql/planner.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "partiql/lexer.h"

namespace ddblab::partiql {

namespace {

// ------------------------------------------------------------------ messages

Error At(std::string message, const Span& where) {
  Error e = ValidationError(std::move(message));
  e.column = where.column;
  return e;
}

Error UnrecognizedFunction(const Expr& call) {
  Span s = call.span;
  s.length = static_cast<int>(call.text.size());
  return At("Unrecognized function: " + call.text + PositionSuffix(s), s);
}

Error NeedsPath(const std::string& function, const Span& where) {
  return At("Operator or function requires a document path; operator or function: " + function,
            where);
}

Error WrongArity(const Expr& call) {
  return At("Incorrect number of operands for operator or function; operator or function: " +
                call.text + ", number of operands: " + std::to_string(call.args.size()),
            call.span);
}

Error NotBoolean(const Span& where) {
  return At("WHERE clause must contain an expression that resolves to a boolean", where);
}

constexpr std::string_view kIncompleteKey =
    "Where clause does not contain a mandatory equality on all key attributes";

// ------------------------------------------------------------------ constants

bool IsConstant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kString:
    case ExprKind::kNumber:
    case ExprKind::kBool:
    case ExprKind::kNull:
    case ExprKind::kParameter:
      return true;
    case ExprKind::kMap:
    case ExprKind::kList:
    case ExprKind::kBag:
      for (const Expr& a : e.args) {
        if (!IsConstant(a)) return false;
      }
      return true;
    default:
      return false;
  }
}

// The value of a constant expression. `where` names its place for DynamoDB's value messages
// ("... under root.x", "... under root[1]").
Result<AttributeValue> Materialize(const Expr& e, const std::vector<AttributeValue>* params,
                                   const std::string& where) {
  switch (e.kind) {
    case ExprKind::kString:
      return AttributeValue::S(e.text);
    case ExprKind::kNumber: {
      Result<Decimal> d = Decimal::Parse(e.text);
      if (!d.ok()) return At(d.error().message + " under " + where, e.span);
      return AttributeValue::N(*d);
    }
    case ExprKind::kBool:
      return AttributeValue::Bool(e.flag);
    case ExprKind::kNull:
      return AttributeValue::Null();
    case ExprKind::kMissing:
      return At("MISSING must be compared using IS operator", e.span);
    case ExprKind::kParameter:
      if (params == nullptr || e.parameter_index < 0 ||
          static_cast<size_t>(e.parameter_index) >= params->size()) {
        return ValidationError("Number of parameters in request and statement don't match.");
      }
      return (*params)[e.parameter_index];
    case ExprKind::kMap: {
      Map m;
      for (size_t i = 0; i < e.args.size(); ++i) {
        const std::string& key = e.keys[i];
        if (m.count(key) != 0) {
          return At("Duplicate keys in tuple. Key: " + key + " under " + where, e.span);
        }
        DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(e.args[i], params, where + "." + key));
        m.emplace(key, std::move(v));
      }
      return AttributeValue::M(std::move(m));
    }
    case ExprKind::kList: {
      List l;
      for (size_t i = 0; i < e.args.size(); ++i) {
        DDB_ASSIGN_OR_RETURN(AttributeValue v,
                             Materialize(e.args[i], params, where + "[" + std::to_string(i) + "]"));
        l.push_back(std::move(v));
      }
      return AttributeValue::L(std::move(l));
    }
    case ExprKind::kBag: {
      // DynamoDB: <<...>> is a string or number set; sets cannot be empty.
      if (e.args.empty()) return At("Empty bags are not supported", e.span);
      std::vector<AttributeValue> members;
      for (size_t i = 0; i < e.args.size(); ++i) {
        DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(e.args[i], params, where));
        members.push_back(std::move(v));
      }
      bool all_s = true;
      bool all_n = true;
      for (const AttributeValue& v : members) {
        all_s = all_s && v.type == AttrType::kS;
        all_n = all_n && v.type == AttrType::kN;
      }
      if (all_s) {
        std::vector<std::string> ss;
        for (const AttributeValue& v : members) ss.push_back(v.str());
        return AttributeValue::SS(std::move(ss));
      }
      if (all_n) {
        std::vector<Decimal> ns;
        for (const AttributeValue& v : members) ns.push_back(v.num());
        return AttributeValue::NS(std::move(ns));
      }
      return At(
          "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in "
          "bags",
          e.span);
    }
    default:
      return At("Unsupported data type: " + std::string(e.kind == ExprKind::kCall ? e.text : "") +
                    " under key " + where + PositionSuffix(e.span),
                e.span);
  }
}

// ------------------------------------------------------------------ readable text

bool IsPlainName(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

std::string QuoteString(const std::string& s, char quote) {
  std::string out(1, quote);
  for (char c : s) {
    out.push_back(c);
    if (c == quote) out.push_back(c);
  }
  out.push_back(quote);
  return out;
}

std::string RenderPath(const std::vector<PathStep>& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    const PathStep& s = path[i];
    if (s.is_index()) {
      out += "[" + std::to_string(s.index) + "]";
      continue;
    }
    if (i > 0) out += ".";
    out += IsPlainName(s.name) ? s.name : QuoteString(s.name, '"');
  }
  return out;
}

std::string Render(const Expr& e, const std::vector<AttributeValue>* params);

std::string RenderJoined(const std::vector<Expr>& args, size_t from, const std::string& sep,
                         const std::vector<AttributeValue>* params) {
  std::string out;
  for (size_t i = from; i < args.size(); ++i) {
    if (i > from) out += sep;
    out += Render(args[i], params);
  }
  return out;
}

std::string RenderChild(const Expr& e, const std::vector<AttributeValue>* params) {
  bool wrap = e.kind == ExprKind::kAnd || e.kind == ExprKind::kOr;
  return wrap ? "(" + Render(e, params) + ")" : Render(e, params);
}

std::string Render(const Expr& e, const std::vector<AttributeValue>* params) {
  switch (e.kind) {
    case ExprKind::kPath:
      return RenderPath(e.path);
    case ExprKind::kMissing:
      return "MISSING";
    case ExprKind::kCompare:
      return Render(e.args[0], params) + " " + e.op + " " + Render(e.args[1], params);
    case ExprKind::kArith:
      return Render(e.args[0], params) + " " + e.op + " " + Render(e.args[1], params);
    case ExprKind::kBetween:
      return Render(e.args[0], params) + (e.negated ? " NOT" : "") + " BETWEEN " +
             Render(e.args[1], params) + " AND " + Render(e.args[2], params);
    case ExprKind::kIn:
      return Render(e.args[0], params) + (e.negated ? " NOT" : "") + " IN " +
             Render(e.args[1], params);
    case ExprKind::kAnd:
    case ExprKind::kOr: {
      std::string sep = e.kind == ExprKind::kAnd ? " AND " : " OR ";
      std::string out;
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i > 0) out += sep;
        out += RenderChild(e.args[i], params);
      }
      return out;
    }
    case ExprKind::kNot:
      return "NOT " + RenderChild(e.args[0], params);
    case ExprKind::kCall:
      return e.text + "(" + RenderJoined(e.args, 0, ", ", params) + ")";
    case ExprKind::kIs:
      return Render(e.args[0], params) + " IS " + (e.negated ? "NOT " : "") + e.text;
    default: {
      if (!IsConstant(e)) return "?";
      Result<AttributeValue> v = Materialize(e, params, "root");
      return v.ok() ? RenderValue(*v) : "?";
    }
  }
}

// ------------------------------------------------------------------ expression text

// Writes predicates as DynamoDB expression text, allocating #n / :v placeholders.
class ExpressionWriter {
 public:
  explicit ExpressionWriter(const std::vector<AttributeValue>* params) : params_(params) {}

  std::string Name(const std::string& name) {
    auto it = name_placeholders_.find(name);
    if (it != name_placeholders_.end()) return it->second;
    std::string ph = "#n" + std::to_string(name_placeholders_.size());
    name_placeholders_.emplace(name, ph);
    names_.emplace(ph, name);
    return ph;
  }

  std::string Value(AttributeValue v) {
    std::string ph = ":v" + std::to_string(values_.size());
    values_.emplace(ph, std::move(v));
    return ph;
  }

  std::string Path(const std::vector<PathStep>& path) {
    std::string out;
    for (size_t i = 0; i < path.size(); ++i) {
      if (path[i].is_index()) {
        out += "[" + std::to_string(path[i].index) + "]";
      } else {
        if (i > 0) out += ".";
        out += Name(path[i].name);
      }
    }
    return out;
  }

  // An operand of a comparison, BETWEEN, IN or function: a path, a constant or size(path).
  Result<std::string> Operand(const Expr& e) {
    if (e.kind == ExprKind::kPath) return Path(e.path);
    if (e.kind == ExprKind::kMissing) {
      return At("MISSING must be compared using IS operator", e.span);
    }
    if (IsConstant(e)) {
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(e, params_, "root"));
      return Value(std::move(v));
    }
    if (e.kind == ExprKind::kCall) {
      if (e.text != "size") return UnrecognizedFunction(e);
      if (e.args.size() != 1) return WrongArity(e);
      if (e.args[0].kind != ExprKind::kPath) return NeedsPath(e.text, e.args[0].span);
      return "size(" + Path(e.args[0].path) + ")";
    }
    if (e.kind == ExprKind::kArith) {
      return At("Unsupported operator in Condition Expression. Operator: " + e.op, e.span);
    }
    return NotBoolean(e.span);
  }

  Result<std::string> Condition(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kAnd:
      case ExprKind::kOr: {
        std::string sep = e.kind == ExprKind::kAnd ? " AND " : " OR ";
        std::string out;
        for (size_t i = 0; i < e.args.size(); ++i) {
          DDB_ASSIGN_OR_RETURN(std::string part, Child(e.args[i]));
          if (i > 0) out += sep;
          out += part;
        }
        return out;
      }
      case ExprKind::kNot: {
        DDB_ASSIGN_OR_RETURN(std::string inner, Child(e.args[0]));
        return "NOT " + inner;
      }
      case ExprKind::kCompare: {
        DDB_ASSIGN_OR_RETURN(std::string l, Operand(e.args[0]));
        DDB_ASSIGN_OR_RETURN(std::string r, Operand(e.args[1]));
        return l + " " + e.op + " " + r;
      }
      case ExprKind::kBetween: {
        DDB_ASSIGN_OR_RETURN(std::string x, Operand(e.args[0]));
        DDB_ASSIGN_OR_RETURN(std::string lo, Operand(e.args[1]));
        DDB_ASSIGN_OR_RETURN(std::string hi, Operand(e.args[2]));
        std::string text = x + " BETWEEN " + lo + " AND " + hi;
        return e.negated ? "NOT (" + text + ")" : text;
      }
      case ExprKind::kIn:
        return In(e);
      case ExprKind::kIs:
        return Is(e);
      case ExprKind::kCall:
        return Function(e);
      default:
        return NotBoolean(e.span);
    }
  }

  const ExpressionAttributeNames& names() const { return names_; }
  const ExpressionAttributeValues& values() const { return values_; }

 private:
  Result<std::string> Child(const Expr& e) {
    DDB_ASSIGN_OR_RETURN(std::string text, Condition(e));
    bool wrap = e.kind == ExprKind::kAnd || e.kind == ExprKind::kOr;
    return wrap ? "(" + text + ")" : text;
  }

  Result<std::string> In(const Expr& e) {
    DDB_ASSIGN_OR_RETURN(std::string x, Operand(e.args[0]));
    std::vector<std::string> items;
    const Expr& rhs = e.args[1];
    if (rhs.kind == ExprKind::kList) {
      for (const Expr& item : rhs.args) {
        DDB_ASSIGN_OR_RETURN(std::string s, Operand(item));
        items.push_back(std::move(s));
      }
    } else {
      // `IN ?` binds a list parameter; each member becomes one operand.
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(rhs, params_, "root"));
      if (v.type == AttrType::kL) {
        for (const AttributeValue& m : v.list()) items.push_back(Value(m));
      }
    }
    if (items.size() > 100) {  // `IN ?` with a list parameter: the same limit
      return ValidationError(
          "The IN operator is provided with too many operands; number of operands: " +
          std::to_string(items.size()));
    }
    if (items.empty()) {
      return At(
          "IN operator must have a left hand argument of type Variable Reference and right hand "
          "argument of type Seq with at least one member",
          e.span);
    }
    std::string text = x + " IN (";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) text += ", ";
      text += items[i];
    }
    text += ")";
    return e.negated ? "NOT (" + text + ")" : text;
  }

  Result<std::string> Is(const Expr& e) {
    const Expr& subject = e.args[0];
    if (subject.kind != ExprKind::kPath) {
      return At("The left hand side argument to IS must be a Variable Reference, Literal, or Path",
                e.span);
    }
    std::string p = Path(subject.path);
    if (e.text == "MISSING") {
      return std::string(e.negated ? "attribute_exists(" : "attribute_not_exists(") + p + ")";
    }
    // PartiQL: IS NULL holds for a NULL value and for a missing attribute alike.
    if (e.text == "NULL") {
      std::string t = Value(AttributeValue::S("NULL"));
      if (e.negated)
        return "(attribute_exists(" + p + ") AND NOT attribute_type(" + p + ", " + t + "))";
      return "(attribute_not_exists(" + p + ") OR attribute_type(" + p + ", " + t + "))";
    }
    static const std::map<std::string, std::string> kTypes = {
        {"BOOLEAN", "BOOL"}, {"BOOL", "BOOL"}, {"STRING", "S"}, {"NUMERIC", "N"},
        {"BLOB", "B"},       {"LIST", "L"},    {"STRUCT", "M"}, {"TUPLE", "M"}};
    auto it = kTypes.find(e.text);
    if (it == kTypes.end()) {
      return At("Unsupported data type for IS operator: " + e.text +
                    ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, "
                    "STRUCT, TUPLE, LIST]",
                e.span);
    }
    std::string text = "attribute_type(" + p + ", " + Value(AttributeValue::S(it->second)) + ")";
    return e.negated ? "NOT " + text : text;
  }

  Result<std::string> Function(const Expr& e) {
    size_t arity = 0;
    if (e.text == "attribute_exists" || e.text == "attribute_not_exists") {
      arity = 1;
    } else if (e.text == "begins_with" || e.text == "contains" || e.text == "attribute_type") {
      arity = 2;
    } else if (e.text == "size") {
      return NotBoolean(e.span);
    } else {
      return UnrecognizedFunction(e);
    }
    if (e.args.size() != arity) return WrongArity(e);
    if (e.args[0].kind != ExprKind::kPath) return NeedsPath(e.text, e.args[0].span);
    std::string out = e.text + "(" + Path(e.args[0].path);
    if (arity == 2) {
      DDB_ASSIGN_OR_RETURN(std::string second, Operand(e.args[1]));
      out += ", " + second;
    }
    return out + ")";
  }

  const std::vector<AttributeValue>* params_;
  std::map<std::string, std::string> name_placeholders_;
  ExpressionAttributeNames names_;
  ExpressionAttributeValues values_;
};

// ------------------------------------------------------------------ key analysis

void FlattenAnd(const Expr& e, std::vector<const Expr*>& out) {
  if (e.kind == ExprKind::kAnd) {
    for (const Expr& a : e.args) FlattenAnd(a, out);
  } else {
    out.push_back(&e);
  }
}

const std::string* TopLevelName(const Expr& e) {
  if (e.kind == ExprKind::kPath && e.path.size() == 1 && !e.path[0].is_index()) {
    return &e.path[0].name;
  }
  return nullptr;
}

bool Mentions(const Expr& e, const std::string& name) {
  if (e.kind == ExprKind::kPath) return !e.path.empty() && e.path[0].name == name;
  for (const Expr& a : e.args) {
    if (Mentions(a, name)) return true;
  }
  return false;
}

// For `name = constant` (either way round), the constant; otherwise null.
const Expr* EqualityValue(const Expr& e, const std::string& name) {
  if (e.kind != ExprKind::kCompare || e.op != "=") return nullptr;
  const std::string* l = TopLevelName(e.args[0]);
  const std::string* r = TopLevelName(e.args[1]);
  if (l != nullptr && *l == name && IsConstant(e.args[1])) return &e.args[1];
  if (r != nullptr && *r == name && IsConstant(e.args[0])) return &e.args[0];
  return nullptr;
}

// `name IN [...]`, or an OR of `name = constant` terms, as a top-level conjunct.
bool EnumeratesKey(const std::vector<const Expr*>& conjuncts, const std::string& name) {
  for (const Expr* c : conjuncts) {
    if (c->kind == ExprKind::kIn && !c->negated) {
      const std::string* x = TopLevelName(c->args[0]);
      if (x != nullptr && *x == name) return true;
    }
    if (c->kind == ExprKind::kOr) {
      bool all = true;
      for (const Expr& a : c->args) all = all && EqualityValue(a, name) != nullptr;
      if (all) return true;
    }
  }
  return false;
}

// A condition a KeyConditionExpression can hold on sort key `name`: a comparison with a
// constant (not <>), BETWEEN two constants, or begins_with(name, constant).
bool IsSortKeyCondition(const Expr& e, const std::string& name) {
  if (e.kind == ExprKind::kCompare && e.op != "<>") {
    const std::string* l = TopLevelName(e.args[0]);
    const std::string* r = TopLevelName(e.args[1]);
    return (l != nullptr && *l == name && IsConstant(e.args[1])) ||
           (r != nullptr && *r == name && IsConstant(e.args[0]));
  }
  if (e.kind == ExprKind::kBetween && !e.negated) {
    const std::string* x = TopLevelName(e.args[0]);
    return x != nullptr && *x == name && IsConstant(e.args[1]) && IsConstant(e.args[2]);
  }
  if (e.kind == ExprKind::kCall && e.text == "begins_with" && e.args.size() == 2) {
    const std::string* x = TopLevelName(e.args[0]);
    return x != nullptr && *x == name && IsConstant(e.args[1]);
  }
  return false;
}

// Key-condition text for a hash equality or sort-key condition, with the key on the left as
// KeyConditionExpression wants it.
Result<std::string> KeyConditionText(const Expr& e, ExpressionWriter& w) {
  if (e.kind == ExprKind::kCompare && TopLevelName(e.args[0]) == nullptr) {
    static const std::map<std::string, std::string> kFlip = {
        {"=", "="}, {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
    DDB_ASSIGN_OR_RETURN(std::string value, w.Operand(e.args[0]));
    return w.Path(e.args[1].path) + " " + kFlip.at(e.op) + " " + value;
  }
  return w.Condition(e);
}

std::string ReadableKeyCondition(const Expr& e, const std::vector<AttributeValue>* params) {
  if (e.kind == ExprKind::kCompare && TopLevelName(e.args[0]) == nullptr) {
    static const std::map<std::string, std::string> kFlip = {
        {"=", "="}, {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
    return Render(e.args[1], params) + " " + kFlip.at(e.op) + " " + Render(e.args[0], params);
  }
  return Render(e, params);
}

template <typename R>
void SetPlaceholders(R& r, const ExpressionWriter& w) {
  if (!w.names().empty()) r.expression_attribute_names = w.names();
  if (!w.values().empty()) r.expression_attribute_values = w.values();
}

std::string JoinAnd(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += " AND ";
    out += parts[i];
  }
  return out;
}

// Conjuncts as filter text and as readable text, each wrapped when it is an OR.
Status WriteConjuncts(const std::vector<const Expr*>& conjuncts, ExpressionWriter& w,
                      const std::vector<AttributeValue>* params, std::string* text,
                      std::string* readable) {
  std::vector<std::string> parts;
  std::vector<std::string> readable_parts;
  for (const Expr* c : conjuncts) {
    DDB_ASSIGN_OR_RETURN(std::string t, w.Condition(*c));
    bool wrap = c->kind == ExprKind::kOr;
    parts.push_back(wrap ? "(" + t + ")" : t);
    readable_parts.push_back(wrap ? "(" + Render(*c, params) + ")" : Render(*c, params));
  }
  *text = JoinAnd(parts);
  *readable = JoinAnd(readable_parts);
  return OkStatus();
}

struct KeyNames {
  std::string hash;
  std::optional<std::string> range;
};

// The full primary key named by equalities among `conjuncts` (DML and EXISTS). The remaining
// conjuncts are returned in `rest`.
Result<Key> ExtractFullKey(const std::vector<const Expr*>& conjuncts, const TableSchema& table,
                           const std::vector<AttributeValue>* params,
                           std::vector<const Expr*>* rest) {
  std::vector<std::string> key_names = {table.hash.name};
  if (table.range) key_names.push_back(table.range->name);
  Key key;
  std::vector<bool> used(conjuncts.size(), false);
  for (const std::string& name : key_names) {
    const Expr* value = nullptr;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      const Expr* v = EqualityValue(*conjuncts[i], name);
      if (v == nullptr) continue;
      if (value != nullptr) {
        return ValidationError("Multiple conditions on same key " + name +
                               ". Only single item Update/Insert/Delete are supported");
      }
      value = v;
      used[i] = true;
    }
    if (value == nullptr) return ValidationError(std::string(kIncompleteKey));
    DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*value, params, "root"));
    key.emplace(name, std::move(v));
  }
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (!used[i]) rest->push_back(conjuncts[i]);
  }
  return key;
}

std::string RenderKey(const Key& key, const TableSchema& table) {
  std::string out = table.hash.name + " = " + RenderValue(key.at(table.hash.name));
  if (table.range)
    out += " AND " + table.range->name + " = " + RenderValue(key.at(table.range->name));
  return out;
}

// ------------------------------------------------------------------ SELECT

const IndexSchema* LookupIndex(const TableSchema& table, const std::string& name) {
  for (const IndexSchema& i : table.global_secondary_indexes) {
    if (i.name == name) return &i;
  }
  for (const IndexSchema& i : table.local_secondary_indexes) {
    if (i.name == name) return &i;
  }
  return nullptr;
}

// The conjuncts a Query of a GSI with multi-attribute keys can use as its key condition, in
// KeySchema order: an equality on every partition-key attribute, then sort-key attributes left
// to right (equalities, the last one named may be any sort-key condition). DynamoDB allows no
// key attribute in a Query's filter, so a key attribute the key condition cannot hold leaves
// only a Scan; `scan_reason` then says which attribute and why.
bool MultiAttributeKeyConjuncts(const std::vector<const Expr*>& conjuncts, const IndexSchema& index,
                                std::vector<int>* key_at, std::string* scan_reason) {
  auto find = [&](const std::string& name, int* mentions) {
    int at = -1;
    *mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (!Mentions(*conjuncts[i], name)) continue;
      ++*mentions;
      at = static_cast<int>(i);
    }
    return at;
  };
  for (const KeyDef& k : index.hash_keys) {
    int mentions = 0;
    int at = find(k.name, &mentions);
    if (at < 0 || EqualityValue(*conjuncts[static_cast<size_t>(at)], k.name) == nullptr) {
      *scan_reason = "no equality condition on the partition-key attribute " + k.name +
                     " of index " + index.name +
                     " (a Query needs one on every partition-key attribute) -> full Scan";
      return false;
    }
    if (mentions > 1) {
      *scan_reason = "the partition-key attribute " + k.name +
                     " appears in more than the one equality a Query can use -> full Scan";
      return false;
    }
    key_at->push_back(at);
  }
  std::string stopped_at;  // the sort-key attribute after which no other may be named
  bool stopped_by_range = false;
  for (const KeyDef& k : index.range_keys) {
    int mentions = 0;
    int at = find(k.name, &mentions);
    if (!stopped_at.empty()) {
      if (mentions == 0) continue;
      *scan_reason = "the sort-key attribute " + k.name + " follows " + stopped_at +
                     (stopped_by_range ? ", which has a range condition"
                                       : ", which has no equality condition") +
                     "; a Query names sort-key attributes left to right -> full Scan";
      return false;
    }
    if (mentions == 0) {
      stopped_at = k.name;
      continue;
    }
    const Expr& c = *conjuncts[static_cast<size_t>(at)];
    if (mentions > 1 || !IsSortKeyCondition(c, k.name)) {
      *scan_reason = "the sort-key attribute " + k.name +
                     " has conditions one KeyConditionExpression cannot hold -> full Scan";
      return false;
    }
    key_at->push_back(at);
    if (EqualityValue(c, k.name) == nullptr) {
      stopped_at = k.name;
      stopped_by_range = true;
    }
  }
  return true;
}

std::string JoinNames(const std::vector<KeyDef>& keys) {
  std::string out;
  for (const KeyDef& k : keys) out += (out.empty() ? "" : ", ") + k.name;
  return out;
}

// One SELECT as one request: GetItem, Query or Scan.
Result<PlannedStatement> PlanSingleSelect(const Statement& st, const TableSchema& table,
                                          const PlanOptions& o) {
  const std::vector<AttributeValue>* params = o.parameters;
  KeyNames keys{table.hash.name, std::nullopt};
  if (table.range) keys.range = table.range->name;
  const IndexSchema* index = nullptr;
  if (!st.index.empty()) {
    index = LookupIndex(table, st.index);
    if (index == nullptr) return ValidationError("The table does not have the specified index");
    keys.hash = index->hash_keys[0].name;
    keys.range.reset();
    if (!index->range_keys.empty()) keys.range = index->range_keys[0].name;
    if (index->global && o.consistent_read.value_or(false)) {
      return ValidationError(
          "Strongly consistent read is not supported on Global Secondary Indexes");
    }
  }

  PlannedStatement out;
  out.read = true;
  Plan& plan = out.plan;
  plan.table = table.name;
  plan.index = st.index;

  std::vector<const Expr*> conjuncts;
  if (st.where) FlattenAnd(*st.where, conjuncts);

  // Which conjunct is the partition-key equality, and which the sort-key condition.
  const bool multi = index != nullptr && index->MultiAttribute();
  std::vector<int> multi_key_at;  // a multi-attribute index's key conjuncts, in KeySchema order
  int hash_at = -1;
  bool hash_ok = false;
  std::string scan_reason;
  if (!st.where) {
    scan_reason = "no WHERE clause -> full Scan";
  } else if (multi) {
    hash_ok = MultiAttributeKeyConjuncts(conjuncts, *index, &multi_key_at, &scan_reason);
  } else {
    int mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (Mentions(*conjuncts[i], keys.hash)) ++mentions;
      if (EqualityValue(*conjuncts[i], keys.hash) != nullptr) hash_at = static_cast<int>(i);
    }
    hash_ok = hash_at >= 0 && mentions == 1;
    if (hash_at < 0 && EnumeratesKey(conjuncts, keys.hash)) {
      // Reached only when the values cannot be split into one key lookup each (see
      // PlanLookups): another predicate on the partition key, or sort-key conditions no
      // KeyConditionExpression can hold.
      scan_reason = "IN or OR on the partition key " + keys.hash +
                    " with conditions that one key lookup per value cannot hold -> full Scan";
    } else if (hash_at < 0) {
      scan_reason = "no equality condition on the partition key " + keys.hash + " -> full Scan";
    } else if (!hash_ok) {
      scan_reason = "the partition key " + keys.hash +
                    " appears in more than the one equality a Query can use -> full Scan";
    }
  }
  int range_at = -1;
  if (hash_ok && keys.range && !multi) {
    int mentions = 0;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (!Mentions(*conjuncts[i], *keys.range)) continue;
      ++mentions;
      if (IsSortKeyCondition(*conjuncts[i], *keys.range)) range_at = static_cast<int>(i);
    }
    if (mentions > 1 || (mentions == 1 && range_at < 0)) {
      // A Query's filter may not name key attributes, so a sort-key predicate that is not one
      // key condition leaves only a Scan.
      hash_ok = false;
      scan_reason = "the sort key " + *keys.range +
                    " has conditions one KeyConditionExpression cannot hold -> full Scan";
    }
  }

  // ORDER BY: DynamoDB sorts only along the key of one partition.
  std::optional<bool> forward;
  if (!st.order_by.empty()) {
    if (!st.where) {
      return ValidationError("Must have WHERE clause in the statement when using ORDER BY clause.");
    }
    for (const OrderTerm& term : st.order_by) {
      if (multi) {
        if (!index->IsIndexKey(term.name)) {
          return At("Variable reference " + term.name +
                        " in ORDER BY clause must be part of the primary key",
                    term.span);
        }
        for (const KeyDef& k : index->range_keys) {
          if (k.name == term.name) forward = !term.descending;
        }
        continue;
      }
      if (term.name != keys.hash && (!keys.range || term.name != *keys.range)) {
        return At("Variable reference " + term.name +
                      " in ORDER BY clause must be part of the primary key",
                  term.span);
      }
      if (keys.range && term.name == *keys.range) forward = !term.descending;
    }
    if (!hash_ok) {
      return ValidationError(
          "Must have at least one non-optional hash key condition in WHERE clause when using "
          "ORDER BY clause.");
    }
  }

  ExpressionWriter w(params);
  std::optional<std::string> projection;
  if (!st.star) {
    std::string p;
    for (size_t i = 0; i < st.projection.size(); ++i) {
      if (i > 0) p += ", ";
      p += w.Path(st.projection[i].path);
    }
    projection = p;
  }

  // GetItem: the table itself, equality on every key attribute and nothing else.
  bool full_key = hash_ok && index == nullptr &&
                  (!keys.range ||
                   (range_at >= 0 && EqualityValue(*conjuncts[range_at], *keys.range) != nullptr));
  size_t key_conjuncts = keys.range ? 2 : 1;
  if (full_key && conjuncts.size() == key_conjuncts && st.order_by.empty()) {
    GetItemRequest r;
    r.table_name = table.name;
    for (const Expr* c : conjuncts) {
      const std::string& name = EqualityValue(*c, keys.hash) != nullptr ? keys.hash : *keys.range;
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*EqualityValue(*c, name), params, "root"));
      r.key.emplace(name, std::move(v));
    }
    r.consistent_read = o.consistent_read;
    r.projection_expression = projection;
    if (!w.names().empty()) r.expression_attribute_names = w.names();
    r.return_consumed_capacity = o.return_consumed_capacity;
    plan.operation = "GetItem";
    plan.key_condition = RenderKey(r.key, table);
    plan.reason = "equality on every key attribute (" + keys.hash +
                  (keys.range ? ", " + *keys.range : "") + ") -> GetItem";
    out.request = std::move(r);
    return out;
  }

  if (hash_ok) {
    QueryRequest r;
    r.table_name = table.name;
    if (index != nullptr) r.index_name = index->name;
    std::vector<int> key_at = multi_key_at;
    if (!multi) {
      key_at.push_back(hash_at);
      if (range_at >= 0) key_at.push_back(range_at);
    }
    std::string kc;
    for (int at : key_at) {
      DDB_ASSIGN_OR_RETURN(std::string part, KeyConditionText(*conjuncts[at], w));
      kc += (kc.empty() ? "" : " AND ") + part;
      plan.key_condition += (plan.key_condition.empty() ? "" : " AND ") +
                            ReadableKeyCondition(*conjuncts[at], params);
    }
    r.key_condition_expression = kc;
    std::vector<const Expr*> rest;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (std::find(key_at.begin(), key_at.end(), static_cast<int>(i)) == key_at.end()) {
        rest.push_back(conjuncts[i]);
      }
    }
    if (!rest.empty()) {
      std::string filter;
      DDB_TRY(WriteConjuncts(rest, w, params, &filter, &plan.filter));
      r.filter_expression = filter;
      out.has_filter = true;
    }
    r.projection_expression = projection;
    SetPlaceholders(r, w);
    r.limit = o.limit;
    r.consistent_read = o.consistent_read;
    r.scan_index_forward = forward;
    r.exclusive_start_key = o.exclusive_start_key;
    r.return_consumed_capacity = o.return_consumed_capacity;
    plan.operation = "Query";
    plan.reason = "equality on the partition key " + keys.hash +
                  (range_at >= 0 ? " and a condition on the sort key " + *keys.range : "") +
                  " -> Query";
    if (multi) {
      const size_t sort_parts = key_at.size() - index->hash_keys.size();
      std::vector<KeyDef> named(index->range_keys.begin(),
                                index->range_keys.begin() + static_cast<long>(sort_parts));
      plan.reason =
          "equality on every partition-key attribute (" + JoinNames(index->hash_keys) + ")" +
          (sort_parts ? " and conditions on the sort-key attributes " + JoinNames(named) : "") +
          " -> Query";
    }
    out.request = std::move(r);
    return out;
  }

  ScanRequest r;
  r.table_name = table.name;
  if (index != nullptr) r.index_name = index->name;
  if (st.where) {
    std::string filter;
    DDB_TRY(WriteConjuncts(conjuncts, w, params, &filter, &plan.filter));
    r.filter_expression = filter;
    out.has_filter = true;
  }
  r.projection_expression = projection;
  SetPlaceholders(r, w);
  r.limit = o.limit;
  r.consistent_read = o.consistent_read;
  r.exclusive_start_key = o.exclusive_start_key;
  r.return_consumed_capacity = o.return_consumed_capacity;
  plan.operation = "Scan";
  plan.full_scan = true;
  plan.reason = scan_reason;
  out.request = std::move(r);
  return out;
}

// ------------------------------------------------------------------ SELECT by several keys

// A WHERE that enumerates partition-key values, split into one WHERE per value.
struct LookupBranches {
  std::vector<Expr> wheres;
  std::vector<AttributeValue> values;  // the partition-key value each branch names
  std::vector<AttributeValue> params;  // the request's parameters, then the substituted values
};

Expr AndOf(std::vector<Expr> parts) {
  if (parts.size() == 1) return std::move(parts.front());
  Expr e;
  e.kind = ExprKind::kAnd;
  e.span = parts.front().span;
  e.args = std::move(parts);
  return e;
}

// `hash IN [...]` or `hash = a OR hash = b` as one conjunct, the other conjuncts shared by every
// value. Each value is substituted as an extra parameter so the single-request planner renders
// and materializes it like any other. Returns false when the WHERE is not of this shape.
Result<bool> SplitEnumeration(const std::vector<const Expr*>& conjuncts, const std::string& hash,
                              const std::vector<AttributeValue>* params, LookupBranches* out) {
  int at = -1;
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (!Mentions(*conjuncts[i], hash)) continue;
    if (at >= 0 || !EnumeratesKey({conjuncts[i]}, hash)) return false;
    at = static_cast<int>(i);
  }
  if (at < 0) return false;
  const Expr& e = *conjuncts[at];
  std::vector<AttributeValue> values;
  if (e.kind == ExprKind::kIn) {
    const Expr& rhs = e.args[1];
    if (rhs.kind == ExprKind::kList) {
      for (const Expr& item : rhs.args) {
        if (!IsConstant(item)) return false;
        DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(item, params, "root"));
        values.push_back(std::move(v));
      }
    } else if (IsConstant(rhs)) {
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(rhs, params, "root"));
      if (v.type != AttrType::kL) return false;
      values = v.list();
    } else {
      return false;
    }
  } else {
    for (const Expr& a : e.args) {
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*EqualityValue(a, hash), params, "root"));
      values.push_back(std::move(v));
    }
  }
  if (params != nullptr) out->params = *params;
  for (AttributeValue& v : values) {
    bool seen = false;
    for (const AttributeValue& have : out->values) seen = seen || have == v;
    if (seen) continue;  // a value listed twice is read once
    Expr path;
    path.kind = ExprKind::kPath;
    path.span = e.span;
    path.path = {PathStep{hash, -1}};
    Expr value;
    value.kind = ExprKind::kParameter;
    value.span = e.span;
    value.parameter_index = static_cast<int>(out->params.size());
    Expr eq;
    eq.kind = ExprKind::kCompare;
    eq.op = "=";
    eq.span = e.span;
    eq.args = {std::move(path), std::move(value)};
    std::vector<Expr> parts;
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      parts.push_back(static_cast<int>(i) == at ? eq : *conjuncts[i]);
    }
    out->wheres.push_back(AndOf(std::move(parts)));
    out->params.push_back(v);
    out->values.push_back(std::move(v));
  }
  return !out->wheres.empty();
}

// `(hash = a AND ...) OR (hash = b AND ...)`: each branch names one distinct partition-key value.
Result<bool> SplitBranches(const Expr& where, const std::string& hash,
                           const std::vector<AttributeValue>* params, LookupBranches* out) {
  if (where.kind != ExprKind::kOr) return false;
  if (params != nullptr) out->params = *params;
  for (const Expr& branch : where.args) {
    std::vector<const Expr*> conjuncts;
    FlattenAnd(branch, conjuncts);
    const Expr* value = nullptr;
    for (const Expr* c : conjuncts) {
      if (const Expr* v = EqualityValue(*c, hash)) value = v;
    }
    if (value == nullptr) return false;
    DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(*value, params, "root"));
    // Two branches on one partition could return an item twice; that stays a Scan.
    for (const AttributeValue& have : out->values) {
      if (have == v) return false;
    }
    out->wheres.push_back(branch);
    out->values.push_back(std::move(v));
  }
  return true;
}

std::string Parenthesized(const std::string& text) {
  return text.find(" AND ") == std::string::npos ? text : "(" + text + ")";
}

// The sort key lookups may enumerate under one partition-key equality: the table's, or a
// single-attribute index sort key; nullopt when there is none.
std::optional<std::string> LookupRangeKey(const TableSchema& table, const std::string& index) {
  if (index.empty()) {
    if (!table.range) return std::nullopt;
    return table.range->name;
  }
  const IndexSchema* ix = LookupIndex(table, index);
  if (ix == nullptr || ix->range_keys.size() != 1) return std::nullopt;
  return ix->range_keys[0].name;
}

// Splits each branch further where, under an equality on `hash`, it enumerates sort-key values
// (`SK IN [...]`, `SK = a OR SK = b`): one branch per (partition, sort key) pair, so
// `PK = 'a' AND SK IN ['x', 'y']` reads two items instead of scanning the table. The substituted
// values join `branches.params`; `sort_values[i]` is the sort-key value branch i names (nullopt
// when it names none). Returns whether any branch was split.
Result<bool> SplitSortKeys(LookupBranches& branches, const std::string& hash,
                           const std::string& range,
                           std::vector<std::optional<AttributeValue>>* sort_values,
                           std::vector<std::optional<AttributeValue>>* hash_values) {
  LookupBranches finer;
  finer.params = branches.params;
  std::vector<std::optional<AttributeValue>> finer_hash;
  bool any = false;
  for (size_t i = 0; i < branches.wheres.size(); ++i) {
    std::vector<const Expr*> conjuncts;
    FlattenAnd(branches.wheres[i], conjuncts);
    bool hash_equality = false;
    for (const Expr* c : conjuncts) hash_equality = hash_equality || EqualityValue(*c, hash);
    LookupBranches one;
    bool split = false;
    if (hash_equality) {
      DDB_ASSIGN_OR_RETURN(split, SplitEnumeration(conjuncts, range, &finer.params, &one));
    }
    if (!split) {
      finer.wheres.push_back(std::move(branches.wheres[i]));
      finer_hash.push_back((*hash_values)[i]);
      sort_values->push_back(std::nullopt);
      continue;
    }
    any = true;
    finer.params = std::move(one.params);
    for (size_t k = 0; k < one.wheres.size(); ++k) {
      finer.wheres.push_back(std::move(one.wheres[k]));
      finer_hash.push_back((*hash_values)[i]);
      sort_values->push_back(std::move(one.values[k]));
    }
  }
  branches.wheres = std::move(finer.wheres);
  branches.params = std::move(finer.params);
  *hash_values = std::move(finer_hash);
  return any;
}

// ORDER BY over lookups: by the partition-key value, then the sort-key value, each in its
// term's direction (a stable sort keeps the written order where the terms say nothing).
// Once the WHERE names several partition-key values, DynamoDB wants the partition key to lead
// ORDER BY.
Status OrderLookups(const Statement& st, const std::string& hash,
                    const std::optional<std::string>& range,
                    const std::vector<std::optional<AttributeValue>>& hash_values,
                    const std::vector<std::optional<AttributeValue>>& sort_values,
                    std::vector<size_t>* order) {
  order->resize(hash_values.size());
  for (size_t i = 0; i < order->size(); ++i) (*order)[i] = i;
  if (st.order_by.empty()) return OkStatus();
  std::vector<AttributeValue> distinct;
  for (const auto& v : hash_values) {
    if (v && std::find(distinct.begin(), distinct.end(), *v) == distinct.end()) {
      distinct.push_back(*v);
    }
  }
  if (distinct.size() > 1 && st.order_by.front().name != hash) {
    return ValidationError(
        "Must have hash key in ORDER BY clause when more than one hash key condition specified "
        "in WHERE clause.");
  }
  auto compare = [](const std::optional<AttributeValue>& a,
                    const std::optional<AttributeValue>& b) {
    if (!a || !b) return 0;
    return CompareScalar(*a, *b);
  };
  std::stable_sort(order->begin(), order->end(), [&](size_t x, size_t y) {
    for (const OrderTerm& term : st.order_by) {
      int c = 0;
      if (term.name == hash) c = compare(hash_values[x], hash_values[y]);
      if (range && term.name == *range) c = compare(sort_values[x], sort_values[y]);
      if (c != 0) return term.descending ? c > 0 : c < 0;
    }
    return false;
  });
  return OkStatus();
}

// A SELECT that names several keys (partition-key values, or sort-key values under one
// partition-key equality) as one key lookup per key, or nullopt when it is not of that shape (or
// a branch would need a Scan), so the single-request plan decides.
Result<std::optional<PlannedStatement>> PlanLookups(const Statement& st, const TableSchema& table,
                                                    const PlanOptions& o) {
  if (!st.where) return std::optional<PlannedStatement>();
  std::string hash = table.hash.name;
  if (!st.index.empty()) {
    const IndexSchema* index = LookupIndex(table, st.index);
    if (index == nullptr) return std::optional<PlannedStatement>();  // the single plan reports it
    // Lookups by several values are for a single-attribute partition key.
    if (index->hash_keys.size() > 1) return std::optional<PlannedStatement>();
    hash = index->hash_keys[0].name;
  }
  std::optional<std::string> range = LookupRangeKey(table, st.index);
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  LookupBranches branches;
  DDB_ASSIGN_OR_RETURN(bool by_hash, SplitEnumeration(conjuncts, hash, o.parameters, &branches));
  if (!by_hash) {
    branches = LookupBranches{};
    DDB_ASSIGN_OR_RETURN(by_hash, SplitBranches(*st.where, hash, o.parameters, &branches));
  }
  std::vector<std::optional<AttributeValue>> hash_values;
  if (by_hash) {
    hash_values.assign(branches.values.begin(), branches.values.end());
  } else {
    // One partition: the WHERE as written, split below only if it enumerates the sort key.
    branches = LookupBranches{};
    branches.wheres.push_back(*st.where);
    if (o.parameters != nullptr) branches.params = *o.parameters;
    hash_values.push_back(std::nullopt);
  }
  std::vector<std::optional<AttributeValue>> sort_values;
  bool by_range = false;
  if (range) {
    DDB_ASSIGN_OR_RETURN(by_range,
                         SplitSortKeys(branches, hash, *range, &sort_values, &hash_values));
  } else {
    sort_values.assign(hash_values.size(), std::nullopt);
  }
  if (!by_hash && !by_range) return std::optional<PlannedStatement>();
  std::vector<size_t> order;
  DDB_TRY(OrderLookups(st, hash, range, hash_values, sort_values, &order));

  PlannedStatement out;
  out.read = true;
  out.lookup_start = o.exclusive_start_key;
  out.lookup_limit = o.limit;
  PlanOptions each = o;
  each.parameters = &branches.params;
  each.limit.reset();
  each.exclusive_start_key.reset();
  std::vector<std::string> conditions;
  std::vector<std::string> filters;
  for (size_t at : order) {
    Statement one = st;
    one.where = std::move(branches.wheres[at]);
    DDB_ASSIGN_OR_RETURN(PlannedStatement p, PlanSingleSelect(one, table, each));
    if (!std::holds_alternative<GetItemRequest>(p.request) &&
        !std::holds_alternative<QueryRequest>(p.request)) {
      return std::optional<PlannedStatement>();
    }
    out.has_filter = out.has_filter || p.has_filter;
    conditions.push_back(Parenthesized(p.plan.key_condition));
    if (!p.plan.filter.empty() &&
        std::find(filters.begin(), filters.end(), p.plan.filter) == filters.end()) {
      filters.push_back(p.plan.filter);
    }
    out.plan.lookups.push_back(p.plan);
    out.lookups.push_back(std::move(p.request));
  }
  out.request = out.lookups.front();
  Plan& plan = out.plan;
  plan.table = table.name;
  plan.index = st.index;
  plan.operation = plan.lookups.front().operation;
  for (const Plan& l : plan.lookups) {
    if (l.operation != plan.operation) plan.operation = "GetItem and Query";
  }
  for (size_t i = 0; i < conditions.size(); ++i) {
    if (i > 0) plan.key_condition += " OR ";
    plan.key_condition += conditions[i];
  }
  for (size_t i = 0; i < filters.size(); ++i) {
    if (i > 0) plan.filter += "; ";
    plan.filter += filters[i];
  }
  // DynamoDB: equality or IN on the partition key does not scan (developer guide, "PartiQL
  // select statements for DynamoDB"); it reads each named partition, and under an equality on
  // the partition key each named sort key.
  std::string n = std::to_string(plan.lookups.size());
  std::string what = by_hash ? "IN or OR on the partition key " + hash : "";
  if (by_range) {
    what += (by_hash ? " and " : "equality on the partition key " + hash + " and ") +
            std::string("IN or OR on the sort key ") + *range;
  }
  plan.reason = what + " -> one " + plan.operation + " per " + (by_range ? "key" : "value") + " (" +
                n + " lookups)";
  if (!st.order_by.empty()) plan.reason += ", in ORDER BY order";
  return std::optional<PlannedStatement>(std::move(out));
}

Result<PlannedStatement> PlanSelect(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_ASSIGN_OR_RETURN(std::optional<PlannedStatement> lookups, PlanLookups(st, table, o));
  if (lookups) return std::move(*lookups);
  return PlanSingleSelect(st, table, o);
}

// ------------------------------------------------------------------ writes

Status NoIndex(const Statement& st) {
  if (!st.index.empty()) return ValidationError("This operation is not supported on an index");
  return OkStatus();
}

Result<PlannedStatement> PlanInsert(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  const Expr& value = *st.value;
  if (value.kind != ExprKind::kMap && value.kind != ExprKind::kParameter) {
    return At(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.",
        value.span);
  }
  // DynamoDB names value errors from each attribute's value down ("under root.x" for
  // {'m': {'x': <bad>}}), so every top-level attribute is its own root.
  AttributeValue item = AttributeValue::M({});
  if (value.kind == ExprKind::kMap) {
    for (size_t i = 0; i < value.args.size(); ++i) {
      if (item.map().count(value.keys[i]) != 0) {
        return At("Duplicate keys in tuple. Key: " + value.keys[i] + " under root", value.span);
      }
      DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(value.args[i], o.parameters, "root"));
      item.map().emplace(value.keys[i], std::move(v));
    }
  } else {
    DDB_ASSIGN_OR_RETURN(item, Materialize(value, o.parameters, "root"));
  }
  if (item.type != AttrType::kM) {
    return ValidationError(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
  }
  std::vector<const KeyDef*> key_defs = {&table.hash};
  if (table.range) key_defs.push_back(&*table.range);
  for (const KeyDef* k : key_defs) {
    auto it = item.map().find(k->name);
    if (it == item.map().end()) {
      return ValidationError("Key attribute should be present in the item: Key " + k->name);
    }
    if (it->second.type != k->type) {
      return ValidationError(
          "Key attribute's data type should match its data type in table's schema: Key " + k->name);
    }
  }
  ExpressionWriter w(o.parameters);
  PutItemRequest r;
  r.table_name = table.name;
  r.item = item.map();
  // DynamoDB: INSERT never overwrites; an existing key is DuplicateItemException.
  r.condition_expression = "attribute_not_exists(" + w.Name(table.hash.name) + ")";
  r.expression_attribute_names = w.names();
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  PlannedStatement out;
  out.insert = true;
  out.plan.operation = "PutItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(
      [&] {
        Key k;
        for (const KeyDef* d : key_defs) k.emplace(d->name, item.map().at(d->name));
        return k;
      }(),
      table);
  out.plan.filter = "attribute_not_exists(" + table.hash.name + ")";
  out.plan.reason = "INSERT -> PutItem that fails when the key exists";
  out.request = std::move(r);
  return out;
}

Result<std::string> UpdateOperand(const Expr& v, ExpressionWriter& w,
                                  const std::vector<AttributeValue>* params) {
  switch (v.kind) {
    case ExprKind::kPath:
      return w.Path(v.path);
    case ExprKind::kArith: {
      DDB_ASSIGN_OR_RETURN(std::string l, UpdateOperand(v.args[0], w, params));
      DDB_ASSIGN_OR_RETURN(std::string r, UpdateOperand(v.args[1], w, params));
      return l + " " + v.op + " " + r;
    }
    case ExprKind::kCall: {
      if (v.text != "list_append") return UnrecognizedFunction(v);
      if (v.args.size() != 2) return WrongArity(v);
      DDB_ASSIGN_OR_RETURN(std::string a, UpdateOperand(v.args[0], w, params));
      DDB_ASSIGN_OR_RETURN(std::string b, UpdateOperand(v.args[1], w, params));
      return "list_append(" + a + ", " + b + ")";
    }
    case ExprKind::kIs:
      return At("IS operator is not supported in update expressions", v.span);
    default:
      if (IsConstant(v) || v.kind == ExprKind::kMissing) {
        DDB_ASSIGN_OR_RETURN(AttributeValue value, Materialize(v, params, "root"));
        return w.Value(std::move(value));
      }
      return At("Unsupported operator in Update Expression. Operator: " + Render(v, params),
                v.span);
  }
}

// The SET / REMOVE clauses as an UpdateExpression. set_add and set_delete become ADD and DELETE.
Result<std::string> WriteUpdate(const Statement& st, ExpressionWriter& w,
                                const std::vector<AttributeValue>* params) {
  std::vector<std::string> sets, removes, adds, deletes;
  for (const UpdateAction& a : st.updates) {
    std::string target = w.Path(a.target.path);
    if (a.remove) {
      removes.push_back(target);
      continue;
    }
    const Expr& v = a.value;
    if (v.kind == ExprKind::kCall && (v.text == "set_add" || v.text == "set_delete")) {
      std::string upper = v.text == "set_add" ? "SET_ADD" : "SET_DELETE";
      Span name_span = v.span;
      name_span.length = static_cast<int>(v.text.size());
      if (v.args.size() != 2) {
        return At(upper + " must have exactly two arguments" + PositionSuffix(name_span),
                  name_span);
      }
      if (v.args[0].kind != ExprKind::kPath || v.args[0].path.size() != a.target.path.size() ||
          RenderPath(v.args[0].path) != RenderPath(a.target.path)) {
        return At("The first argument to " + upper + " must equal the assignment value" +
                      PositionSuffix(name_span),
                  name_span);
      }
      if (!IsConstant(v.args[1])) {
        return At("The second argument to " + upper + " must be a value with type SET" +
                      PositionSuffix(v.args[0].span),
                  v.args[0].span);
      }
      DDB_ASSIGN_OR_RETURN(AttributeValue set, Materialize(v.args[1], params, "root"));
      if (!set.is_set()) {
        return At("The second argument to " + upper + " must be a value with type SET" +
                      PositionSuffix(v.args[0].span),
                  v.args[0].span);
      }
      (v.text == "set_add" ? adds : deletes).push_back(target + " " + w.Value(std::move(set)));
      continue;
    }
    DDB_ASSIGN_OR_RETURN(std::string value, UpdateOperand(v, w, params));
    sets.push_back(target + " = " + value);
  }
  std::string out;
  auto clause = [&out](const char* keyword, const std::vector<std::string>& parts) {
    if (parts.empty()) return;
    if (!out.empty()) out += " ";
    out += keyword;
    out += " ";
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += ", ";
      out += parts[i];
    }
  };
  clause("SET", sets);
  clause("REMOVE", removes);
  clause("ADD", adds);
  clause("DELETE", deletes);
  return out;
}

std::string ReturnValuesFor(const std::string& returning) {
  if (returning == "ALL OLD") return "ALL_OLD";
  if (returning == "MODIFIED OLD") return "UPDATED_OLD";
  if (returning == "ALL NEW") return "ALL_NEW";
  if (returning == "MODIFIED NEW") return "UPDATED_NEW";
  return "NONE";
}

Result<PlannedStatement> PlanUpdate(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  DDB_ASSIGN_OR_RETURN(Key key, ExtractFullKey(conjuncts, table, o.parameters, &rest));
  ExpressionWriter w(o.parameters);
  DDB_ASSIGN_OR_RETURN(std::string update, WriteUpdate(st, w, o.parameters));
  // DynamoDB: PartiQL UPDATE is not an upsert; a missing item fails the condition.
  std::string condition = "attribute_exists(" + w.Name(table.hash.name) + ")";
  std::string readable = "attribute_exists(" + table.hash.name + ")";
  if (!rest.empty()) {
    std::string text, rest_readable;
    DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &rest_readable));
    condition += " AND " + text;
    readable += " AND " + rest_readable;
  }
  UpdateItemRequest r;
  r.table_name = table.name;
  r.key = key;
  r.update_expression = update;
  r.condition_expression = condition;
  SetPlaceholders(r, w);
  if (!st.returning.empty()) r.return_values = ReturnValuesFor(st.returning);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  PlannedStatement out;
  out.plan.operation = "UpdateItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.filter = readable;
  out.plan.reason =
      "UPDATE names the full primary key -> UpdateItem, conditional on the item existing";
  out.request = std::move(r);
  return out;
}

Result<PlannedStatement> PlanDelete(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  DDB_TRY(NoIndex(st));
  if (!st.returning.empty() && st.returning != "ALL OLD") {
    return ValidationError("Invalid returning clause: RETURNING " + st.returning +
                           " *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
  }
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  DDB_ASSIGN_OR_RETURN(Key key, ExtractFullKey(conjuncts, table, o.parameters, &rest));
  DeleteItemRequest r;
  r.table_name = table.name;
  r.key = key;
  PlannedStatement out;
  if (!rest.empty()) {
    // DynamoDB: extra predicates guard an existing item; deleting a missing key still succeeds.
    ExpressionWriter w(o.parameters);
    std::string text, readable;
    DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &readable));
    std::string pk = w.Name(table.hash.name);
    r.condition_expression = "attribute_not_exists(" + pk + ") OR (" + text + ")";
    SetPlaceholders(r, w);
    out.plan.filter = readable;
  }
  if (!st.returning.empty()) r.return_values = "ALL_OLD";
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  r.return_consumed_capacity = o.return_consumed_capacity;
  out.plan.operation = "DeleteItem";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(key, table);
  out.plan.reason = "DELETE names the full primary key -> DeleteItem";
  out.request = std::move(r);
  return out;
}

Result<PlannedStatement> PlanExists(const Statement& st, const TableSchema& table,
                                    const PlanOptions& o) {
  if (!st.index.empty()) {
    return ValidationError("Operations on indices are not supported in transactions");
  }
  const Error shape =
      ValidationError("EXISTS() must contain a single item read with additional condition");
  if (!st.where) return shape;
  std::vector<const Expr*> conjuncts;
  FlattenAnd(*st.where, conjuncts);
  std::vector<const Expr*> rest;
  Result<Key> key = ExtractFullKey(conjuncts, table, o.parameters, &rest);
  if (!key.ok()) {
    if (key.error().message == kIncompleteKey) return shape;
    return key.error();
  }
  if (rest.empty()) return shape;
  ExpressionWriter w(o.parameters);
  std::string text, readable;
  std::string pk = w.Name(table.hash.name);
  DDB_TRY(WriteConjuncts(rest, w, o.parameters, &text, &readable));
  TransactWriteItem r;
  r.action = "ConditionCheck";
  r.table_name = table.name;
  r.key = *key;
  r.condition_expression = "attribute_exists(" + pk + ") AND " + text;
  SetPlaceholders(r, w);
  r.return_values_on_condition_check_failure = o.return_values_on_condition_check_failure;
  PlannedStatement out;
  out.plan.operation = "ConditionCheck";
  out.plan.table = table.name;
  out.plan.key_condition = RenderKey(*key, table);
  out.plan.filter = "attribute_exists(" + table.hash.name + ") AND " + readable;
  out.plan.reason = "EXISTS(SELECT ...) with the full primary key -> ConditionCheck";
  out.request = std::move(r);
  return out;
}

}  // namespace

Status CheckParameterCount(const Statement& st, const std::vector<AttributeValue>* parameters) {
  size_t given = parameters == nullptr ? 0 : parameters->size();
  if (static_cast<size_t>(st.parameter_count) != given) {
    return ValidationError("Number of parameters in request and statement don't match.");
  }
  return OkStatus();
}

// DynamoDB: at most 100 values on the right of IN, counted once the whole statement has parsed.
Status CheckInOperandCounts(const Expr& e) {
  if (e.kind == ExprKind::kIn && e.args.size() == 2 && e.args[1].kind == ExprKind::kList &&
      e.args[1].args.size() > 100) {
    return ValidationError(
        "The IN operator is provided with too many operands; number of operands: " +
        std::to_string(e.args[1].args.size()));
  }
  for (const Expr& a : e.args) DDB_TRY(CheckInOperandCounts(a));
  return OkStatus();
}

Result<PlannedStatement> PlanStatement(const Statement& st, const TableSchema& table,
                                       const PlanOptions& options) {
  DDB_TRY(CheckParameterCount(st, options.parameters));
  if (st.where) DDB_TRY(CheckInOperandCounts(*st.where));
  switch (st.kind) {
    case StatementKind::kSelect:
      return PlanSelect(st, table, options);
    case StatementKind::kInsert:
      return PlanInsert(st, table, options);
    case StatementKind::kUpdate:
      return PlanUpdate(st, table, options);
    case StatementKind::kDelete:
      return PlanDelete(st, table, options);
    case StatementKind::kExists:
      return PlanExists(st, table, options);
  }
  return ValidationError("Unsupported operation");
}

std::string RenderValue(const AttributeValue& v) {
  auto join = [](const std::vector<std::string>& parts, const char* open, const char* close) {
    std::string out = open;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += ", ";
      out += parts[i];
    }
    return out + close;
  };
  switch (v.type) {
    case AttrType::kS:
      return QuoteString(v.str(), '\'');
    case AttrType::kN:
      return v.num().ToString();
    case AttrType::kB:
      return "<binary " + std::to_string(v.str().size()) + " bytes>";
    case AttrType::kBool:
      return v.boolean() ? "TRUE" : "FALSE";
    case AttrType::kNull:
      return "NULL";
    case AttrType::kL: {
      std::vector<std::string> parts;
      for (const AttributeValue& e : v.list()) parts.push_back(RenderValue(e));
      return join(parts, "[", "]");
    }
    case AttrType::kM: {
      std::vector<std::string> parts;
      for (const auto& [k, e] : v.map())
        parts.push_back(QuoteString(k, '\'') + ": " + RenderValue(e));
      return join(parts, "{", "}");
    }
    case AttrType::kSS: {
      std::vector<std::string> parts;
      for (const std::string& s : v.str_set()) parts.push_back(QuoteString(s, '\''));
      return join(parts, "<<", ">>");
    }
    case AttrType::kNS: {
      std::vector<std::string> parts;
      for (const Decimal& d : v.num_set()) parts.push_back(d.ToString());
      return join(parts, "<<", ">>");
    }
    case AttrType::kBS:
      return "<<" + std::to_string(v.str_set().size()) + " binary values>>";
  }
  return "";
}

}  // namespace ddblab::partiql
