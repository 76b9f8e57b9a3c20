// IndexSchema::Projects and TableSchema::FindIndex.
#include <catch2/catch.hpp>

#include "catalog_test_util.h"

using namespace ddblab;
using namespace ddblab::testing;

namespace {

TableSchema WithIndexes() {
  CreateTableRequest r = CompositeTable();
  r.billing_mode = "PAY_PER_REQUEST";
  r.provisioned_throughput.reset();
  r.attribute_definitions.push_back(Def("g"));
  r.attribute_definitions.push_back(Def("l"));
  r.global_secondary_indexes = std::vector{
      Index("keysOnly", {Hash("g")}, Projection{"KEYS_ONLY", std::nullopt}),
      Index("include", {Hash("g")}, Projection{"INCLUDE", std::vector<std::string>{"x"}}),
      Index("all", {Hash("g")})};
  r.local_secondary_indexes = std::vector{Index("local", {Hash("pk"), Range("l")})};
  return MustCreate(r);
}

}  // namespace

TEST_CASE("FindIndex finds GSIs and LSIs by name and nothing else") {
  TableSchema t = WithIndexes();
  REQUIRE(t.FindIndex("include"));
  CHECK(t.FindIndex("include")->global);
  REQUIRE(t.FindIndex("local"));
  CHECK_FALSE(t.FindIndex("local")->global);
  CHECK(t.FindIndex("missing") == nullptr);
}

TEST_CASE("KEYS_ONLY projects the index keys and the table keys only") {
  TableSchema t = WithIndexes();
  const IndexSchema& i = *t.FindIndex("keysOnly");
  CHECK(i.Projects("g", t));
  CHECK(i.Projects("pk", t));
  CHECK(i.Projects("sk", t));
  CHECK_FALSE(i.Projects("x", t));
}

TEST_CASE("INCLUDE projects the keys and the NonKeyAttributes") {
  TableSchema t = WithIndexes();
  const IndexSchema& i = *t.FindIndex("include");
  CHECK(i.Projects("x", t));
  CHECK(i.Projects("sk", t));
  CHECK_FALSE(i.Projects("y", t));
}

TEST_CASE("ALL projects every attribute") {
  TableSchema t = WithIndexes();
  CHECK(t.FindIndex("all")->Projects("anything", t));
  CHECK(t.FindIndex("local")->Projects("anything", t));
}
