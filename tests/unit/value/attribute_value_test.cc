#include <catch2/catch.hpp>

#include "ddblab/value.h"
#include "value_test_util.h"

using ddblab::AttributeValue;
using ddblab::AttrType;
using namespace value_test;

TEST_CASE("Attribute type names round-trip") {
  const AttrType all[] = {AttrType::kS,    AttrType::kN, AttrType::kB, AttrType::kBool,
                          AttrType::kNull, AttrType::kL, AttrType::kM, AttrType::kSS,
                          AttrType::kNS,   AttrType::kBS};
  const char* names[] = {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"};
  for (size_t i = 0; i < 10; ++i) {
    CHECK(ddblab::AttrTypeName(all[i]) == names[i]);
    AttrType t = AttrType::kNull;
    CHECK(ddblab::ParseAttrType(names[i], &t));
    CHECK(t == all[i]);
  }
  AttrType t;
  CHECK_FALSE(ddblab::ParseAttrType("s", &t));
  CHECK_FALSE(ddblab::ParseAttrType("", &t));
  CHECK_FALSE(ddblab::ParseAttrType("BOOLEAN", &t));
}

TEST_CASE("Builders set the type and payload together") {
  CHECK(S("x").type == AttrType::kS);
  CHECK(S("x").str() == "x");
  CHECK(B(std::string("\0\xff", 2)).str().size() == 2);
  CHECK(N("1e3").num().ToString() == "1000");
  CHECK(AttributeValue::Bool(true).boolean());
  CHECK(AttributeValue::Null().type == AttrType::kNull);
  CHECK(AttributeValue::L({S("a"), N("1")}).list().size() == 2);
  CHECK(AttributeValue::M({{"k", S("v")}}).map().at("k").str() == "v");
  CHECK(AttributeValue::SS({"a", "b"}).is_set());
  CHECK(NS({"1", "2"}).num_set().size() == 2);
  CHECK(AttributeValue::BS({"a"}).type == AttrType::kBS);
  CHECK(N("1").is_scalar_key_type());
  CHECK_FALSE(AttributeValue::Bool(false).is_scalar_key_type());
}

TEST_CASE("Equality compares numbers by value") {
  CHECK(N("1000") == N("1e3"));
  CHECK(N("1") == N("1.0"));
  CHECK(N("-0") == N("0"));
  CHECK(N("1") != N("1.0000001"));
}

TEST_CASE("Equality requires the same type") {
  CHECK(S("1") != N("1"));
  CHECK(S("a") != B("a"));
  CHECK(AttributeValue::SS({"a"}) != AttributeValue::BS({"a"}));
  CHECK(AttributeValue::L({}) != AttributeValue::M({}));
  CHECK(AttributeValue::Null() == AttributeValue::Null());
  CHECK(AttributeValue::Bool(true) != AttributeValue::Bool(false));
}

TEST_CASE("Sets are equal regardless of member order") {
  CHECK(AttributeValue::SS({"a", "b", "c"}) == AttributeValue::SS({"c", "a", "b"}));
  CHECK(AttributeValue::SS({"a", "b"}) != AttributeValue::SS({"a", "b", "c"}));
  CHECK(AttributeValue::SS({"a", "b"}) != AttributeValue::SS({"a", "c"}));
  CHECK(AttributeValue::BS({"\x01", "\x02"}) == AttributeValue::BS({"\x02", "\x01"}));
  CHECK(NS({"1", "2.0", "30"}) == NS({"3e1", "1.00", "2"}));
  CHECK(NS({"1", "2"}) != NS({"1", "3"}));
  CHECK(AttributeValue::SS({"x"}) == AttributeValue::SS({"x"}));
}

TEST_CASE("Lists compare in order and maps compare deeply") {
  CHECK(AttributeValue::L({S("a"), N("1")}) == AttributeValue::L({S("a"), N("1.0")}));
  CHECK(AttributeValue::L({S("a"), N("1")}) != AttributeValue::L({N("1"), S("a")}));
  AttributeValue m1 = AttributeValue::M(
      {{"x", AttributeValue::L({NS({"1", "2"})})}, {"y", AttributeValue::M({{"z", S("")}})}});
  AttributeValue m2 = AttributeValue::M(
      {{"y", AttributeValue::M({{"z", S("")}})}, {"x", AttributeValue::L({NS({"2", "1e0"})})}});
  CHECK(m1 == m2);
  AttributeValue m3 = AttributeValue::M({{"x", AttributeValue::L({NS({"1", "2"})})}});
  CHECK(m1 != m3);
}

TEST_CASE("Scalars order numbers numerically and strings by unsigned bytes") {
  CHECK(ddblab::CompareScalar(N("9"), N("10")) < 0);
  CHECK(ddblab::CompareScalar(N("-1"), N("-2")) > 0);
  CHECK(ddblab::CompareScalar(N("1e3"), N("1000")) == 0);
  // DynamoDB: "a"(0x61) > "A"(0x41), "\u00bf"(0xC2BF) > "z".
  CHECK(ddblab::CompareScalar(S("a"), S("A")) > 0);
  CHECK(ddblab::CompareScalar(S("\xC2\xBF"), S("z")) > 0);
  CHECK(ddblab::CompareScalar(S("ab"), S("abc")) < 0);
  CHECK(ddblab::CompareScalar(S(""), S("a")) < 0);
  CHECK(ddblab::CompareScalar(B("\x80"), B("\x7f")) > 0);
  CHECK(ddblab::CompareScalar(B(std::string("\0", 1)), B("")) > 0);
  CHECK(ddblab::CompareScalar(B("abc"), B("abc")) == 0);
}
