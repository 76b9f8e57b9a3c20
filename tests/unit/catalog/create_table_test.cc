// CreateTable validation: one TEST_CASE per DynamoDB rule, asserting DynamoDB's exact message.
#include <catch2/catch.hpp>

#include "catalog_test_util.h"

using namespace ddblab;
using namespace ddblab::testing;

namespace {
const std::string kInvalid = "One or more parameter values were invalid: ";
}

TEST_CASE("A valid CreateTable produces the schema it describes") {
  CreateTableRequest r = CompositeTable();
  r.attribute_definitions.push_back(Def("g", "N"));
  r.attribute_definitions.push_back(Def("l", "B"));
  SecondaryIndexSpec gsi = Index("byG", {Hash("g"), Range("sk")},
                                 Projection{"INCLUDE", std::vector<std::string>{"x", "y"}});
  gsi.provisioned_throughput = Units(3, 4);
  r.global_secondary_indexes = std::vector{gsi};
  r.local_secondary_indexes =
      std::vector{Index("byL", {Hash("pk"), Range("l")}, Projection{"KEYS_ONLY", std::nullopt})};
  auto result = ValidateCreateTable(r);
  REQUIRE(result.ok());
  const TableSchema& t = *result;
  CHECK(t.name == "Music");
  CHECK(t.hash.name == "pk");
  CHECK(t.hash.type == AttrType::kS);
  REQUIRE(t.range);
  CHECK(t.range->name == "sk");
  CHECK(t.billing_mode == "PROVISIONED");
  CHECK(t.provisioned_throughput.read_capacity_units == 5);
  REQUIRE(t.global_secondary_indexes.size() == 1);
  const IndexSchema& g = t.global_secondary_indexes[0];
  CHECK(g.global);
  REQUIRE(g.hash_keys.size() == 1);
  CHECK(g.hash_keys[0].name == "g");
  CHECK(g.hash_keys[0].type == AttrType::kN);
  REQUIRE(g.range_keys.size() == 1);
  CHECK(g.range_keys[0].name == "sk");
  CHECK(g.projection_type == "INCLUDE");
  CHECK(g.non_key_attributes == std::vector<std::string>{"x", "y"});
  REQUIRE(g.provisioned_throughput);
  CHECK(g.provisioned_throughput->write_capacity_units == 4);
  REQUIRE(t.local_secondary_indexes.size() == 1);
  const IndexSchema& l = t.local_secondary_indexes[0];
  CHECK_FALSE(l.global);
  REQUIRE(l.range_keys.size() == 1);
  CHECK(l.range_keys[0].type == AttrType::kB);
  CHECK(l.projection_type == "KEYS_ONLY");
  CHECK_FALSE(l.provisioned_throughput);
  CHECK(t.storage_id == 0);
  CHECK(t.creation_date_time == 0);
}

TEST_CASE("An invalid table name is a constraint violation at 'tableName'") {
  CreateTableRequest r = SimpleTable("bad table!@#");
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to satisfy "
        "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST_CASE("AttributeType must be one of B, N, S") {
  CreateTableRequest r = SimpleTable();
  r.attribute_definitions = {Def("pk", "INVALID")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value 'INVALID' at "
        "'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must "
        "satisfy enum value set: [B, N, S]");
}

TEST_CASE("KeyType must be HASH or RANGE") {
  CreateTableRequest r = SimpleTable();
  r.key_schema = {{"pk", "INVALID"}};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value 'INVALID' at 'keySchema.1.member.keyType' failed to "
        "satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]");
}

TEST_CASE("KeySchema has at most 2 elements") {
  CreateTableRequest r = CompositeTable();
  r.attribute_definitions.push_back(Def("extra"));
  r.key_schema.push_back(Range("extra"));
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), "
        "KeySchemaElement(attributeName=sk, keyType=RANGE), KeySchemaElement(attributeName=extra, "
        "keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length "
        "less than or equal to 2");
}

TEST_CASE("KeySchema has at least 1 element") {
  CreateTableRequest r = SimpleTable();
  r.key_schema.clear();
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}

TEST_CASE("BillingMode must be PROVISIONED or PAY_PER_REQUEST") {
  CreateTableRequest r = SimpleTable();
  r.billing_mode = "ON_DEMAND";
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value 'ON_DEMAND' at 'billingMode' failed to satisfy "
        "constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
}

TEST_CASE("Capacity units must be at least 1, write units listed first") {
  CreateTableRequest r = SimpleTable();
  r.provisioned_throughput = Units(0, -1);
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "2 validation errors detected: Value '-1' at 'provisionedThroughput.writeCapacityUnits' "
        "failed to satisfy constraint: Member must have value greater than or equal to 1; Value "
        "'0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member "
        "must have value greater than or equal to 1");
}

TEST_CASE("Constraint violations of different members are reported together") {
  CreateTableRequest r = SimpleTable("ab");
  r.attribute_definitions = {Def("pk", "SS")};
  r.billing_mode = "A";
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "3 validation errors detected: Value 'SS' at "
        "'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must "
        "satisfy enum value set: [B, N, S]; Value 'ab' at 'tableName' failed to satisfy "
        "constraint: Member must have length greater than or equal to 3; Value 'A' at "
        "'billingMode' failed to satisfy constraint: Member must satisfy enum value set: "
        "[PROVISIONED, PAY_PER_REQUEST]");
}

TEST_CASE("PROVISIONED (the default) requires ProvisionedThroughput") {
  CreateTableRequest r = SimpleTable();
  r.provisioned_throughput.reset();
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is "
            "PROVISIONED");
}

TEST_CASE("PAY_PER_REQUEST forbids ProvisionedThroughput") {
  CreateTableRequest r = SimpleTable();
  r.billing_mode = "PAY_PER_REQUEST";
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode "
            "is PAY_PER_REQUEST");
}

TEST_CASE("PAY_PER_REQUEST tables have zero provisioned throughput") {
  CreateTableRequest r = SimpleTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  auto result = ValidateCreateTable(r);
  REQUIRE(result.ok());
  CHECK(result->billing_mode == "PAY_PER_REQUEST");
  CHECK(result->provisioned_throughput.read_capacity_units == 0);
}

TEST_CASE("Capacity units above 1,000,000,000,000 are out of bounds") {
  CreateTableRequest r = SimpleTable();
  r.provisioned_throughput = Units(1000000000001, 1);
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
}

TEST_CASE("A duplicated attribute definition is rejected") {
  CreateTableRequest r = SimpleTable();
  r.attribute_definitions.push_back(Def("pk", "N"));
  CHECK(MessageOf(ValidateCreateTable(r)) == "Attribute Name is duplicated: pk");
}

TEST_CASE("More key elements than attribute definitions: key attribute has no definition") {
  CreateTableRequest r = SimpleTable();
  r.key_schema = {Hash("pk"), Range("pk")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Invalid KeySchema: Some index key attribute have no definition");
}

TEST_CASE("A key attribute missing from AttributeDefinitions is named with the definitions") {
  CreateTableRequest r = SimpleTable();
  r.attribute_definitions = {Def("b")};
  r.key_schema = {Hash("a")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [a], "
            "AttributeDefinitions: [b]");
}

TEST_CASE("An unused attribute definition without indexes: counts do not match") {
  CreateTableRequest r = SimpleTable();
  r.attribute_definitions.push_back(Def("extra"));
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Number of attributes in KeySchema does not exactly match number of attributes "
            "defined in AttributeDefinitions");
}

TEST_CASE("An unused attribute definition with indexes lists definitions and keys used") {
  CreateTableRequest r = SimpleTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  r.attribute_definitions = {Def("created_at"), Def("id"), Def("user")};
  r.key_schema = {Hash("id")};
  r.global_secondary_indexes = std::vector{Index("byUser", {Hash("user")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Some AttributeDefinitions are not used. AttributeDefinitions: [created_at, id, "
            "user], keys used: [id, user]");
}

TEST_CASE("An index key attribute without a definition is listed alone") {
  CreateTableRequest r = CompositeTable();
  SecondaryIndexSpec gsi = Index("byQ", {Hash("q")});
  gsi.provisioned_throughput = Units(1, 1);
  r.global_secondary_indexes = std::vector{gsi};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [q], "
            "AttributeDefinitions: [pk, sk]");
}

TEST_CASE("Hash and range key may not have the same name") {
  CreateTableRequest r = CompositeTable();
  r.key_schema = {Hash("pk"), Hash("pk")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
}

TEST_CASE("The first KeySchemaElement must be HASH") {
  CreateTableRequest r = CompositeTable();
  r.key_schema = {Range("pk"), Hash("sk")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}

TEST_CASE("The second KeySchemaElement must be RANGE") {
  CreateTableRequest r = CompositeTable();
  r.key_schema = {Hash("pk"), Hash("sk")};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}

TEST_CASE("An empty GlobalSecondaryIndexes list is rejected") {
  CreateTableRequest r = SimpleTable();
  r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "List of GlobalSecondaryIndexes is empty");
}

TEST_CASE("An empty LocalSecondaryIndexes list is rejected") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector<SecondaryIndexSpec>{};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "List of LocalSecondaryIndexes is empty");
}

TEST_CASE("An LSI requires a table range key") {
  CreateTableRequest r = SimpleTable();
  r.attribute_definitions.push_back(Def("lsiSk"));
  r.local_secondary_indexes = std::vector{Index("lsi1", {Hash("pk"), Range("lsiSk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Table KeySchema does not have a range key, which is required when specifying a "
            "LocalSecondaryIndex");
}

TEST_CASE("An LSI must have a range key") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index("abc", {Hash("pk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "Index KeySchema does not have a range key for index: abc");
}

TEST_CASE("An LSI's hash key must be the table's hash key") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index("abc", {Hash("sk"), Range("pk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "Index KeySchema does not have the same leading hash key as table KeySchema for "
            "index: abc. index hash key: sk, table hash key: pk");
}

TEST_CASE("At most 5 LSIs per table") {
  CreateTableRequest r = CompositeTable();
  std::vector<SecondaryIndexSpec> lsis;
  for (int i = 0; i < 6; ++i) {
    lsis.push_back(Index("lsi" + std::to_string(i), {Hash("pk"), Range("sk")}));
  }
  r.local_secondary_indexes = lsis;
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
}

TEST_CASE("At most 20 GSIs per table") {
  CreateTableRequest r = SimpleTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  std::vector<SecondaryIndexSpec> gsis;
  for (int i = 0; i < 21; ++i) gsis.push_back(Index("gsi" + std::to_string(i), {Hash("pk")}));
  r.global_secondary_indexes = gsis;
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
}

TEST_CASE("Index names are unique across GSIs") {
  CreateTableRequest r = CompositeTable();
  r.attribute_definitions.push_back(Def("gsiPk1"));
  r.attribute_definitions.push_back(Def("gsiPk2"));
  SecondaryIndexSpec a = Index("sameIndex", {Hash("gsiPk1")});
  SecondaryIndexSpec b = Index("sameIndex", {Hash("gsiPk2")});
  a.provisioned_throughput = b.provisioned_throughput = Units(5, 5);
  r.global_secondary_indexes = std::vector{a, b};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "Duplicate index name: sameIndex");
}

TEST_CASE("Index names are unique across GSIs and LSIs") {
  CreateTableRequest r = CompositeTable();
  SecondaryIndexSpec gsi = Index("dup", {Hash("sk")});
  gsi.provisioned_throughput = Units(1, 1);
  r.global_secondary_indexes = std::vector{gsi};
  r.local_secondary_indexes = std::vector{Index("dup", {Hash("pk"), Range("sk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "Duplicate index name: dup");
}

TEST_CASE("Index names follow the name rule at the index's path") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index("h;", {Hash("pk"), Range("sk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "2 validation errors detected: Value 'h;' at 'localSecondaryIndexes.1.member.indexName' "
        "failed to satisfy constraint: Member must satisfy regular expression pattern: "
        "[a-zA-Z0-9_.-]+; Value 'h;' at 'localSecondaryIndexes.1.member.indexName' failed to "
        "satisfy constraint: Member must have length greater than or equal to 3");
}

TEST_CASE("ProjectionType must be ALL, INCLUDE or KEYS_ONLY") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes =
      std::vector{Index("abc", {Hash("pk"), Range("sk")}, Projection{"abc", std::nullopt})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value 'abc' at "
        "'localSecondaryIndexes.1.member.projection.projectionType' failed to satisfy "
        "constraint: Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
}

TEST_CASE("ProjectionType has no default") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index("abc", {Hash("pk"), Range("sk")}, Projection{})};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "Unknown ProjectionType: null");
}

TEST_CASE("NonKeyAttributes are only allowed with INCLUDE") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index(
      "abc", {Hash("pk"), Range("sk")}, Projection{"KEYS_ONLY", std::vector<std::string>{"a"}})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified");
  r.local_secondary_indexes = std::vector{
      Index("abc", {Hash("pk"), Range("sk")}, Projection{"ALL", std::vector<std::string>{"a"}})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "ProjectionType is ALL, but NonKeyAttributes is specified");
}

TEST_CASE("INCLUDE requires NonKeyAttributes") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes =
      std::vector{Index("abc", {Hash("pk"), Range("sk")}, Projection{"INCLUDE", std::nullopt})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
}

TEST_CASE("NonKeyAttributes may not repeat a name") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{Index(
      "abc", {Hash("pk"), Range("sk")}, Projection{"INCLUDE", std::vector<std::string>{"x", "x"}})};
  CHECK(MessageOf(ValidateCreateTable(r)) == kInvalid + "Duplicate element in NonKeyAttributes: x");
}

TEST_CASE("NonKeyAttributes holds 1 to 20 names") {
  CreateTableRequest r = CompositeTable();
  r.local_secondary_indexes = std::vector{
      Index("abc", {Hash("pk"), Range("sk")}, Projection{"INCLUDE", std::vector<std::string>{}})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value '[]' at "
        "'localSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy "
        "constraint: Member must have length greater than or equal to 1");
  std::vector<std::string> names;
  for (int i = 0; i < 21; ++i) names.push_back("a" + std::to_string(i));
  r.local_secondary_indexes =
      std::vector{Index("abc", {Hash("pk"), Range("sk")}, Projection{"INCLUDE", names})};
  std::string message = MessageOf(ValidateCreateTable(r));
  CHECK(message.find("at 'localSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to "
                     "satisfy constraint: Member must have length less than or equal to 20") !=
        std::string::npos);
}

TEST_CASE("At most 100 projected non-key attributes across all indexes") {
  CreateTableRequest r = CompositeTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  std::vector<std::string> names;
  for (int i = 0; i < 20; ++i) names.push_back("a" + std::to_string(i));
  std::vector<SecondaryIndexSpec> gsis;
  for (int i = 0; i < 6; ++i) {
    gsis.push_back(Index("gsi" + std::to_string(i), {Hash("sk")}, Projection{"INCLUDE", names}));
  }
  r.global_secondary_indexes = gsis;
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "Number of projected attributes in all indexes exceeds limit of 100");
  gsis.pop_back();  // 5 x 20 = 100 is allowed
  r.global_secondary_indexes = gsis;
  CHECK(ValidateCreateTable(r).ok());
}

TEST_CASE("A GSI of a provisioned table needs its own ProvisionedThroughput") {
  CreateTableRequest r = CompositeTable();
  r.global_secondary_indexes = std::vector{Index("g-a", {Hash("sk")})};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid + "ProvisionedThroughput is not specified for index: g-a");
}

TEST_CASE("A GSI of an on-demand table may not have ProvisionedThroughput") {
  CreateTableRequest r = CompositeTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  SecondaryIndexSpec gsi = Index("g-a", {Hash("sk")});
  gsi.provisioned_throughput = Units(1, 1);
  r.global_secondary_indexes = std::vector{gsi};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        kInvalid +
            "ProvisionedThroughput should not be specified for index: g-a when BillingMode is "
            "PAY_PER_REQUEST");
}

TEST_CASE("GSI capacity units must be at least 1") {
  CreateTableRequest r = CompositeTable();
  SecondaryIndexSpec gsi = Index("g-a", {Hash("sk")});
  gsi.provisioned_throughput = Units(0, 1);
  r.global_secondary_indexes = std::vector{gsi};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "1 validation error detected: Value '0' at "
        "'globalSecondaryIndexes.1.member.provisionedThroughput.readCapacityUnits' failed to "
        "satisfy constraint: Member must have value greater than or equal to 1");
}

TEST_CASE("A GSI key schema must start with HASH") {
  CreateTableRequest r = CompositeTable();
  SecondaryIndexSpec gsi = Index("g-a", {Range("sk"), Hash("pk")});
  gsi.provisioned_throughput = Units(1, 1);
  r.global_secondary_indexes = std::vector{gsi};
  CHECK(MessageOf(ValidateCreateTable(r)) ==
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}
