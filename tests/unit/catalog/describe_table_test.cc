// DescribeSchema: the TableDescription DescribeTable shows for a validated schema.
#include <catch2/catch.hpp>

#include "catalog/partition_model.h"
#include "catalog_test_util.h"

using namespace ddblab;
using namespace ddblab::testing;

namespace {

TableSchema Described() {
  CreateTableRequest r = CompositeTable("Music");
  r.attribute_definitions = {Def("z"), Def("sk"), Def("pk"), Def("a", "N")};
  SecondaryIndexSpec gsi = Index("byZ", {Hash("z"), Range("a")},
                                 Projection{"INCLUDE", std::vector<std::string>{"zz", "aa", "mm"}});
  gsi.provisioned_throughput = Units(3, 4);
  r.global_secondary_indexes = std::vector{gsi};
  r.local_secondary_indexes = std::vector{Index("byA", {Hash("pk"), Range("a")})};
  TableSchema t = MustCreate(r);
  t.creation_date_time = 1700000000.5;
  return t;
}

}  // namespace

TEST_CASE("TableArn is arn:aws:dynamodb:<region>:<account>:table/<name>") {
  TableDescription d = DescribeSchema(Described(), "us-east-1", "123456789012");
  CHECK(d.table_arn == "arn:aws:dynamodb:us-east-1:123456789012:table/Music");
  CHECK(d.global_secondary_indexes[0].index_arn ==
        "arn:aws:dynamodb:us-east-1:123456789012:table/Music/index/byZ");
  CHECK(d.local_secondary_indexes[0].index_arn ==
        "arn:aws:dynamodb:us-east-1:123456789012:table/Music/index/byA");
}

TEST_CASE("DescribeTable lists the partition key before the sort key") {
  TableDescription d = DescribeSchema(Described(), "us-east-1", "123456789012");
  REQUIRE(d.key_schema.size() == 2);
  CHECK(d.key_schema[0].attribute_name == "pk");
  CHECK(d.key_schema[0].key_type == "HASH");
  CHECK(d.key_schema[1].attribute_name == "sk");
  CHECK(d.key_schema[1].key_type == "RANGE");
}

TEST_CASE("DescribeTable returns AttributeDefinitions and NonKeyAttributes sorted by name") {
  TableDescription d = DescribeSchema(Described(), "us-east-1", "123456789012");
  std::vector<std::string> names;
  for (const auto& a : d.attribute_definitions) names.push_back(a.attribute_name);
  CHECK(names == std::vector<std::string>{"a", "pk", "sk", "z"});
  REQUIRE(d.global_secondary_indexes.size() == 1);
  CHECK(d.global_secondary_indexes[0].projection.non_key_attributes ==
        std::vector<std::string>{"aa", "mm", "zz"});
}

TEST_CASE("DescribeTable shows index key schemas, projections and GSI throughput") {
  TableDescription d = DescribeSchema(Described(), "us-east-1", "123456789012");
  const IndexDescription& g = d.global_secondary_indexes[0];
  CHECK(g.index_name == "byZ");
  CHECK(g.key_schema[0].attribute_name == "z");
  CHECK(g.key_schema[1].key_type == "RANGE");
  CHECK(g.projection.projection_type == "INCLUDE");
  REQUIRE(g.provisioned_throughput);
  CHECK(g.provisioned_throughput->read_capacity_units == 3);
  REQUIRE(d.local_secondary_indexes.size() == 1);
  const IndexDescription& l = d.local_secondary_indexes[0];
  CHECK(l.projection.projection_type == "ALL");
  CHECK_FALSE(l.projection.non_key_attributes);
  CHECK_FALSE(l.provisioned_throughput);
  // DynamoDB: a GSI has an IndexStatus (ACTIVE: ddblab builds an index at once), an LSI none.
  CHECK(g.index_status == std::optional<std::string>("ACTIVE"));
  CHECK_FALSE(l.index_status);
}

TEST_CASE("An on-demand table shows zero provisioned throughput, its GSIs too") {
  CreateTableRequest r = SimpleTable("OnDemand");
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  r.attribute_definitions.push_back(Def("g"));
  r.global_secondary_indexes = std::vector{Index("byG", {Hash("g")})};
  const TableSchema s = MustCreate(r);
  TableDescription d = DescribeSchema(s, "eu-west-2", "000000000000");
  CHECK(BillingModeOf(d) == "PAY_PER_REQUEST");
  CHECK(d.provisioned_throughput.read_capacity_units == 0);
  CHECK(d.provisioned_throughput.write_capacity_units == 0);
  REQUIRE(d.global_secondary_indexes[0].provisioned_throughput);
  CHECK(d.global_secondary_indexes[0].provisioned_throughput->read_capacity_units == 0);
  // A new on-demand table is simulated with 4 partitions (README, the partition model).
  CHECK(DerivedPartitionCount(s, 0, nullptr) == 4);
}

TEST_CASE("TableId is a stable UUID derived from name and creation time") {
  TableDescription a = DescribeSchema(Described(), "us-east-1", "123456789012");
  TableDescription b = DescribeSchema(Described(), "eu-west-1", "999999999999");
  CHECK(a.table_id == b.table_id);
  REQUIRE(a.table_id.size() == 36);
  for (size_t i : {8u, 13u, 18u, 23u}) CHECK(a.table_id[i] == '-');
  CHECK(a.table_id[14] == '4');
  TableSchema later = Described();
  later.creation_date_time += 1;
  CHECK(DescribeSchema(later, "us-east-1", "123456789012").table_id != a.table_id);
  CHECK(a.creation_date_time == 1700000000.5);
  CHECK(a.table_status == "ACTIVE");
}
