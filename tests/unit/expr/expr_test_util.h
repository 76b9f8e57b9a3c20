// Helpers for the expression tests: value builders, one-call parse-and-run wrappers that turn
// results into strings, and an item renderer so expectations read like the items themselves.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddblab/value.h"
#include "expr/expr.h"
#include "expr/render.h"

namespace expr_test {

using ddblab::AttributeValue;
using ddblab::Item;
using Names = ddblab::ExpressionAttributeNames;
using Values = ddblab::ExpressionAttributeValues;

inline AttributeValue N(const char* text) {
  auto d = ddblab::Decimal::Parse(text);
  return AttributeValue::N(d.value());
}
inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue B(std::string s) { return AttributeValue::B(std::move(s)); }
inline AttributeValue L(std::vector<AttributeValue> l) { return AttributeValue::L(std::move(l)); }
inline AttributeValue M(Item m) { return AttributeValue::M(std::move(m)); }
inline AttributeValue SS(std::vector<std::string> v) { return AttributeValue::SS(std::move(v)); }
inline AttributeValue NS(std::initializer_list<const char*> v) {
  std::vector<ddblab::Decimal> out;
  for (const char* s : v) out.push_back(ddblab::Decimal::Parse(s).value());
  return AttributeValue::NS(std::move(out));
}
inline AttributeValue Bool(bool b) { return AttributeValue::Bool(b); }
inline AttributeValue Null() { return AttributeValue::Null(); }

// A Context with the maps it refers to (Context keeps references, so the maps must outlive it).
struct Ctx {
  Ctx(std::optional<Names> n, std::optional<Values> v)
      : names(std::move(n)), values(std::move(v)) {}
  std::optional<Names> names;
  std::optional<Values> values;
  ddblab::expr::Context ctx{names, values};
};

// {"a": 1, "b": "x"} style rendering of a whole item.
inline std::string Show(const Item& item) { return ddblab::expr::RenderValue(M(item)); }

// Evaluates a ConditionExpression; "true", "false" or the error message.
inline std::string Cond(const std::string& text, const Item* item, std::optional<Values> values,
                        std::optional<Names> names = std::nullopt,
                        ddblab::expr::Kind kind = ddblab::expr::Kind::kCondition) {
  ddblab::expr::Context ctx(names, values);
  auto c = ddblab::expr::ParseCondition(text, kind, ctx);
  if (!c.ok()) return c.error().message;
  return (*c)->Evaluate(item) ? "true" : "false";
}

// Parse error of a condition, or "" when it parses.
inline std::string CondError(const std::string& text, std::optional<Values> values = std::nullopt,
                             std::optional<Names> names = std::nullopt,
                             ddblab::expr::Kind kind = ddblab::expr::Kind::kCondition) {
  ddblab::expr::Context ctx(names, values);
  auto c = ddblab::expr::ParseCondition(text, kind, ctx);
  return c.ok() ? std::string() : c.error().message;
}

// Applies an UpdateExpression; the new item rendered, or the error message.
struct UpdateRun {
  std::string error;
  ddblab::expr::Update::Outcome outcome;
  std::string item() const { return error.empty() ? Show(outcome.new_item) : error; }
};
inline UpdateRun Upd(const std::string& text, const Item* old_item,
                     std::optional<Values> values = std::nullopt,
                     std::optional<Names> names = std::nullopt, Item key = {}) {
  UpdateRun run;
  ddblab::expr::Context ctx(names, values);
  auto u = ddblab::expr::ParseUpdate(text, ctx);
  if (!u.ok()) {
    run.error = u.error().message;
    return run;
  }
  auto r = (*u)->Apply(old_item, key);
  if (!r.ok()) {
    run.error = r.error().message;
    return run;
  }
  run.outcome = std::move(r.value());
  return run;
}

}  // namespace expr_test
