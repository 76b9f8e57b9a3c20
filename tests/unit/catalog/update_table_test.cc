// UpdateTable validation: one TEST_CASE per DynamoDB rule, asserting DynamoDB's exact message.
#include <algorithm>
#include <catch2/catch.hpp>

#include "catalog/index_rules.h"
#include "catalog_test_util.h"

using namespace ddblab;
using namespace ddblab::testing;

namespace {

const std::string kInvalid = "One or more parameter values were invalid: ";

// Provisioned 5/5 table pk+sk with GSI "existingGsi" on gsiPk (5/5) and LSI "lsi" on pk+lsk.
TableSchema ProvisionedWithIndexes() {
  CreateTableRequest r = CompositeTable("Tbl");
  r.attribute_definitions.push_back(Def("gsiPk"));
  r.attribute_definitions.push_back(Def("lsk", "N"));
  SecondaryIndexSpec gsi = Index("existingGsi", {Hash("gsiPk")});
  gsi.provisioned_throughput = Units(5, 5);
  r.global_secondary_indexes = std::vector{gsi};
  r.local_secondary_indexes = std::vector{Index("lsi", {Hash("pk"), Range("lsk")})};
  return MustCreate(r);
}

// On-demand table pk+sk with GSI "existingGsi" on gsiPk.
TableSchema OnDemandWithGsi() {
  CreateTableRequest r = CompositeTable("Tbl");
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  r.attribute_definitions.push_back(Def("gsiPk"));
  r.global_secondary_indexes = std::vector{Index("existingGsi", {Hash("gsiPk")})};
  return MustCreate(r);
}

GlobalSecondaryIndexUpdate Create(SecondaryIndexSpec spec) {
  GlobalSecondaryIndexUpdate u;
  u.create = std::move(spec);
  return u;
}
GlobalSecondaryIndexUpdate Delete(std::string name) {
  GlobalSecondaryIndexUpdate u;
  u.delete_index_name = std::move(name);
  return u;
}
GlobalSecondaryIndexUpdate Update(std::string name, ProvisionedThroughput units) {
  GlobalSecondaryIndexUpdate u;
  u.update = SecondaryIndexSpec{};
  u.update->index_name = std::move(name);
  u.update->provisioned_throughput = units;
  return u;
}

UpdateTableRequest Request(std::vector<GlobalSecondaryIndexUpdate> updates) {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.global_secondary_index_updates = std::move(updates);
  return r;
}

}  // namespace

TEST_CASE("An UpdateTable with nothing to update is rejected") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.attribute_definitions = std::vector{Def("x")};
  const std::string message =
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
      "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, "
      "ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, "
      "OnDemandThroughput, WarmThroughput or TableClass is required";
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) == message);
  // An empty GlobalSecondaryIndexUpdates counts as absent.
  r.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) == message);
}

TEST_CASE("An empty GlobalSecondaryIndexUpdates beside a real change is rejected") {
  UpdateTableRequest r = Request({});
  r.billing_mode = "PAY_PER_REQUEST";
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid + "List of GlobalSecondaryIndexUpdates is empty");
}

TEST_CASE("UpdateTable BillingMode must be PROVISIONED or PAY_PER_REQUEST") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.billing_mode = "ON_DEMAND";
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        "1 validation error detected: Value 'ON_DEMAND' at 'billingMode' failed to satisfy "
        "constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
}

TEST_CASE("A new table throughput is applied") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.provisioned_throughput = Units(10, 20);
  auto result = ValidateUpdateTable(ProvisionedWithIndexes(), r);
  REQUIRE(result.ok());
  CHECK(result->provisioned_throughput.read_capacity_units == 10);
  CHECK(result->provisioned_throughput.write_capacity_units == 20);
}

TEST_CASE("Unchanged table throughput is rejected") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.provisioned_throughput = Units(5, 5);
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        "The provisioned throughput for the table will not change. The requested value equals "
        "the current value. Current ReadCapacityUnits provisioned for the table: 5. Requested "
        "ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned for the table: 5. "
        "Requested WriteCapacityUnits: 5. Refer to the Amazon DynamoDB Developer Guide for "
        "current limits and how to request higher limits.");
}

TEST_CASE("UpdateTable capacity units must be at least 1") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.provisioned_throughput = Units(0, 5);
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' "
        "failed to satisfy constraint: Member must have value greater than or equal to 1");
}

TEST_CASE("ProvisionedThroughput on an on-demand table is rejected") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.provisioned_throughput = Units(5, 5);
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(), r)) ==
        kInvalid +
            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode "
            "is PAY_PER_REQUEST");
}

TEST_CASE("Switching to PAY_PER_REQUEST zeroes table and GSI throughput") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.billing_mode = "PAY_PER_REQUEST";
  auto result = ValidateUpdateTable(ProvisionedWithIndexes(), r);
  REQUIRE(result.ok());
  CHECK(result->billing_mode == "PAY_PER_REQUEST");
  CHECK(result->provisioned_throughput.read_capacity_units == 0);
  CHECK_FALSE(result->global_secondary_indexes[0].provisioned_throughput);
}

TEST_CASE("Switching to PROVISIONED requires ProvisionedThroughput") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.billing_mode = "PROVISIONED";
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(), r)) ==
        kInvalid + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
}

TEST_CASE("Switching to PROVISIONED requires throughput for every GSI") {
  UpdateTableRequest r;
  r.table_name = "Tbl";
  r.billing_mode = "PROVISIONED";
  r.provisioned_throughput = Units(50, 50);
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(), r)) ==
        kInvalid + "ProvisionedThroughput must be specified for index: existingGsi");
  r.global_secondary_index_updates = std::vector{Update("existingGsi", Units(7, 8))};
  auto result = ValidateUpdateTable(OnDemandWithGsi(), r);
  REQUIRE(result.ok());
  CHECK(result->billing_mode == "PROVISIONED");
  CHECK(result->provisioned_throughput.read_capacity_units == 50);
  REQUIRE(result->global_secondary_indexes[0].provisioned_throughput);
  CHECK(result->global_secondary_indexes[0].provisioned_throughput->write_capacity_units == 8);
}

TEST_CASE("A GSI Update changes the index's throughput") {
  auto result =
      ValidateUpdateTable(ProvisionedWithIndexes(), Request({Update("existingGsi", Units(9, 3))}));
  REQUIRE(result.ok());
  CHECK(result->global_secondary_indexes[0].provisioned_throughput->read_capacity_units == 9);
}

TEST_CASE("A GSI Update needs ProvisionedThroughput") {
  GlobalSecondaryIndexUpdate u = Update("existingGsi", Units(1, 1));
  u.update->provisioned_throughput.reset();
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), Request({u}))) ==
        "1 validation error detected: Value null at "
        "'globalSecondaryIndexUpdates.1.member.update.provisionedThroughput' failed to satisfy "
        "constraint: Member must not be null");
}

TEST_CASE("A GSI Update on an on-demand table is rejected") {
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(),
                                      Request({Update("existingGsi", Units(1, 1))}))) ==
        kInvalid +
            "The only Updates for index: existingGsi when TableThroughputMode is PAY_PER_REQUEST "
            "can be to OnDemandThroughput, WarmThroughput");
}

TEST_CASE("Unchanged GSI throughput is rejected") {
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(),
                                      Request({Update("existingGsi", Units(5, 5))}))) ==
        "The provisioned throughput for the index existingGsi will not change. The requested "
        "value equals the current value. Current ReadCapacityUnits provisioned for the index: 5. "
        "Requested ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned for the index: 5. "
        "Requested WriteCapacityUnits: 5. Refer to the Amazon DynamoDB Developer Guide for "
        "current limits and how to request higher limits.");
}

TEST_CASE("Updating an LSI is rejected: it is not a GSI") {
  CHECK(MessageOf(
            ValidateUpdateTable(ProvisionedWithIndexes(), Request({Update("lsi", Units(1, 1))}))) ==
        "Cannot update an index that is not a GlobalSecondaryIndex: lsi");
}

TEST_CASE("Deleting a GSI removes it") {
  auto result = ValidateUpdateTable(ProvisionedWithIndexes(), Request({Delete("existingGsi")}));
  REQUIRE(result.ok());
  CHECK(result->global_secondary_indexes.empty());
  CHECK(result->local_secondary_indexes.size() == 1);
}

TEST_CASE("Deleting an unknown index is ResourceNotFoundException") {
  auto result = ValidateUpdateTable(ProvisionedWithIndexes(), Request({Delete("doesNotExist")}));
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().type == ErrorType::kResourceNotFoundException);
  CHECK(result.error().message ==
        "Requested resource not found: Table: Tbl index: doesNotExist not found");
}

TEST_CASE("Deleting an LSI is rejected: it is not a GSI") {
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), Request({Delete("lsi")}))) ==
        "Cannot delete an index that is not a GlobalSecondaryIndex: lsi");
}

TEST_CASE("A GSI Create adds the index with storage id 0 and its attribute definition") {
  SecondaryIndexSpec spec = Index("gsi1", {Hash("g"), Range("sk")});
  spec.provisioned_throughput = Units(2, 2);
  UpdateTableRequest r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("g", "N"), Def("sk"), Def("unused")};
  TableSchema current = ProvisionedWithIndexes();
  current.global_secondary_indexes[0].storage_id = 42;
  auto result = ValidateUpdateTable(current, r);
  REQUIRE(result.ok());
  REQUIRE(result->global_secondary_indexes.size() == 2);
  CHECK(result->global_secondary_indexes[0].storage_id == 42);
  const IndexSchema& g = result->global_secondary_indexes[1];
  CHECK(g.name == "gsi1");
  CHECK(g.storage_id == 0);
  CHECK(g.hash_keys.at(0).type == AttrType::kN);
  CHECK(g.range_keys.at(0).name == "sk");
  // DynamoDB keeps only definitions some key uses.
  CHECK(result->attribute_definitions.size() == 5);
  CHECK(result->attribute_definitions.back().attribute_name == "g");
}

TEST_CASE("A GSI Create with a taken index name is rejected") {
  SecondaryIndexSpec spec = Index("existingGsi", {Hash("gsiPk")});
  spec.provisioned_throughput = Units(1, 1);
  UpdateTableRequest r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("gsiPk")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        "Attempting to create an index which already exists");
  spec.index_name = "lsi";
  r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("gsiPk")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        "Attempting to create an index which already exists");
}

TEST_CASE("A GSI Create needs AttributeDefinitions in the request") {
  SecondaryIndexSpec spec = Index("gsi3", {Hash("pk")});
  spec.provisioned_throughput = Units(1, 1);
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), Request({Create(spec)}))) ==
        kInvalid + "AttributeDefinitions is not specified for index: gsi3");
}

TEST_CASE("A GSI Create's key attributes must be in the request's AttributeDefinitions") {
  SecondaryIndexSpec spec = Index("gsi3", {Hash("unknownAttr")});
  spec.provisioned_throughput = Units(1, 1);
  UpdateTableRequest r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("pk")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid +
            "Some index key attributes are not defined in AttributeDefinitions. Keys: "
            "[unknownAttr], AttributeDefinitions: [pk]");
}

TEST_CASE("A GSI Create may not redefine an attribute's type") {
  SecondaryIndexSpec spec = Index("index2", {Hash("gsiPk")});
  spec.provisioned_throughput = Units(1, 1);
  UpdateTableRequest r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("gsiPk", "N")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid +
            "Attributes cannot be redefined. Please check that your attribute has the same type "
            "as previously defined. Existing schema: Schema:[SchemaElement: key{gsiPk:S:HASH}] "
            "New schema: Schema:[SchemaElement: key{gsiPk:N:HASH}]");
}

TEST_CASE("A GSI Create on a provisioned table needs throughput") {
  UpdateTableRequest r = Request({Create(Index("gsi-nopt", {Hash("sk")}))});
  r.attribute_definitions = std::vector{Def("sk")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid +
            "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: "
            "gsi-nopt");
}

TEST_CASE("A GSI Create on an on-demand table may not have throughput") {
  SecondaryIndexSpec spec = Index("gsi2", {Hash("sk")});
  spec.provisioned_throughput = Units(1, 1);
  UpdateTableRequest r = Request({Create(spec)});
  r.attribute_definitions = std::vector{Def("sk")};
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(), r)) ==
        kInvalid +
            "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: gsi2 "
            "when BillingMode is PAY_PER_REQUEST");
}

TEST_CASE("A GSI Create follows the projection rules") {
  UpdateTableRequest r =
      Request({Create(Index("gsi2", {Hash("sk")}, Projection{"INCLUDE", std::nullopt}))});
  r.attribute_definitions = std::vector{Def("sk")};
  CHECK(MessageOf(ValidateUpdateTable(OnDemandWithGsi(), r)) ==
        kInvalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
}

TEST_CASE("A GSI Create beyond 20 GSIs is LimitExceededException") {
  CreateTableRequest c = SimpleTable("Tbl");
  c.billing_mode = "PAY_PER_REQUEST";
  c.provisioned_throughput.reset();
  std::vector<SecondaryIndexSpec> gsis;
  for (int i = 0; i < 20; ++i) gsis.push_back(Index("gsi" + std::to_string(i), {Hash("pk")}));
  c.global_secondary_indexes = gsis;
  UpdateTableRequest r = Request({Create(Index("gsi20", {Hash("pk")}))});
  r.attribute_definitions = std::vector{Def("pk")};
  auto result = ValidateUpdateTable(MustCreate(c), r);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().type == ErrorType::kLimitExceededException);
}

TEST_CASE("Only one GSI create or delete per UpdateTable") {
  SecondaryIndexSpec a = Index("ind1", {Hash("sk")});
  SecondaryIndexSpec b = Index("ind2", {Hash("sk")});
  const std::string message =
      "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
      "per table";
  for (const auto& updates :
       {std::vector{Create(a), Create(b)}, std::vector{Create(a), Delete("existingGsi")},
        std::vector{Delete("x1x"), Delete("x2x")}}) {
    UpdateTableRequest r = Request(updates);
    r.attribute_definitions = std::vector{Def("sk")};
    auto result = ValidateUpdateTable(OnDemandWithGsi(), r);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().type == ErrorType::kLimitExceededException);
    CHECK(result.error().message == message);
  }
}

TEST_CASE("A GSI Create and a GSI Update may share an UpdateTable") {
  SecondaryIndexSpec spec = Index("gsi2", {Hash("sk")});
  spec.provisioned_throughput = Units(1, 1);
  UpdateTableRequest r = Request({Create(spec), Update("existingGsi", Units(6, 6))});
  r.attribute_definitions = std::vector{Def("sk")};
  auto result = ValidateUpdateTable(ProvisionedWithIndexes(), r);
  REQUIRE(result.ok());
  CHECK(result->global_secondary_indexes.size() == 2);
}

TEST_CASE("Only one action per index per UpdateTable") {
  UpdateTableRequest r =
      Request({Delete("existingGsi"), Create(Index("existingGsi", {Hash("gsiPk")}))});
  r.attribute_definitions = std::vector{Def("gsiPk")};
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid +
            "Only one global secondary index update per index is allowed simultaneously. Index: "
            "existingGsi");
}

TEST_CASE("Each GlobalSecondaryIndexUpdate carries exactly one action") {
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(),
                                      Request({GlobalSecondaryIndexUpdate{}}))) ==
        kInvalid +
            "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
            "GlobalSecondaryIndexUpdate.Delete must not be null");
  GlobalSecondaryIndexUpdate both = Update("existingGsi", Units(1, 2));
  both.delete_index_name = "existingGsi";
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), Request({both}))) ==
        kInvalid +
            "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate "
            "object");
}

TEST_CASE("A GSI create or delete cannot share an UpdateTable with a table throughput change") {
  UpdateTableRequest r = Request({Delete("existingGsi")});
  r.provisioned_throughput = Units(10, 10);
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), r)) ==
        kInvalid + "You cannot create or delete index while updating table IOPS");
}

TEST_CASE("GSI action index names follow the name rule") {
  CHECK(MessageOf(ValidateUpdateTable(ProvisionedWithIndexes(), Request({Delete("x;")}))) ==
        "2 validation errors detected: Value 'x;' at "
        "'globalSecondaryIndexUpdates.1.member.delete.indexName' failed to satisfy constraint: "
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'x;' at "
        "'globalSecondaryIndexUpdates.1.member.delete.indexName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3");
}

// DynamoDB keeps AttributeDefinitions equal to the attributes the table's and its indexes' key
// schemas use: deleting a GSI drops its own key attributes (the table's and the LSI's stay), so a
// new index may define the same attribute with another type.
TEST_CASE("Deleting a GSI drops its key attributes from AttributeDefinitions") {
  Result<TableSchema> next =
      ValidateUpdateTable(ProvisionedWithIndexes(), Request({Delete("existingGsi")}));
  REQUIRE(next.ok());
  std::vector<std::string> names;
  for (const AttributeDefinition& d : next->attribute_definitions)
    names.push_back(d.attribute_name);
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"lsk", "pk", "sk"});

  UpdateTableRequest again = Request({Create(Index("existingGsi", {Hash("gsiPk")}))});
  again.attribute_definitions = std::vector{Def("gsiPk", "N")};
  SecondaryIndexSpec& spec = *(*again.global_secondary_index_updates)[0].create;
  spec.provisioned_throughput = Units(5, 5);
  Result<TableSchema> recreated = ValidateUpdateTable(*next, again);
  REQUIRE(recreated.ok());
  CHECK(catalog::FindDefinition(recreated->attribute_definitions, "gsiPk")->attribute_type == "N");
}
