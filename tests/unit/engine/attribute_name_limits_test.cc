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
        "Attribute name is too long, must be less than 65536 bytes; attribute name length: "
        "65536");
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
