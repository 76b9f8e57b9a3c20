#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ddblab/value.h"
#include "value_test_util.h"

using ddblab::AttributeValue;
using ddblab::EncodeKeyValue;
using namespace value_test;

TEST_CASE("String and binary keys encode as their raw bytes") {
  CHECK(EncodeKeyValue(S("USER#1")) == "USER#1");
  CHECK(EncodeKeyValue(S("")) == "");
  const std::string bytes("\0\x80\xff", 3);
  CHECK(EncodeKeyValue(B(bytes)) == bytes);
  // A byte prefix of the encoding is a begins_with prefix of the key.
  CHECK(EncodeKeyValue(S("USER#123")).rfind(EncodeKeyValue(S("USER#")), 0) == 0);
}

TEST_CASE("Number keys encode through the ordered decimal encoding") {
  CHECK(EncodeKeyValue(N("1e3")) == Num("1000").EncodeOrdered());
  CHECK(EncodeKeyValue(N("1e3")) == EncodeKeyValue(N("1000.0")));
}

TEST_CASE("Key encodings sort in DynamoDB's sort key order") {
  // Each list is ascending in DynamoDB's order; std::string compares as unsigned bytes like
  // SQLite's BLOB comparison.
  const std::vector<std::vector<AttributeValue>> orders = {
      {S(""), S("A"), S("Z"), S("a"), S("ab"), S("b"), S("z"), S("\xC2\xBF"), S("\xE2\x82\xAC")},
      {B(""), B(std::string("\0", 1)), B(std::string("\0\0", 2)), B("\x01"), B("\x7f"), B("\x80"),
       B("\xff")},
      {N("-1e100"), N("-2"), N("-1.5"), N("-1"), N("-0.5"), N("0"), N("0.5"), N("1"), N("1.5"),
       N("2"), N("10"), N("1e100")},
  };
  for (const auto& order : orders) {
    for (size_t i = 0; i + 1 < order.size(); ++i) {
      const std::string a = EncodeKeyValue(order[i]);
      const std::string b = EncodeKeyValue(order[i + 1]);
      INFO("position " << i);
      CHECK(a < b);
      CHECK(ddblab::CompareScalar(order[i], order[i + 1]) < 0);
    }
  }
}
