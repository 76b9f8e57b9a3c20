// Builders for PartiQL tests: schemas shaped like the course's tables, and parse-and-plan in one
// call.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "catalog/schema.h"
#include "partiql/parser.h"
#include "partiql/planner.h"

namespace partiql_test {

using namespace ddblab;

inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue N(const std::string& s) { return AttributeValue::N(*Decimal::Parse(s)); }

// "App": PK/SK strings, GSI1 (GSI1PK/GSI1SK) and an LSI on LSI1SK.
inline TableSchema AppSchema() {
  TableSchema t;
  t.name = "App";
  t.hash = KeyDef{"PK", AttrType::kS};
  t.range = KeyDef{"SK", AttrType::kS};
  IndexSchema g;
  g.name = "GSI1";
  g.global = true;
  g.hash_keys = {KeyDef{"GSI1PK", AttrType::kS}};
  g.range_keys = {KeyDef{"GSI1SK", AttrType::kS}};
  t.global_secondary_indexes.push_back(g);
  IndexSchema l;
  l.name = "ByDate";
  l.global = false;
  l.hash_keys = {KeyDef{"PK", AttrType::kS}};
  l.range_keys = {KeyDef{"LSI1SK", AttrType::kS}};
  t.local_secondary_indexes.push_back(l);
  return t;
}

// "Users": a hash-only table keyed by a number.
inline TableSchema UsersSchema() {
  TableSchema t;
  t.name = "Users";
  t.hash = KeyDef{"id", AttrType::kN};
  return t;
}

inline Result<partiql::PlannedStatement> TryPlan(
    const std::string& text, const TableSchema& table,
    const std::vector<AttributeValue>* params = nullptr, partiql::PlanOptions o = {}) {
  Result<partiql::Statement> st = partiql::Parse(text);
  if (!st.ok()) return st.error();
  o.parameters = params;
  return partiql::PlanStatement(*st, table, o);
}

inline partiql::PlannedStatement PlanOk(const std::string& text, const TableSchema& table,
                                        const std::vector<AttributeValue>* params = nullptr,
                                        partiql::PlanOptions o = {}) {
  auto r = TryPlan(text, table, params, o);
  INFO(text << " -> " << (r.ok() ? "" : r.error().message));
  REQUIRE(r.ok());
  return std::move(r).value();
}

inline std::string PlanError(const std::string& text, const TableSchema& table,
                             const std::vector<AttributeValue>* params = nullptr) {
  auto r = TryPlan(text, table, params);
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error().message;
}

inline Error ParseError(const std::string& text) {
  auto r = partiql::Parse(text);
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

template <typename T>
const T& As(const partiql::PlannedStatement& p) {
  REQUIRE(std::holds_alternative<T>(p.call.request));
  return std::get<T>(p.call.request);
}

// The planned request with its expressions written as DynamoDB text, as EXPLAIN shows it.
inline PlannedRequestShape Shape(const partiql::PlannedStatement& p) {
  return partiql::ShapeOf(p.call);
}

}  // namespace partiql_test
