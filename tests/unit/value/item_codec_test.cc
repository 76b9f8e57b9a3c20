#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "ddblab/value.h"
#include "value/item_encoding.h"
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
  // Stronger than DynamoDB equality: number text survives as stored, and set members come back
  // in key order whatever order they were written in (what every read then returns).
  CHECK(back->at("ss").str_set() == std::vector<std::string>{"", "a", "b"});
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

// The check every whole-item read runs (encoding::CheckItem) must cover the structure the
// decoder relies on: where the decoder accepts, the check accepts, and where the check accepts,
// the decoder can fail only on a number's value (the check vets number text by its alphabet).
TEST_CASE("The read-time item check agrees with the decoder on damaged items") {
  const std::string good = ddblab::SerializeItem(Sample());
  CHECK(ddblab::encoding::CheckItem(good).ok());
  CHECK(ddblab::encoding::CheckItem(ddblab::SerializeItem(Item{})).ok());
  auto agree = [](const std::string& bytes) {
    auto decoded = ddblab::DeserializeItem(bytes);
    ddblab::Status checked = ddblab::encoding::CheckItem(bytes);
    if (decoded.ok()) CHECK(checked.ok());
    if (!checked.ok()) {
      CHECK(checked.error().type == ddblab::ErrorType::kInternalServerError);
      CHECK(checked.error().message.rfind("Stored item is corrupt: ", 0) == 0);
    }
    if (checked.ok() && !decoded.ok()) {
      CHECK(decoded.error().message == "Stored item is corrupt: bad number");
    }
  };
  agree("");
  agree(std::string("\x02\x00", 2));
  agree(good + "x");
  agree(
      std::string("\x01\x02\x01"
                  "b"
                  "\x04\x01"
                  "a"
                  "\x04",
                  8));
  for (size_t len = 0; len < good.size(); len += (len < 400 ? 1 : 997)) {
    agree(good.substr(0, len));
    CHECK_FALSE(ddblab::encoding::CheckItem(good.substr(0, len)).ok());
  }
  std::mt19937 rng(7);
  std::uniform_int_distribution<size_t> pos(0, 600);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int k = 0; k < 20000; ++k) {
    std::string bad = good.substr(0, 700);
    for (int flips = 0; flips < 3; ++flips) bad[pos(rng)] = static_cast<char>(byte(rng));
    agree(bad);
  }
}

// Range reads take an item's size from the check's pass over its bytes instead of the stored
// size column, so the two formulas must agree (DynamoDB: CapacityUnitCalculations).
TEST_CASE("The read-time check measures items exactly as ItemSizeBytes does") {
  const Item sample = Sample();
  auto measured = ddblab::encoding::CheckItemSize(ddblab::SerializeItem(sample));
  REQUIRE(measured.ok());
  CHECK(*measured == static_cast<int64_t>(ddblab::ItemSizeBytes(sample)));
  const char* numbers[] = {"0",
                           "-0",
                           "1",
                           "-1",
                           "10",
                           "100",
                           "12300",
                           "120.5",
                           "0.5",
                           "-0.5",
                           "0.001",
                           "-0.00120",
                           "1e125",
                           "1e-130",
                           "123456789012345678901234567890123456.78",
                           "-9.9999999999999999999999999999999999999e125",
                           "101",
                           "1010.01"};
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> digit(0, 9), len(1, 38), exp(-140, 125), sign(0, 1);
  std::vector<std::string> texts(std::begin(numbers), std::end(numbers));
  for (int k = 0; k < 5000; ++k) {
    std::string t = sign(rng) ? "-" : "";
    int n = len(rng);
    for (int i = 0; i < n; ++i) t += static_cast<char>('0' + digit(rng));
    texts.push_back(t + "e" + std::to_string(exp(rng) - n));
  }
  for (const std::string& text : texts) {
    auto d = ddblab::Decimal::Parse(text);
    if (!d.ok()) continue;  // out of range
    Item item{{"n", AttributeValue::N(*d)},
              {"l", AttributeValue::L({AttributeValue::N(*d)})},
              {"ns", AttributeValue::NS({*d})}};
    auto size = ddblab::encoding::CheckItemSize(ddblab::SerializeItem(item));
    REQUIRE(size.ok());
    INFO(text);
    CHECK(*size == static_cast<int64_t>(ddblab::ItemSizeBytes(item)));
  }
}

// Storage format 4: a stored row's item carries its size, so a read of an in-memory database
// fetches one column; rows a file holds from format 3 are in the plain form and read as before.
TEST_CASE("A stored row's item carries its size and decodes like the plain form") {
  const Item sample = Sample();
  const auto size = static_cast<int64_t>(ddblab::ItemSizeBytes(sample));
  const std::string stored = ddblab::encoding::SerializeStoredItem(sample, size);
  const std::string plain = ddblab::SerializeItem(sample);
  CHECK(stored[0] == ddblab::encoding::kSizedFormatVersion);
  CHECK(ddblab::encoding::StoredSize(stored) == size);
  CHECK(!ddblab::encoding::StoredSize(plain).has_value());
  CHECK(!ddblab::encoding::StoredSize("").has_value());
  auto back = ddblab::DeserializeItem(stored);
  REQUIRE(back.ok());
  CHECK(*back == sample);
  auto measured = ddblab::encoding::CheckItemSize(stored);
  REQUIRE(measured.ok());
  CHECK(*measured == size);
  CHECK(ddblab::encoding::CheckItemSize(plain).value() == size);
}

TEST_CASE("The read-time check refuses a stored size that is not the item's") {
  const Item item{{"pk", S("a")}, {"n", N("12")}};
  const auto size = static_cast<int64_t>(ddblab::ItemSizeBytes(item));
  auto wrong =
      ddblab::encoding::CheckItemSize(ddblab::encoding::SerializeStoredItem(item, size + 1));
  REQUIRE(!wrong.ok());
  CHECK(wrong.error().message == "Stored item is corrupt: stored size does not match");
  // A header cut short is damage too, named by the decoder.
  std::string cut(1, static_cast<char>(ddblab::encoding::kSizedFormatVersion));
  cut += '\x80';
  CHECK(!ddblab::encoding::CheckItemSize(cut).ok());
  CHECK(!ddblab::DeserializeItem(cut).ok());
  CHECK(!ddblab::encoding::StoredSize(cut).has_value());
}
