// SELECT from a GSI with multi-attribute keys (DynamoDB: GSI.DesignPattern.MultiAttributeKeys):
// a Query when every partition-key attribute has an equality and the sort-key conditions go
// left to right; otherwise a Scan whose reason names the attribute that stopped the Query.
#include <catch2/catch.hpp>
#include <string>

#include "partiql_test_util.h"

using namespace partiql_test;

namespace {

// "Matches": ByTournament is HASH tournamentId, regionCode; RANGE round (N), bracket (S).
TableSchema MatchesSchema() {
  TableSchema t;
  t.name = "Matches";
  t.hash = KeyDef{"matchId", AttrType::kS};
  IndexSchema g;
  g.name = "ByTournament";
  g.global = true;
  g.hash_keys = {KeyDef{"tournamentId", AttrType::kS}, KeyDef{"regionCode", AttrType::kS}};
  g.range_keys = {KeyDef{"round", AttrType::kN}, KeyDef{"bracket", AttrType::kS}};
  t.global_secondary_indexes.push_back(g);
  return t;
}

const TableSchema kMatches = MatchesSchema();

}  // namespace

TEST_CASE("Equalities on every partition-key attribute of a multi-attribute GSI run a Query") {
  auto p = PlanOk(
      "SELECT * FROM \"Matches\".\"ByTournament\" WHERE regionCode = 'EU' AND tournamentId = 'W' "
      "AND \"round\" = 2 AND bracket > 'A' AND score > 3",
      kMatches);
  const auto& r = As<QueryRequest>(p);
  CHECK(r.index_name == "ByTournament");
  // KeySchema order, whatever order the WHERE names them in.
  CHECK(p.plan.key_condition ==
        "tournamentId = 'W' AND regionCode = 'EU' AND round = 2 AND bracket > 'A'");
  CHECK(p.plan.filter == "score > 3");
  CHECK(p.plan.operation == "Query");
  CHECK(p.plan.reason ==
        "equality on every partition-key attribute (tournamentId, regionCode) and conditions on "
        "the sort-key attributes round, bracket -> Query");
}

TEST_CASE("A multi-attribute GSI without an equality on each partition-key attribute is scanned") {
  auto p = PlanOk("SELECT * FROM \"Matches\".\"ByTournament\" WHERE tournamentId = 'W'", kMatches);
  CHECK(p.plan.operation == "Scan");
  CHECK(p.plan.full_scan);
  CHECK(p.plan.reason ==
        "no equality condition on the partition-key attribute regionCode of index ByTournament (a "
        "Query needs one on every partition-key attribute) -> full Scan");
}

TEST_CASE("Sort-key attributes of a multi-attribute GSI go left to right, a range only last") {
  auto skipped = PlanOk(
      "SELECT * FROM \"Matches\".\"ByTournament\" WHERE tournamentId = 'W' AND regionCode = 'EU' "
      "AND bracket = 'UPPER'",
      kMatches);
  CHECK(skipped.plan.operation == "Scan");
  CHECK(skipped.plan.reason ==
        "the sort-key attribute bracket follows round, which has no equality condition; a Query "
        "names sort-key attributes left to right -> full Scan");
  auto after_range = PlanOk(
      "SELECT * FROM \"Matches\".\"ByTournament\" WHERE tournamentId = 'W' AND regionCode = 'EU' "
      "AND \"round\" > 1 AND bracket = 'UPPER'",
      kMatches);
  CHECK(after_range.plan.operation == "Scan");
  CHECK(after_range.plan.reason ==
        "the sort-key attribute bracket follows round, which has a range condition; a Query names "
        "sort-key attributes left to right -> full Scan");
}
