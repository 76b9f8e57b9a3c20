// The multi-attribute key encoding: memcmp order of encodings is the order of the tuples, each
// part in its own type's order (DynamoDB: GSI.DesignPattern.MultiAttributeKeys, results sorted
// by the sort-key attributes left to right).
#include "value/key_tuple.h"

#include <catch2/catch.hpp>

#include "value_test_util.h"

using ddblab::AttributeValue;
using namespace value_test;

namespace {

std::string Enc(const std::vector<AttributeValue>& parts) {
  std::vector<const AttributeValue*> p;
  for (const AttributeValue& v : parts) p.push_back(&v);
  return ddblab::EncodeKeyTuple(p);
}

}  // namespace

TEST_CASE("A key of one attribute keeps its single-value encoding") {
  CHECK(Enc({S("abc")}) == ddblab::EncodeKeyValue(S("abc")));
  CHECK(Enc({N("12.5")}) == ddblab::EncodeKeyValue(N("12.5")));
}

TEST_CASE("Tuple encodings sort part by part, a shorter part first") {
  // Each pair is strictly ascending as DynamoDB orders the tuples.
  const std::vector<std::pair<std::vector<AttributeValue>, std::vector<AttributeValue>>> asc = {
      {{S("a"), N("10")}, {S("ab"), N("1")}},  // first part decides, "a" < "ab"
      {{S("a"), N("2")}, {S("a"), N("10")}},   // numbers numerically
      {{S("a"), N("-3")}, {S("a"), N("2")}},   // negatives first
      {{B(std::string("\0", 1)), S("z")}, {B(std::string("\0\0", 2)), S("a")}},  // zero bytes
      {{B(std::string("\0", 1)), S("z")}, {B(std::string("\x01", 1)), S("a")}},
      {{S("a"), S("")}, {S("a"), S("\x01")}},
  };
  for (const auto& [lo, hi] : asc) CHECK(Enc(lo) < Enc(hi));
}

TEST_CASE("A part's escaped bytes are a prefix of every tuple whose part begins with them") {
  std::string prefix;
  ddblab::AppendKeyTuplePart(S("WINTER"), &prefix);
  ddblab::AppendKeyTuplePrefix(B(std::string("a\0", 2)), &prefix);
  const std::string full = Enc({S("WINTER"), B(std::string("a\0b", 3)), N("1")});
  CHECK(full.compare(0, prefix.size(), prefix) == 0);
  const std::string other = Enc({S("WINTER"), B(std::string("a\x01", 2)), N("1")});
  CHECK(other.compare(0, prefix.size(), prefix) != 0);
}
