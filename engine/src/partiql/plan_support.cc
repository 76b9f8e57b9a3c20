// What the planners of several statement kinds share: DynamoDB's PartiQL messages, constant
// values, expressions rendered back to text, DynamoDB expression text and key analysis.
#include "partiql/plan_support.h"

#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "partiql/planner.h"

namespace ddblab::partiql::internal {

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

Error WrongArity(const Expr& call) {
  return At("Incorrect number of operands for operator or function; operator or function: " +
                call.text + ", number of operands: " + std::to_string(call.args.size()),
            call.span);
}

namespace {

Error NeedsPath(const std::string& function, const Span& where) {
  return At("Operator or function requires a document path; operator or function: " + function,
            where);
}

Error NotBoolean(const Span& where) {
  return At("WHERE clause must contain an expression that resolves to a boolean", where);
}

}  // namespace

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

namespace {

bool IsPlainName(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

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

}  // namespace

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

std::string ExpressionWriter::Name(const std::string& name) {
  auto it = name_placeholders_.find(name);
  if (it != name_placeholders_.end()) return it->second;
  std::string ph = "#n" + std::to_string(name_placeholders_.size());
  name_placeholders_.emplace(name, ph);
  names_.emplace(ph, name);
  return ph;
}

std::string ExpressionWriter::Value(AttributeValue v) {
  std::string ph = ":v" + std::to_string(values_.size());
  values_.emplace(ph, std::move(v));
  return ph;
}

std::string ExpressionWriter::Path(const std::vector<PathStep>& path) {
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

Result<std::string> ExpressionWriter::Operand(const Expr& e) {
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

Result<std::string> ExpressionWriter::Condition(const Expr& e) {
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

Result<std::string> ExpressionWriter::Child(const Expr& e) {
  DDB_ASSIGN_OR_RETURN(std::string text, Condition(e));
  bool wrap = e.kind == ExprKind::kAnd || e.kind == ExprKind::kOr;
  return wrap ? "(" + text + ")" : text;
}

Result<std::string> ExpressionWriter::In(const Expr& e) {
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

Result<std::string> ExpressionWriter::Is(const Expr& e) {
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

Result<std::string> ExpressionWriter::Function(const Expr& e) {
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

namespace {

std::string JoinAnd(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += " AND ";
    out += parts[i];
  }
  return out;
}

}  // namespace

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

const Expr* EqualityValue(const Expr& e, const std::string& name) {
  if (e.kind != ExprKind::kCompare || e.op != "=") return nullptr;
  const std::string* l = TopLevelName(e.args[0]);
  const std::string* r = TopLevelName(e.args[1]);
  if (l != nullptr && *l == name && IsConstant(e.args[1])) return &e.args[1];
  if (r != nullptr && *r == name && IsConstant(e.args[0])) return &e.args[0];
  return nullptr;
}

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

std::string RenderKey(const Key& key, const TableSchema& table) {
  std::string out = table.hash.name + " = " + RenderValue(key.at(table.hash.name));
  if (table.range)
    out += " AND " + table.range->name + " = " + RenderValue(key.at(table.range->name));
  return out;
}

const IndexSchema* LookupIndex(const TableSchema& table, const std::string& name) {
  for (const IndexSchema& i : table.global_secondary_indexes) {
    if (i.name == name) return &i;
  }
  for (const IndexSchema& i : table.local_secondary_indexes) {
    if (i.name == name) return &i;
  }
  return nullptr;
}

}  // namespace ddblab::partiql::internal
