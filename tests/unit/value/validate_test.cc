#include <catch2/catch.hpp>
#include <string>

#include "ddblab/value.h"
#include "value_test_util.h"

using ddblab::AttributeValue;
using ddblab::Item;
using namespace value_test;

namespace {

std::string Message(const ddblab::Status& s) {
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ddblab::ErrorType::kValidationException);
  return s.error().message;
}

// `levels` map wrappers around a string, as the value of one top-level attribute.
AttributeValue Wrapped(int levels) {
  AttributeValue v = S("leaf");
  for (int i = 0; i < levels; ++i) v = AttributeValue::M({{"m", v}});
  return v;
}

const char kNesting[] =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
    "beyond supported limit";

}  // namespace

TEST_CASE("Empty sets are rejected with per-type messages") {
  CHECK(Message(ddblab::ValidateValue(AttributeValue::SS({}))) ==
        "One or more parameter values were invalid: An string set  may not be empty");
  CHECK(Message(ddblab::ValidateValue(AttributeValue::NS({}))) ==
        "One or more parameter values were invalid: An number set  may not be empty");
  CHECK(Message(ddblab::ValidateValue(AttributeValue::BS({}))) ==
        "One or more parameter values were invalid: Binary sets should not be empty");
}

TEST_CASE("Empty sets nested in lists and maps are rejected") {
  Item item{{"a", AttributeValue::L({AttributeValue::M({{"s", AttributeValue::SS({})}})})}};
  CHECK(Message(ddblab::ValidateItem(item)) ==
        "One or more parameter values were invalid: An string set  may not be empty");
}

TEST_CASE("Duplicate string set members print the collection Java-style") {
  CHECK(Message(ddblab::ValidateValue(AttributeValue::SS({"a", "a"}))) ==
        "One or more parameter values were invalid: Input collection [a, a] contains duplicates.");
  CHECK(Message(ddblab::ValidateValue(AttributeValue::SS({"x", "", "y", ""}))) ==
        "One or more parameter values were invalid: Input collection [x, , y, ] contains "
        "duplicates.");
}

TEST_CASE("Duplicate binary set members print base64 and the BS wording") {
  CHECK(Message(ddblab::ValidateValue(AttributeValue::BS({"b", "b"}))) ==
        "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS "
        "contains duplicates.");
  CHECK(Message(ddblab::ValidateValue(AttributeValue::BS({"abc", "ab", "abc"}))) ==
        "One or more parameter values were invalid: Input collection [YWJj, YWI=, YWJj]of type BS "
        "contains duplicates.");
}

TEST_CASE("Number set duplicates are detected by value") {
  CHECK(Message(ddblab::ValidateValue(NS({"1", "1.0"}))) == "Input collection contains duplicates");
  CHECK(Message(ddblab::ValidateValue(NS({"1000", "5", "1e3"}))) ==
        "Input collection contains duplicates");
  CHECK(ddblab::ValidateValue(NS({"1", "1.1", "-1"})).ok());
}

TEST_CASE("Distinct and empty-string set members are accepted") {
  CHECK(ddblab::ValidateValue(AttributeValue::SS({"", "a"})).ok());
  CHECK(ddblab::ValidateValue(AttributeValue::BS({"", "a"})).ok());
  CHECK(ddblab::ValidateValue(AttributeValue::SS({"a"})).ok());
  CHECK(ddblab::ValidateValue(S("")).ok());
  CHECK(ddblab::ValidateValue(AttributeValue::L({})).ok());
  CHECK(ddblab::ValidateValue(AttributeValue::M({})).ok());
  CHECK(ddblab::ValidateValue(AttributeValue::Null()).ok());
}

TEST_CASE("Nesting is limited to 32 levels counting the attribute as level 1") {
  // DynamoDB: 31 map wrappers around a scalar are accepted, 32 are not.
  CHECK(ddblab::ValidateItem(Item{{"a", Wrapped(31)}}).ok());
  CHECK(Message(ddblab::ValidateItem(Item{{"a", Wrapped(32)}})) == kNesting);
  CHECK(Message(ddblab::ValidateValue(Wrapped(1), 32)) == kNesting);
  CHECK(ddblab::ValidateValue(Wrapped(1), 31).ok());
  AttributeValue lists = S("leaf");
  for (int i = 0; i < 32; ++i) lists = AttributeValue::L({lists});
  CHECK(Message(ddblab::ValidateValue(lists)) == kNesting);
}

TEST_CASE("Attribute names must not be empty") {
  CHECK(Message(ddblab::ValidateItem(Item{{"", S("x")}})) == "Empty attribute name");
  CHECK(Message(ddblab::ValidateItem(Item{{"m", AttributeValue::M({{"", S("x")}})}})) ==
        "Empty attribute name");
  CHECK(ddblab::ValidateItem(Item{{" .#:\"", S("x")}}).ok());
}
