// Short builders for value tests.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ddblab/value.h"

namespace value_test {

inline ddblab::Decimal Num(const std::string& literal) {
  auto d = ddblab::Decimal::Parse(literal);
  REQUIRE(d.ok());
  return *d;
}
inline ddblab::AttributeValue S(std::string s) { return ddblab::AttributeValue::S(std::move(s)); }
inline ddblab::AttributeValue N(const std::string& literal) {
  return ddblab::AttributeValue::N(Num(literal));
}
inline ddblab::AttributeValue B(std::string s) { return ddblab::AttributeValue::B(std::move(s)); }
inline ddblab::AttributeValue NS(const std::vector<std::string>& literals) {
  std::vector<ddblab::Decimal> members;
  for (const auto& l : literals) members.push_back(Num(l));
  return ddblab::AttributeValue::NS(std::move(members));
}

}  // namespace value_test
