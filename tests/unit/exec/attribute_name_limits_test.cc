// Attribute name lengths: DynamoDB (ServiceQuotas, "Attribute names") allows 1 to 65,535 bytes for
// a non-key attribute, and 255 bytes for key attributes and for names an index projects by
// INCLUDE (API shape NonKeyAttributeName).
#include "fixture.h"

using namespace ddbtest;

TEST_CASE("A non-key attribute name of 65,535 bytes is accepted, 65,536 is rejected") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}, {std::string(65535, 'a'), S("v")}});
  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("P2")}, {"SK", S("A")}, {std::string(65536, 'a'), S("v")}};
  CHECK(Fails(e->PutItem(p)).message ==
        "Attribute name is too large, must be less than 65536 bytes");
  p.item = {{"PK", S("P2")},
            {"SK", S("A")},
            {"m", AttributeValue::M({{std::string(65536, 'a'), S("v")}})}};
  CHECK(Fails(e->PutItem(p)).message ==
        "Attribute name is too large, must be less than 65536 bytes");
}

// DynamoDB applies the name rule wherever a name can appear, not only in items.
TEST_CASE("The 65,535-byte and empty-name rules hold in every place a name appears") {
  auto e = OpenMemory();
  CreateAppTable(*e, "App", false);
  Put(*e, {{"PK", S("P1")}, {"SK", S("A")}});
  const std::string ok(65535, 'n'), big(65536, 'n');
  const std::string kTooLarge = "Attribute name is too large, must be less than 65536 bytes";
  Key key{{"PK", S("P1")}, {"SK", S("A")}};

  GetItemRequest g;
  g.table_name = "App";
  g.key = key;
  g.projection_expression = "#n";
  g.expression_attribute_names = std::map<std::string, std::string>{{"#n", ok}};
  Must(e->GetItem(g));
  g.expression_attribute_names = std::map<std::string, std::string>{{"#n", big}};
  CHECK(Fails(e->GetItem(g)).message == kTooLarge);
  g.projection_expression.reset();
  g.expression_attribute_names.reset();
  g.attributes_to_get = std::vector<std::string>{ok};
  Must(e->GetItem(g));
  g.attributes_to_get = std::vector<std::string>{big};
  CHECK(Fails(e->GetItem(g)).message == kTooLarge);
  g.attributes_to_get = std::vector<std::string>{""};
  CHECK(Fails(e->GetItem(g)).message == "Empty attribute name");

  UpdateItemRequest u;
  u.table_name = "App";
  u.key = key;
  AttributeValueUpdate put;
  put.action = "PUT";
  put.value = S("v");
  u.attribute_updates = AttributeUpdates{{big, put}};
  CHECK(Fails(e->UpdateItem(u)).message == kTooLarge);
  u.attribute_updates = AttributeUpdates{{"", put}};
  CHECK(Fails(e->UpdateItem(u)).message == "Empty attribute name");
  u.attribute_updates.reset();
  u.update_expression = "SET #n = :v";
  u.expression_attribute_names = std::map<std::string, std::string>{{"#n", big}};
  u.expression_attribute_values = std::map<std::string, AttributeValue>{{":v", S("v")}};
  CHECK(Fails(e->UpdateItem(u)).message == kTooLarge);

  PutItemRequest p;
  p.table_name = "App";
  p.item = {{"PK", S("P1")}, {"SK", S("A")}};
  p.condition_expression = "attribute_not_exists(#n)";
  p.expression_attribute_names = std::map<std::string, std::string>{{"#n", big}};
  CHECK(Fails(e->PutItem(p)).message == kTooLarge);
  p.expression_attribute_names = std::map<std::string, std::string>{{"#n", ""}};
  CHECK(Fails(e->PutItem(p)).message ==
        "1 validation error detected: ExpressionAttributeNames contains invalid value: Empty "
        "attribute name for key #n");
  p.condition_expression.reset();
  p.expression_attribute_names.reset();
  ExpectedAttributeValue absent;
  absent.exists = false;
  p.expected = ExpectedAttributes{{big, absent}};
  CHECK(Fails(e->PutItem(p)).message == kTooLarge);

  ScanRequest s;
  s.table_name = "App";
  Condition c;
  c.comparison_operator = "NULL";
  s.scan_filter = Conditions{{big, c}};
  CHECK(Fails(e->Scan(s)).message == kTooLarge);
}

TEST_CASE("An INCLUDE projection naming an attribute longer than 255 bytes is rejected") {
  auto e = OpenMemory();
  const std::string long_name(256, 'n');
  CreateTableRequest r;
  r.table_name = "App";
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"PK", "S"}, {"G", "S"}};
  r.key_schema = {{"PK", "HASH"}};
  SecondaryIndexSpec g;
  g.index_name = "ByG";
  g.key_schema = {{"G", "HASH"}};
  g.projection.projection_type = "INCLUDE";
  g.projection.non_key_attributes = std::vector<std::string>{long_name};
  r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g};
  Error err = Fails(e->CreateTable(r));
  CHECK(err.type == ErrorType::kValidationException);
  CHECK(err.message ==
        "1 validation error detected: Value '[" + long_name +
            "]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to "
            "satisfy constraint: Member must satisfy constraint: [Member must have length less "
            "than or equal to 255, Member must have length greater than or equal to 1]");
  // 255 bytes is fine.
  g.projection.non_key_attributes = std::vector<std::string>{std::string(255, 'n')};
  r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{g};
  Must(e->CreateTable(r));
}
