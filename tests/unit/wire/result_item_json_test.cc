// Items a read returns in their storage encoding render to exactly the JSON their typed form
// renders to, and behave like the typed item when looked at.
#include <catch2/catch.hpp>

#include "ddblab/result_item.h"
#include "ddblab/wire.h"

using ddblab::AttributeValue;
using ddblab::Decimal;
using ddblab::Item;
using ddblab::ResultItem;
using ddblab::wire::Json;

namespace {

AttributeValue N(const char* text) { return AttributeValue::N(Decimal::Parse(text).value()); }

// Every attribute type, nested, with names and bytes that need escaping or base64.
Item EveryType() {
  return Item{
      {"PK", AttributeValue::S("USER#1")},
      {"quote\"name", AttributeValue::S("line\nbreak \xc3\xa9")},
      {"n", N("-12.500")},
      {"b", AttributeValue::B(std::string("\0\x80\xff", 3))},
      {"t", AttributeValue::Bool(true)},
      {"f", AttributeValue::Bool(false)},
      {"z", AttributeValue::Null()},
      {"l", AttributeValue::L({AttributeValue::S("a"), N("1e3"), AttributeValue::L({}),
                               AttributeValue::M({{"k", AttributeValue::Null()}})})},
      {"m", AttributeValue::M({{"inner", AttributeValue::M({{"x", N("0.5")}})},
                               {"M", AttributeValue::S("a member named like a type")}})},
      {"ss", AttributeValue::SS({"b", "a"})},
      {"ns", AttributeValue::NS({Decimal::Parse("3").value(), Decimal::Parse("-1").value()})},
      {"bs", AttributeValue::BS({std::string("\x01", 1), "xyz"})},
      {"", AttributeValue::S("empty attribute names are stored as given")},
  };
}

}  // namespace

TEST_CASE("An item rendered from its storage encoding is the JSON of the typed item") {
  const Item item = EveryType();
  const ResultItem stored = ResultItem::FromEncoding(ddblab::SerializeItem(item));
  REQUIRE(stored.has_encoding());
  CHECK(ddblab::wire::ItemToJson(stored).dump() == ddblab::wire::ItemToJson(item).dump());
  CHECK(ddblab::wire::ItemToJson(ResultItem(item)).dump() == ddblab::wire::ItemToJson(item).dump());
  CHECK(ddblab::wire::ItemToJson(stored).at("n") == Json{{"N", "-12.5"}});
}

TEST_CASE("A stored result item decodes on first look and compares as its item") {
  const Item item = EveryType();
  const std::string bytes = ddblab::SerializeItem(item);
  // Two items sharing one page buffer, as a Query page holds them.
  auto page = std::make_shared<std::string>(bytes + bytes);
  const std::string_view held = *page;
  const ResultItem first = ResultItem::FromEncoding(page, held.substr(0, bytes.size()));
  const ResultItem second = ResultItem::FromEncoding(page, held.substr(bytes.size()));
  CHECK(first.encoding() == bytes);
  CHECK(first == second);
  CHECK(first == item);
  CHECK(first.at("PK").str() == "USER#1");
  CHECK(first.count("missing") == 0);
  CHECK(first.size() == item.size());
  const Item& typed = first;
  CHECK(typed == item);
  ResultItem copy = first;  // a copy outlives nothing it depends on
  page.reset();
  CHECK(copy == item);
  CHECK_THROWS_AS(first.at("missing"), std::out_of_range);
  CHECK(ResultItem().empty());
}
