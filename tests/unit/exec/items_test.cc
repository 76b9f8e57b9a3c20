#include "fixture.h"

using namespace ddbtest;

TEST_CASE("PutItem then GetItem returns the item with numbers normalized") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("CUSTOMER#c1")}, {"SK", S("PROFILE")}, {"price", N("149.00")}});
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("CUSTOMER#c1")}, {"SK", S("PROFILE")}};
  auto r = Must(e->GetItem(g));
  REQUIRE(r.item);
  CHECK(r.item->at("price").num().ToString() == "149");
}

TEST_CASE("GetItem costs 0.5 RCU eventually consistent and 1 RCU strongly consistent") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("b")}});
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("a")}, {"SK", S("b")}};
  CHECK(Must(e->GetItem(g)).consumed_capacity.total.units() == 0.5);
  g.consistent_read = true;
  CHECK(Must(e->GetItem(g)).consumed_capacity.total.units() == 1.0);
  // DynamoDB: a missing item still costs the minimum read.
  g.key = {{"PK", S("zz")}, {"SK", S("b")}};
  auto miss = Must(e->GetItem(g));
  CHECK_FALSE(miss.item);
  CHECK(miss.consumed_capacity.total.units() == 1.0);
}

TEST_CASE("Read units round up at 4096 bytes and write units at 1024 bytes") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  // Item size = "PK"(2) + "k"(1) + "SK"(2) + "s"(1) + "d"(1) + payload.
  auto item_of_size = [](int64_t total) {
    Item it{{"PK", S("k")}, {"SK", S("s")}};
    it["d"] = S(std::string(static_cast<size_t>(total - 7), 'x'));
    return it;
  };
  CHECK(Put(*e, item_of_size(1024)).consumed_capacity.total.units() == 1.0);
  // Replacing a 1024-byte item with a 1025-byte one is sized on the larger image.
  CHECK(Put(*e, item_of_size(1025)).consumed_capacity.total.units() == 2.0);
  Put(*e, item_of_size(4096));
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("k")}, {"SK", S("s")}};
  g.consistent_read = true;
  CHECK(Must(e->GetItem(g)).consumed_capacity.total.units() == 1.0);
  Put(*e, item_of_size(4097));
  CHECK(Must(e->GetItem(g)).consumed_capacity.total.units() == 2.0);
}

TEST_CASE("Key map errors use DynamoDB's messages") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  GetItemRequest g;
  g.table_name = "App";
  g.key = {{"PK", S("a")}};
  CHECK(Fails(e->GetItem(g)).message == "The provided key element does not match the schema");
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("a")}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Missing the key SK in the item");
  p.item = {{"PK", S("a")}, {"SK", N("1")}};
  CHECK(
      Fails(e->PutItem(p)).message ==
      "One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N");
  p.item = {{"PK", S("")}, {"SK", S("x")}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values are not valid. The AttributeValue for a key attribute "
        "cannot contain an empty string value. Key: PK");
  p.item = {{"PK", S(std::string(2049, 'a'))}, {"SK", S("x")}};
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
        "size limit of2048 bytes");
  p.table_name = "Nope";
  auto err = Fails(e->PutItem(p));
  CHECK(err.type == ErrorType::kResourceNotFoundException);
  CHECK(err.message == "Requested resource not found");
}

TEST_CASE("Items over 400 KB are rejected, exactly 409600 bytes is accepted") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Item it{{"PK", S("k")}, {"SK", S("s")}};
  it["d"] = S(std::string(409600 - 7, 'x'));
  Put(*e, it);
  it["d"] = S(std::string(409601 - 7, 'x'));
  PutItemRequest p;
  p.table_name = "App";
  p.item = it;
  CHECK(Fails(e->PutItem(p)).message == "Item size has exceeded the maximum allowed size");
}

TEST_CASE("A failed ConditionExpression raises ConditionalCheckFailedException with the old item") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"v", N("1")}});
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("a")}, {"SK", S("b")}, {"v", N("2")}};
  p.condition_expression = "attribute_not_exists(PK)";
  p.return_values_on_condition_check_failure = "ALL_OLD";
  auto err = Fails(e->PutItem(p));
  CHECK(err.type == ErrorType::kConditionalCheckFailedException);
  CHECK(err.message == "The conditional request failed");
  REQUIRE(err.item);
  CHECK(err.item->at("v").num().ToString() == "1");
}

TEST_CASE("PutItem ReturnValues ALL_OLD returns the replaced item, other values are rejected") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("a")}, {"SK", S("b")}, {"v", N("1")}});
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("a")}, {"SK", S("b")}, {"v", N("2")}};
  p.return_values = "ALL_OLD";
  auto r = Must(e->PutItem(p));
  REQUIRE(r.attributes);
  CHECK(r.attributes->at("v").num().ToString() == "1");
  p.return_values = "ALL_NEW";
  CHECK(Fails(e->PutItem(p)).message == "ReturnValues can only be ALL_OLD or NONE");
  p.return_values = "all_old";
  CHECK(Fails(e->PutItem(p))
            .message.find("failed to satisfy constraint: Member must satisfy enum "
                          "value set") != std::string::npos);
}

TEST_CASE("DeleteItem of a missing item costs 1 WCU and succeeds") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  DeleteItemRequest d;
  d.table_name = "App";
  d.key = {{"PK", S("a")}, {"SK", S("b")}};
  auto r = Must(e->DeleteItem(d));
  CHECK(r.consumed_capacity.total.units() == 1.0);
  CHECK_FALSE(r.attributes);
}
