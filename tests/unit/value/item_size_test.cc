#include <catch2/catch.hpp>

#include "ddblab/value.h"
#include "value_test_util.h"

using ddblab::AttributeValue;
using ddblab::Item;
using namespace value_test;

TEST_CASE("Item size is name bytes plus value bytes") {
  // DynamoDB: ServiceQuotas example.
  Item item{{"shirt-color", S("R")}, {"shirt-size", S("M")}};
  CHECK(ddblab::ItemSizeBytes(item) == 23);
  CHECK(ddblab::ItemSizeBytes(Item{}) == 0);
}

TEST_CASE("Item size of the worked example is 54 bytes") {
  Item item{{"pk", S("USER#123")},
            {"sk", S("PROFILE")},
            {"age", N("42")},
            {"tags", AttributeValue::SS({"a", "bc"})},
            {"addr", AttributeValue::M({{"city", S("Oslo")}})},
            {"active", AttributeValue::Bool(true)}};
  CHECK(ddblab::ItemSizeBytes(item) == 54);
}

TEST_CASE("Value sizes follow DynamoDB's per-type rules") {
  CHECK(ddblab::ValueSizeBytes(S("")) == 0);
  CHECK(ddblab::ValueSizeBytes(S("\xC3\xA9t\xC3\xA9")) == 5);  // UTF-8 bytes, not characters
  CHECK(ddblab::ValueSizeBytes(B(std::string("\0\1\2", 3))) == 3);
  CHECK(ddblab::ValueSizeBytes(N("3.14159")) == 5);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::Bool(false)) == 1);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::Null()) == 1);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::L({})) == 3);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::M({})) == 3);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::L({S("ab"), N("1")})) == 3 + (1 + 2) + (1 + 2));
  CHECK(ddblab::ValueSizeBytes(AttributeValue::M({{"k", AttributeValue::L({})}})) == 3 + 1 + 1 + 3);
  CHECK(ddblab::ValueSizeBytes(NS({"1", "-42", "0.15"})) == 2 + 3 + 2);
  CHECK(ddblab::ValueSizeBytes(AttributeValue::BS({"ab", "", "c"})) == 3);
}
