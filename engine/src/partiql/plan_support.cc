// What the planners of several statement kinds share: DynamoDB's PartiQL messages, constant
// values, expressions rendered as readable text, DynamoDB expression trees and key analysis.
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

// ------------------------------------------------------------------ expression trees

namespace {

CondPtr Node(expr::CondNode::Op op, std::vector<expr::Operand> operands = {}) {
  auto n = std::make_unique<expr::CondNode>();
  n->op = op;
  n->operands = std::move(operands);
  return n;
}

CondPtr Joined(expr::CondNode::Op op, std::vector<CondPtr> parts) {
  CondPtr out;
  for (CondPtr& p : parts) {
    if (!out) {
      out = std::move(p);
      continue;
    }
    CondPtr both = Node(op);
    both->children.push_back(std::move(out));
    both->children.push_back(std::move(p));
    out = std::move(both);
  }
  return out;
}

CondPtr Negated(CondPtr inner) {
  CondPtr n = Node(expr::CondNode::Op::kNot);
  n->children.push_back(std::move(inner));
  return n;
}

CondPtr Parenthesized(CondPtr inner) {
  inner->parenthesized = true;
  return inner;
}

Result<expr::Comparator> ComparatorOf(const Expr& e) {
  static const std::map<std::string, expr::Comparator> kComparators = {
      {"=", expr::Comparator::kEq},  {"<>", expr::Comparator::kNe}, {"<", expr::Comparator::kLt},
      {"<=", expr::Comparator::kLe}, {">", expr::Comparator::kGt},  {">=", expr::Comparator::kGe}};
  auto it = kComparators.find(e.op);
  if (it == kComparators.end()) return At("Unsupported operator: " + e.op, e.span);
  return it->second;
}

}  // namespace

CondPtr FunctionCondition(const std::string& name, std::vector<expr::Operand> args) {
  expr::Operand call;
  call.type = expr::Operand::Type::kFunction;
  call.function = name;
  call.args = std::move(args);
  return Node(expr::CondNode::Op::kFunction, {std::move(call)});
}

CondPtr AllOf(std::vector<CondPtr> parts) {
  return Joined(expr::CondNode::Op::kAnd, std::move(parts));
}

CondPtr AnyOf(std::vector<CondPtr> parts) {
  return Joined(expr::CondNode::Op::kOr, std::move(parts));
}

CondPtr Comparison(expr::Comparator cmp, expr::Operand lhs, expr::Operand rhs) {
  CondPtr n = Node(expr::CondNode::Op::kCompare, {std::move(lhs), std::move(rhs)});
  n->cmp = cmp;
  return n;
}

expr::Operand PathOperand(expr::Path path) {
  expr::Operand op;
  op.type = expr::Operand::Type::kPath;
  op.path = std::move(path);
  return op;
}

expr::Path ExpressionBuilder::Name(const std::string& name) {
  if (name_placeholders_.find(name) == name_placeholders_.end()) {
    std::string ph = "#n" + std::to_string(name_placeholders_.size());
    name_placeholders_.emplace(name, ph);
    names_.emplace(std::move(ph), name);
  }
  return expr::Path{expr::PathElement{name, -1}};
}

expr::Operand ExpressionBuilder::Value(AttributeValue v) {
  expr::Operand op;
  op.type = expr::Operand::Type::kValue;
  op.value_ref = ":v" + std::to_string(values_++);
  op.value = std::move(v);
  return op;
}

expr::Path ExpressionBuilder::Path(const std::vector<PathStep>& path) {
  expr::Path out;
  for (const PathStep& step : path) {
    if (step.is_index()) {
      out.push_back(expr::PathElement{"", step.index});
    } else {
      Name(step.name);
      out.push_back(expr::PathElement{step.name, -1});
    }
  }
  return out;
}

Result<expr::Operand> ExpressionBuilder::Operand(const Expr& e) {
  if (e.kind == ExprKind::kPath) return PathOperand(Path(e.path));
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
    expr::Operand size;
    size.type = expr::Operand::Type::kFunction;
    size.function = "size";
    size.args.push_back(PathOperand(Path(e.args[0].path)));
    return size;
  }
  if (e.kind == ExprKind::kArith) {
    return At("Unsupported operator in Condition Expression. Operator: " + e.op, e.span);
  }
  return NotBoolean(e.span);
}

Result<CondPtr> ExpressionBuilder::Condition(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kAnd:
    case ExprKind::kOr: {
      std::vector<CondPtr> parts;
      for (const Expr& a : e.args) {
        DDB_ASSIGN_OR_RETURN(CondPtr part, Child(a));
        parts.push_back(std::move(part));
      }
      return e.kind == ExprKind::kAnd ? AllOf(std::move(parts)) : AnyOf(std::move(parts));
    }
    case ExprKind::kNot: {
      DDB_ASSIGN_OR_RETURN(CondPtr inner, Child(e.args[0]));
      return Negated(std::move(inner));
    }
    case ExprKind::kCompare: {
      DDB_ASSIGN_OR_RETURN(expr::Comparator cmp, ComparatorOf(e));
      DDB_ASSIGN_OR_RETURN(expr::Operand l, Operand(e.args[0]));
      DDB_ASSIGN_OR_RETURN(expr::Operand r, Operand(e.args[1]));
      return Comparison(cmp, std::move(l), std::move(r));
    }
    case ExprKind::kBetween: {
      DDB_ASSIGN_OR_RETURN(expr::Operand x, Operand(e.args[0]));
      DDB_ASSIGN_OR_RETURN(expr::Operand lo, Operand(e.args[1]));
      DDB_ASSIGN_OR_RETURN(expr::Operand hi, Operand(e.args[2]));
      CondPtr n = Node(expr::CondNode::Op::kBetween, {std::move(x), std::move(lo), std::move(hi)});
      return e.negated ? Negated(Parenthesized(std::move(n))) : std::move(n);
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

Result<CondPtr> ExpressionBuilder::Child(const Expr& e) {
  DDB_ASSIGN_OR_RETURN(CondPtr node, Condition(e));
  bool wrap = e.kind == ExprKind::kAnd || e.kind == ExprKind::kOr;
  return wrap ? Parenthesized(std::move(node)) : std::move(node);
}

Result<CondPtr> ExpressionBuilder::In(const Expr& e) {
  DDB_ASSIGN_OR_RETURN(expr::Operand x, Operand(e.args[0]));
  std::vector<expr::Operand> operands;
  operands.push_back(std::move(x));
  const Expr& rhs = e.args[1];
  if (rhs.kind == ExprKind::kList) {
    for (const Expr& item : rhs.args) {
      DDB_ASSIGN_OR_RETURN(expr::Operand op, Operand(item));
      operands.push_back(std::move(op));
    }
  } else {
    // `IN ?` binds a list parameter; each member becomes one operand.
    DDB_ASSIGN_OR_RETURN(AttributeValue v, Materialize(rhs, params_, "root"));
    if (v.type == AttrType::kL) {
      for (const AttributeValue& m : v.list()) operands.push_back(Value(m));
    }
  }
  const size_t items = operands.size() - 1;
  if (items > 100) {  // `IN ?` with a list parameter: the same limit
    return ValidationError(
        "The IN operator is provided with too many operands; number of operands: " +
        std::to_string(items));
  }
  if (items == 0) {
    return At(
        "IN operator must have a left hand argument of type Variable Reference and right hand "
        "argument of type Seq with at least one member",
        e.span);
  }
  CondPtr n = Node(expr::CondNode::Op::kIn, std::move(operands));
  return e.negated ? Negated(Parenthesized(std::move(n))) : std::move(n);
}

Result<CondPtr> ExpressionBuilder::Is(const Expr& e) {
  const Expr& subject = e.args[0];
  if (subject.kind != ExprKind::kPath) {
    return At("The left hand side argument to IS must be a Variable Reference, Literal, or Path",
              e.span);
  }
  expr::Path p = Path(subject.path);
  auto on_path = [&p](const char* function) {
    return FunctionCondition(function, {PathOperand(p)});
  };
  if (e.text == "MISSING") return on_path(e.negated ? "attribute_exists" : "attribute_not_exists");
  auto type_is = [&](const char* type) {
    return FunctionCondition("attribute_type", {PathOperand(p), Value(AttributeValue::S(type))});
  };
  // PartiQL: IS NULL holds for a NULL value and for a missing attribute alike.
  if (e.text == "NULL") {
    std::vector<CondPtr> parts;
    if (e.negated) {
      parts.push_back(on_path("attribute_exists"));
      parts.push_back(Negated(type_is("NULL")));
      return Parenthesized(AllOf(std::move(parts)));
    }
    parts.push_back(on_path("attribute_not_exists"));
    parts.push_back(type_is("NULL"));
    return Parenthesized(AnyOf(std::move(parts)));
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
  CondPtr n = type_is(it->second.c_str());
  return e.negated ? Negated(std::move(n)) : std::move(n);
}

Result<CondPtr> ExpressionBuilder::Function(const Expr& e) {
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
  std::vector<expr::Operand> args;
  args.push_back(PathOperand(Path(e.args[0].path)));
  if (arity == 2) {
    DDB_ASSIGN_OR_RETURN(expr::Operand second, Operand(e.args[1]));
    args.push_back(std::move(second));
  }
  return FunctionCondition(e.text, std::move(args));
}

Result<std::vector<CondPtr>> ExpressionBuilder::Conjuncts(const std::vector<const Expr*>& conjuncts,
                                                          std::string* readable) {
  std::vector<CondPtr> parts;
  std::string text;
  for (const Expr* c : conjuncts) {
    DDB_ASSIGN_OR_RETURN(CondPtr node, Condition(*c));
    bool wrap = c->kind == ExprKind::kOr;
    parts.push_back(wrap ? Parenthesized(std::move(node)) : std::move(node));
    if (!text.empty()) text += " AND ";
    text += wrap ? "(" + Render(*c, params_) + ")" : Render(*c, params_);
  }
  *readable = std::move(text);
  return parts;
}

void ExpressionBuilder::PlaceholdersInto(expr::Built& built) { built.names = std::move(names_); }

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
