#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "ddblab/value.h"
#include "value_test_util.h"

using ddblab::AttributeValue;
using ddblab::Item;
using namespace value_test;

namespace {

Item Sample() {
  AttributeValue deep = S("leaf");
  for (int i = 0; i < 31; ++i) deep = AttributeValue::M({{"d", deep}});
  return Item{
      {"pk", S("USER#123")},
      {"empty", S("")},
      {"nul", S(std::string("a\0b", 3))},
      {"bin", B(std::string("\0\x80\xff", 3))},
      {"n", N("-123.456e-7")},
      {"big", N("9.9999999999999999999999999999999999999e125")},
      {"tiny", N("1e-130")},
      {"zero", N("0")},
      {"t", AttributeValue::Bool(true)},
      {"f", AttributeValue::Bool(false)},
      {"null", AttributeValue::Null()},
      {"list", AttributeValue::L({S("a"), N("1"), AttributeValue::L({}), AttributeValue::M({}),
                                  AttributeValue::Null()})},
      {"map", AttributeValue::M({{"x", AttributeValue::M({{"y", AttributeValue::L({B("")})}})},
                                 {"", S("odd name")}})},
      {"ss", AttributeValue::SS({"b", "a", ""})},
      {"ns", NS({"3", "-1", "0.5"})},
      {"bs", AttributeValue::BS({std::string("\0", 1), "x"})},
      {"deep", deep},
      {std::string(300, 'k'), S(std::string(70000, 'v'))},
  };
}

}  // namespace

TEST_CASE("Items round-trip through the storage codec") {
  const Item item = Sample();
  const std::string bytes = ddblab::SerializeItem(item);
  auto back = ddblab::DeserializeItem(bytes);
  REQUIRE(back.ok());
  CHECK(*back == item);
  // Stronger than DynamoDB equality: set member order and number text survive as stored.
  CHECK(back->at("ss").str_set() == item.at("ss").str_set());
  CHECK(back->at("n").num().ToString() == "-0.0000123456");
  CHECK(back->at("nul").str().size() == 3);
  CHECK(ddblab::SerializeItem(*back) == bytes);
  auto empty = ddblab::DeserializeItem(ddblab::SerializeItem(Item{}));
  REQUIRE(empty.ok());
  CHECK(empty->empty());
}

TEST_CASE("Corrupt stored items decode to an error, never a crash") {
  const std::string good = ddblab::SerializeItem(Sample());
  auto expect_error = [](const std::string& bytes) {
    auto r = ddblab::DeserializeItem(bytes);
    if (!r.ok()) {
      CHECK(r.error().type == ddblab::ErrorType::kInternalServerError);
      CHECK(r.error().message.rfind("Stored item is corrupt: ", 0) == 0);
    }
    return r.ok();
  };
  CHECK_FALSE(expect_error(""));
  CHECK_FALSE(expect_error(std::string("\x02\x00", 2)));  // unknown format version
  CHECK_FALSE(expect_error(good + "x"));                  // trailing bytes
  CHECK_FALSE(expect_error(std::string("\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 12)));
  CHECK_FALSE(
      expect_error(std::string("\x01\x01\x01"
                               "a"
                               "\x0b",
                               5)));  // unknown type tag
  CHECK_FALSE(
      expect_error(std::string("\x01\x01\x01"
                               "a"
                               "\x03\x02",
                               6)));  // boolean 2
  CHECK_FALSE(
      expect_error(std::string("\x01\x01\x01"
                               "a"
                               "\x01\x01z",
                               7)));  // N "z"
  CHECK_FALSE(
      expect_error(std::string("\x01\x02\x01"
                               "b"
                               "\x04\x01"
                               "a"
                               "\x04",
                               8)));  // order
  // Deep nesting made of one-byte list headers must not exhaust the stack.
  std::string deep(
      "\x01\x01\x01"
      "a",
      4);
  for (int i = 0; i < 100000; ++i) deep += std::string("\x05\x01", 2);
  deep += std::string("\x04", 1);
  CHECK_FALSE(expect_error(deep));
  // Every truncation fails cleanly.
  for (size_t len = 0; len < good.size(); len += (len < 400 ? 1 : 997)) {
    CHECK_FALSE(expect_error(good.substr(0, len)));
  }
  // Random corruption either decodes to something or reports an error.
  std::mt19937 rng(42);
  std::uniform_int_distribution<size_t> pos(0, 600);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int k = 0; k < 20000; ++k) {
    std::string bad = good.substr(0, 700);
    for (int flips = 0; flips < 3; ++flips) bad[pos(rng)] = static_cast<char>(byte(rng));
    (void)expect_error(bad);
  }
  for (int k = 0; k < 20000; ++k) {
    std::string noise(pos(rng) % 64, '\0');
    for (char& c : noise) c = static_cast<char>(byte(rng));
    if (!noise.empty()) noise[0] = 1;
    (void)expect_error(noise);
  }
}
