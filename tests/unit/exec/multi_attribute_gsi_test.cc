// Multi-attribute GSI keys. DynamoDB: Developer Guide, "Multi-attribute keys pattern"
// (GSI.DesignPattern.MultiAttributeKeys) and API Reference CreateTable / UpdateTable / Query.
#include <unistd.h>

#include <filesystem>
#include <set>

#include "fixture.h"
#include "storage/storage.h"
#include "value/key_tuple.h"

using namespace ddbtest;

namespace {

SecondaryIndexSpec Gsi(const std::string& name, std::vector<KeySchemaElement> keys,
                       const std::string& projection = "ALL") {
  SecondaryIndexSpec g;
  g.index_name = name;
  g.key_schema = std::move(keys);
  g.projection.projection_type = projection;
  return g;
}

// Matches(matchId) with ByTournament: HASH tournamentId, regionCode; RANGE round (N), bracket (S);
// and ByPlayer (KEYS_ONLY): HASH player; RANGE season (N), day (S).
CreateTableRequest MatchesRequest() {
  CreateTableRequest r;
  r.table_name = "Matches";
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"matchId", "S"}, {"tournamentId", "S"}, {"regionCode", "S"},
                             {"round", "N"},   {"bracket", "S"},      {"player", "S"},
                             {"season", "N"},  {"day", "S"}};
  r.key_schema = {{"matchId", "HASH"}};
  r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{
      Gsi("ByTournament", {{"tournamentId", "HASH"},
                           {"regionCode", "HASH"},
                           {"round", "RANGE"},
                           {"bracket", "RANGE"}}),
      Gsi("ByPlayer", {{"player", "HASH"}, {"season", "RANGE"}, {"day", "RANGE"}}, "KEYS_ONLY")};
  return r;
}

void CreateMatches(Engine& e) { Must(e.CreateTable(MatchesRequest())); }

Item Match(const std::string& id, const std::string& tournament, const std::string& region,
           const std::string& round, const std::string& bracket) {
  return {{"matchId", S(id)},
          {"tournamentId", S(tournament)},
          {"regionCode", S(region)},
          {"round", N(round)},
          {"bracket", S(bracket)}};
}

QueryRequest TournamentQuery(const std::string& key_condition, ExpressionAttributeValues values) {
  QueryRequest q;
  q.table_name = "Matches";
  q.index_name = "ByTournament";
  q.key_condition_expression = key_condition;
  values.emplace(":t", S("WINTER"));
  values.emplace(":r", S("EU"));
  q.expression_attribute_values = std::move(values);
  return q;
}

std::vector<std::string> Ids(const QueryResponse& r) {
  std::vector<std::string> out;
  for (const auto& item : r.items) out.push_back(item.at("matchId").str());
  return out;
}

std::string CreateError(std::vector<KeySchemaElement> gsi_keys) {
  CreateTableRequest r = MatchesRequest();
  r.global_secondary_indexes = std::vector<SecondaryIndexSpec>{Gsi("Idx", std::move(gsi_keys))};
  std::set<std::string> used = {"matchId"};
  for (const auto& k : r.global_secondary_indexes->at(0).key_schema) used.insert(k.attribute_name);
  r.attribute_definitions.clear();
  for (const std::string& n : used) {
    r.attribute_definitions.push_back({n, n == "round" || n == "season" ? "N" : "S"});
  }
  auto e = OpenMemory();
  return Fails(e->CreateTable(r)).message;
}

}  // namespace

TEST_CASE("CreateTable: a GSI KeySchema is 1-4 HASH then 0-4 RANGE attributes, each defined") {
  // DynamoDB: GSI.DesignPattern.MultiAttributeKeys, "up to four attributes each"; messages as
  // the service gives them.
  auto e = OpenMemory();
  CreateMatches(*e);
  auto desc = Must(e->DescribeTable(DescribeTableRequest{"Matches"}));
  REQUIRE(desc.table.global_secondary_indexes.size() == 2);
  const auto& ks = desc.table.global_secondary_indexes[0].key_schema;
  REQUIRE(ks.size() == 4);
  CHECK((ks[0].attribute_name == "tournamentId" && ks[0].key_type == "HASH"));
  CHECK((ks[1].attribute_name == "regionCode" && ks[1].key_type == "HASH"));
  CHECK((ks[2].attribute_name == "round" && ks[2].key_type == "RANGE"));
  CHECK((ks[3].attribute_name == "bracket" && ks[3].key_type == "RANGE"));

  CHECK(CreateError({{"a", "HASH"}, {"b", "HASH"}, {"c", "HASH"}, {"d", "HASH"}, {"f", "HASH"}}) ==
        "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed "
        "number of HASH key attributes");
  CHECK(CreateError({{"a", "HASH"},
                     {"b", "RANGE"},
                     {"c", "RANGE"},
                     {"d", "RANGE"},
                     {"f", "RANGE"},
                     {"g", "RANGE"}}) ==
        "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed "
        "number of RANGE key attributes");
  CHECK(CreateError({{"a", "HASH"}, {"b", "RANGE"}, {"c", "HASH"}}) ==
        "One or more parameter values were invalid: All HASH key attributes must precede RANGE "
        "key attributes in the KeySchema");
  CHECK(CreateError({{"b", "RANGE"}, {"a", "HASH"}, {"c", "HASH"}}) ==
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  CHECK(CreateError({{"a", "HASH"}, {"b", "HASH"}, {"a", "RANGE"}}) ==
        "The KeySchema contains multiple key attributes with the same name");
  CHECK(CreateError({{"a", "HASH"}, {"a", "HASH"}}) ==
        "The KeySchema contains multiple key attributes with the same name");
  // A partition key of two attributes and no sort key is a valid GSI.
  CreateTableRequest two_hash = MatchesRequest();
  two_hash.table_name = "TwoHash";
  two_hash.attribute_definitions = {{"matchId", "S"}, {"a", "S"}, {"b", "N"}};
  two_hash.global_secondary_indexes =
      std::vector<SecondaryIndexSpec>{Gsi("Idx", {{"a", "HASH"}, {"b", "HASH"}})};
  Must(e->CreateTable(two_hash));
  // Four and four is the most.
  CreateTableRequest eight = MatchesRequest();
  eight.table_name = "Eight";
  eight.attribute_definitions = {{"matchId", "S"}};
  std::vector<KeySchemaElement> keys;
  for (const char* n : {"h1", "h2", "h3", "h4"}) keys.push_back({n, "HASH"});
  for (const char* n : {"r1", "r2", "r3", "r4"}) keys.push_back({n, "RANGE"});
  for (const auto& k : keys) eight.attribute_definitions.push_back({k.attribute_name, "S"});
  eight.global_secondary_indexes = std::vector<SecondaryIndexSpec>{Gsi("Idx", keys)};
  Must(e->CreateTable(eight));
  // Every key attribute must be defined.
  CreateTableRequest undefined = MatchesRequest();
  undefined.attribute_definitions.pop_back();
  CHECK(Fails(e->CreateTable(undefined)).message ==
        "One or more parameter values were invalid: Some index key attributes are not defined in "
        "AttributeDefinitions. Keys: [day], AttributeDefinitions: [matchId, tournamentId, "
        "regionCode, "
        "round, bracket, player, season]");
}

TEST_CASE("CreateTable: the table's and an LSI's KeySchema keep at most two elements") {
  auto e = OpenMemory();
  CreateTableRequest r;
  r.table_name = "Tbl";
  r.billing_mode = "PAY_PER_REQUEST";
  r.attribute_definitions = {{"a", "S"}, {"b", "S"}, {"c", "S"}};
  r.key_schema = {{"a", "HASH"}, {"b", "HASH"}, {"c", "RANGE"}};
  CHECK(Fails(e->CreateTable(r)).message ==
        "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), "
        "KeySchemaElement(attributeName=b, keyType=HASH), KeySchemaElement(attributeName=c, "
        "keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length "
        "less than or equal to 2");
  r.key_schema = {{"a", "HASH"}, {"b", "RANGE"}};
  r.attribute_definitions = {{"a", "S"}, {"b", "S"}, {"c", "S"}, {"d", "S"}};
  SecondaryIndexSpec lsi = Gsi("Lsi", {{"a", "HASH"}, {"c", "RANGE"}, {"d", "RANGE"}});
  r.local_secondary_indexes = std::vector<SecondaryIndexSpec>{lsi};
  CHECK(Fails(e->CreateTable(r)).message ==
        "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), "
        "KeySchemaElement(attributeName=c, keyType=RANGE), KeySchemaElement(attributeName=d, "
        "keyType=RANGE)]' at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy "
        "constraint: Member must have length less than or equal to 2");
}

TEST_CASE("UpdateTable creates a multi-attribute GSI, backfilled, with the same key rules") {
  auto e = OpenMemory();
  CreateTableRequest c;
  c.table_name = "Matches";
  c.billing_mode = "PAY_PER_REQUEST";
  c.attribute_definitions = {{"matchId", "S"}};
  c.key_schema = {{"matchId", "HASH"}};
  Must(e->CreateTable(c));
  Put(*e, Match("m1", "WINTER", "EU", "1", "UPPER"), "Matches");
  Put(*e, {{"matchId", S("m2")}, {"tournamentId", S("WINTER")}}, "Matches");
  UpdateTableRequest u;
  u.table_name = "Matches";
  u.attribute_definitions = std::vector<AttributeDefinition>{
      {"tournamentId", "S"}, {"regionCode", "S"}, {"round", "N"}, {"bracket", "S"}};
  GlobalSecondaryIndexUpdate gu;
  gu.create = Gsi(
      "ByTournament",
      {{"tournamentId", "HASH"}, {"round", "RANGE"}, {"regionCode", "HASH"}, {"bracket", "RANGE"}});
  u.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{gu};
  CHECK(Fails(e->UpdateTable(u)).message ==
        "One or more parameter values were invalid: All HASH key attributes must precede RANGE "
        "key attributes in the KeySchema");
  gu.create = Gsi(
      "ByTournament",
      {{"tournamentId", "HASH"}, {"regionCode", "HASH"}, {"round", "RANGE"}, {"bracket", "RANGE"}});
  u.global_secondary_index_updates = std::vector<GlobalSecondaryIndexUpdate>{gu};
  Must(e->UpdateTable(u));
  auto r = Must(e->Query(TournamentQuery("tournamentId = :t AND regionCode = :r", {})));
  CHECK(Ids(r) == std::vector<std::string>{"m1"});
}

TEST_CASE("KEYS_ONLY on a multi-attribute GSI holds every index key and the table key") {
  auto e = OpenMemory();
  CreateMatches(*e);
  Put(*e,
      {{"matchId", S("m1")},
       {"player", S("ada")},
       {"season", N("2026")},
       {"day", S("03-01")},
       {"score", N("7")}},
      "Matches");
  QueryRequest q;
  q.table_name = "Matches";
  q.index_name = "ByPlayer";
  q.key_condition_expression = "player = :p";
  q.expression_attribute_values = ExpressionAttributeValues{{":p", S("ada")}};
  auto r = Must(e->Query(q));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].size() == 4);
  CHECK(r.items[0].count("season") == 1);
  CHECK(r.items[0].count("day") == 1);
  CHECK(r.items[0].count("score") == 0);
}

TEST_CASE("An item is in a multi-attribute GSI only when it has every key attribute") {
  // DynamoDB: GSI.DesignPattern.MultiAttributeKeys, sparse indexes.
  auto e = OpenMemory();
  CreateMatches(*e);
  Put(*e, Match("m1", "WINTER", "EU", "1", "UPPER"), "Matches");
  Item no_region = Match("m2", "WINTER", "EU", "1", "UPPER");
  no_region.erase("regionCode");
  Put(*e, no_region, "Matches");
  Item no_bracket = Match("m3", "WINTER", "EU", "2", "UPPER");
  no_bracket.erase("bracket");
  Put(*e, no_bracket, "Matches");
  ScanRequest s;
  s.table_name = "Matches";
  s.index_name = "ByTournament";
  CHECK(Must(e->Scan(s)).count == 1);
  // Adding the missing attribute later brings the item into the index.
  UpdateItemRequest u;
  u.table_name = "Matches";
  u.key = {{"matchId", S("m3")}};
  u.update_expression = "SET bracket = :b";
  u.expression_attribute_values = ExpressionAttributeValues{{":b", S("LOWER")}};
  auto ur = Must(e->UpdateItem(u));
  CHECK(ur.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 1.0);
  CHECK(Must(e->Scan(s)).count == 2);
}

TEST_CASE("A wrong type on any key attribute of a multi-attribute GSI is refused on every path") {
  auto e = OpenMemory();
  CreateMatches(*e);
  const std::string message =
      "One or more parameter values were invalid: Type mismatch for Index Key regionCode Expected: "
      "S "
      "Actual: N IndexName: ByTournament";
  Item bad = Match("m1", "WINTER", "EU", "1", "UPPER");
  bad["regionCode"] = N("5");
  PutItemRequest p;
  p.table_name = "Matches";
  p.item = bad;
  CHECK(Fails(e->PutItem(p)).message == message);
  // Wrong even when another key attribute is missing.
  bad.erase("bracket");
  p.item = bad;
  CHECK(Fails(e->PutItem(p)).message == message);

  Put(*e, Match("m1", "WINTER", "EU", "1", "UPPER"), "Matches");
  UpdateItemRequest u;
  u.table_name = "Matches";
  u.key = {{"matchId", S("m1")}};
  u.update_expression = "SET #r = :n";
  u.expression_attribute_names = ExpressionAttributeNames{{"#r", "regionCode"}};
  u.expression_attribute_values = ExpressionAttributeValues{{":n", N("5")}};
  CHECK(Fails(e->UpdateItem(u)).message == message);

  BatchWriteItemRequest b;
  WriteRequest w;
  w.put_request_item = p.item;
  b.request_items["Matches"] = {w};
  CHECK(Fails(e->BatchWriteItem(b)).message == message);

  TransactWriteItemsRequest t;
  TransactWriteItem ti;
  ti.action = "Put";
  ti.table_name = "Matches";
  ti.item = p.item;
  t.transact_items = {ti};
  // DynamoDB cancels the transaction, naming a ValidationError as the action's reason.
  CHECK(Fails(e->TransactWriteItems(t)).message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[ValidationError]");

  ExecuteStatementRequest x;
  x.statement = "UPDATE \"Matches\" SET round = 'three' WHERE matchId = 'm1'";
  CHECK(Fails(e->ExecuteStatement(x)).message ==
        "One or more parameter values were invalid: Type mismatch for Index Key round Expected: N "
        "Actual: S IndexName: ByTournament");
  x.statement =
      "INSERT INTO \"Matches\" VALUE {'matchId': 'm9', 'tournamentId': 'W', 'regionCode': 1, "
      "'round': 1, 'bracket': 'U'}";
  CHECK(Fails(e->ExecuteStatement(x)).message == message);
}

TEST_CASE("Multi-attribute GSI writes cost as single-attribute ones: 1 to enter, 2 to move") {
  auto e = OpenMemory();
  CreateMatches(*e);
  auto r = Put(*e, Match("m1", "WINTER", "EU", "1", "UPPER"), "Matches");
  CHECK(r.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 1.0);
  CHECK(r.consumed_capacity.global_secondary_indexes.count("ByPlayer") == 0);
  // A non-key attribute change rewrites the entry in place.
  Item with_score = Match("m1", "WINTER", "EU", "1", "UPPER");
  with_score["score"] = N("3");
  r = Put(*e, with_score, "Matches");
  CHECK(r.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 1.0);
  // Changing any one key attribute moves the entry: a delete and a put.
  UpdateItemRequest u;
  u.table_name = "Matches";
  u.key = {{"matchId", S("m1")}};
  u.update_expression = "SET round = :r";
  u.expression_attribute_values = ExpressionAttributeValues{{":r", N("2")}};
  auto ur = Must(e->UpdateItem(u));
  CHECK(ur.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 2.0);
  // Removing one key attribute takes the item out: one delete.
  u.update_expression = "REMOVE regionCode";
  u.expression_attribute_values.reset();
  ur = Must(e->UpdateItem(u));
  CHECK(ur.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 1.0);
}

TEST_CASE("Query on a multi-attribute GSI needs an equality on every partition-key attribute") {
  auto e = OpenMemory();
  CreateMatches(*e);
  // DynamoDB names the partition-key attribute without an equality, whether it is missing or
  // given a range condition.
  CHECK(Fails(e->Query(TournamentQuery("tournamentId = :t", {}))).message ==
        "HASH key attributes regionCode must have equality conditions specified in the query");
  auto q = TournamentQuery("tournamentId = :t AND regionCode > :r", {});
  CHECK(Fails(e->Query(q)).message ==
        "HASH key attributes regionCode must have equality conditions specified in the query");
  q = TournamentQuery("tournamentId = :t AND begins_with(regionCode, :r)", {});
  CHECK(Fails(e->Query(q)).message ==
        "HASH key attributes regionCode must have equality conditions specified in the query");
  q = TournamentQuery("tournamentId = :t AND regionCode BETWEEN :r AND :r", {});
  CHECK(Fails(e->Query(q)).message ==
        "HASH key attributes regionCode must have equality conditions specified in the query");
  q = TournamentQuery("tournamentId = :t AND regionCode = :r AND score = :s", {{":s", N("1")}});
  CHECK(Fails(e->Query(q)).message == "Query condition missed key schema element: round");
  q = TournamentQuery("tournamentId = :t AND regionCode = :r AND regionCode = :r", {});
  CHECK(Fails(e->Query(q)).message ==
        "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition "
        "per key");
  q = TournamentQuery("tournamentId = :t AND regionCode = :x", {{":x", N("1")}});
  CHECK(Fails(e->Query(q)).message ==
        "One or more parameter values were invalid: Condition parameter type does not match "
        "schema type");
}

TEST_CASE("Query on a multi-attribute GSI: sort-key conditions left to right, range only last") {
  auto e = OpenMemory();
  CreateMatches(*e);
  auto q = TournamentQuery("tournamentId = :t AND regionCode = :r AND bracket = :b",
                           {{":b", S("UPPER")}});
  CHECK(Fails(e->Query(q)).message ==
        "RANGE key attributes round must have equality conditions specified in the query because "
        "a condition is present on key attribute bracket");
  // A range condition on a sort-key attribute before a later one, or two range conditions, is
  // refused naming both attributes.
  q = TournamentQuery("tournamentId = :t AND regionCode = :r AND round > :n AND bracket = :b",
                      {{":n", N("1")}, {":b", S("UPPER")}});
  CHECK(Fails(e->Query(q)).message ==
        "RANGE key attributes round must have equality conditions specified in the query because "
        "a condition is present on key attribute bracket");
  q = TournamentQuery("tournamentId = :t AND regionCode = :r AND round > :n AND bracket > :b",
                      {{":n", N("1")}, {":b", S("UPPER")}});
  CHECK(Fails(e->Query(q)).message ==
        "RANGE key attributes round must have equality conditions specified in the query because "
        "a condition is present on key attribute bracket");
  q = TournamentQuery("tournamentId = :t AND regionCode = :r AND begins_with(round, :n)",
                      {{":n", N("1")}});
  CHECK(Fails(e->Query(q)).message ==
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
        "operator or function: begins_with, operand type: N");
  // A filter may not name any key attribute of the index.
  q = TournamentQuery("tournamentId = :t AND regionCode = :r", {{":b", S("UPPER")}});
  q.filter_expression = "bracket = :b";
  CHECK(Fails(e->Query(q)).message ==
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: "
        "bracket");
}

TEST_CASE("Query on a multi-attribute GSI orders by the sort-key tuple, each in its type's order") {
  auto e = OpenMemory();
  CreateMatches(*e);
  // round is a Number: -3 before 2 before 10; bracket a String: "A" before "AB" before "B".
  Put(*e, Match("m1", "WINTER", "EU", "10", "A"), "Matches");
  Put(*e, Match("m2", "WINTER", "EU", "2", "B"), "Matches");
  Put(*e, Match("m3", "WINTER", "EU", "2", "AB"), "Matches");
  Put(*e, Match("m4", "WINTER", "EU", "2", "A"), "Matches");
  Put(*e, Match("m5", "WINTER", "US", "1", "A"), "Matches");
  Put(*e, Match("m6", "SUMMER", "EU", "1", "A"), "Matches");
  Put(*e, Match("m7", "WINTER", "EU", "-3", "Z"), "Matches");
  auto all = TournamentQuery("tournamentId = :t AND regionCode = :r", {});
  CHECK(Ids(Must(e->Query(all))) == std::vector<std::string>{"m7", "m4", "m3", "m2", "m1"});
  all.scan_index_forward = false;
  CHECK(Ids(Must(e->Query(all))) == std::vector<std::string>{"m1", "m2", "m3", "m4", "m7"});

  auto ids = [&](const std::string& kc, ExpressionAttributeValues v) {
    return Ids(Must(e->Query(TournamentQuery(kc, std::move(v)))));
  };
  const std::string base = "tournamentId = :t AND regionCode = :r AND ";
  CHECK(ids(base + "round = :n", {{":n", N("2")}}) == std::vector<std::string>{"m4", "m3", "m2"});
  CHECK(ids(base + "round < :n", {{":n", N("2")}}) == std::vector<std::string>{"m7"});
  CHECK(ids(base + "round <= :n", {{":n", N("2")}}) ==
        std::vector<std::string>{"m7", "m4", "m3", "m2"});
  CHECK(ids(base + "round > :n", {{":n", N("2")}}) == std::vector<std::string>{"m1"});
  CHECK(ids(base + "round >= :n", {{":n", N("2")}}) ==
        std::vector<std::string>{"m4", "m3", "m2", "m1"});
  CHECK(ids(base + "round BETWEEN :a AND :b", {{":a", N("-3")}, {":b", N("2")}}) ==
        std::vector<std::string>{"m7", "m4", "m3", "m2"});
  CHECK(ids(base + "round = :n AND bracket = :b", {{":n", N("2")}, {":b", S("A")}}) ==
        std::vector<std::string>{"m4"});
  CHECK(ids(base + "round = :n AND begins_with(bracket, :b)", {{":n", N("2")}, {":b", S("A")}}) ==
        std::vector<std::string>{"m4", "m3"});
  CHECK(ids(base + "round = :n AND bracket > :b", {{":n", N("2")}, {":b", S("A")}}) ==
        std::vector<std::string>{"m3", "m2"});
  CHECK(ids(base + "round = :n AND bracket < :b", {{":n", N("2")}, {":b", S("AB")}}) ==
        std::vector<std::string>{"m4"});
  CHECK(ids(base + "round = :n AND bracket BETWEEN :a AND :b",
            {{":n", N("2")}, {":a", S("AB")}, {":b", S("B")}}) ==
        std::vector<std::string>{"m3", "m2"});
}

TEST_CASE("Query on a multi-attribute GSI pages with a LastEvaluatedKey of every key attribute") {
  auto e = OpenMemory();
  CreateMatches(*e);
  for (int i = 1; i <= 5; ++i) {
    Put(*e, Match("m" + std::to_string(i), "WINTER", "EU", std::to_string(i), "A"), "Matches");
  }
  auto q = TournamentQuery("tournamentId = :t AND regionCode = :r", {});
  q.limit = 2;
  std::vector<std::string> seen;
  int pages = 0;
  for (;;) {
    auto r = Must(e->Query(q));
    ++pages;
    for (const std::string& id : Ids(r)) seen.push_back(id);
    if (!r.last_evaluated_key) break;
    const Key& lek = *r.last_evaluated_key;
    CHECK(lek.size() == 5);
    for (const char* k : {"matchId", "tournamentId", "regionCode", "round", "bracket"}) {
      CHECK(lek.count(k) == 1);
    }
    q.exclusive_start_key = lek;
  }
  CHECK(pages == 3);
  CHECK(seen == std::vector<std::string>{"m1", "m2", "m3", "m4", "m5"});
  // Backwards, with a sort-key condition, page by page.
  auto back =
      TournamentQuery("tournamentId = :t AND regionCode = :r AND round <= :n", {{":n", N("4")}});
  back.scan_index_forward = false;
  back.limit = 2;
  seen.clear();
  for (;;) {
    auto r = Must(e->Query(back));
    for (const std::string& id : Ids(r)) seen.push_back(id);
    if (!r.last_evaluated_key) break;
    back.exclusive_start_key = r.last_evaluated_key;
  }
  CHECK(seen == std::vector<std::string>{"m4", "m3", "m2", "m1"});
  // A start key from another partition-key tuple is outside the query.
  Key other = *Must(e->Query([&] {
                 auto first = TournamentQuery("tournamentId = :t AND regionCode = :r", {});
                 first.limit = 1;
                 return first;
               }()))
                   .last_evaluated_key;
  other["regionCode"] = S("US");
  q.exclusive_start_key = other;
  CHECK(Fails(e->Query(q)).message ==
        "The provided starting key is outside query boundaries based on provided conditions");
}

TEST_CASE("Legacy KeyConditions on a multi-attribute GSI follow the same rules") {
  auto e = OpenMemory();
  CreateMatches(*e);
  Put(*e, Match("m1", "WINTER", "EU", "1", "A"), "Matches");
  Put(*e, Match("m2", "WINTER", "EU", "2", "A"), "Matches");
  Put(*e, Match("m3", "WINTER", "EU", "3", "A"), "Matches");
  QueryRequest q;
  q.table_name = "Matches";
  q.index_name = "ByTournament";
  auto cond = [](const std::string& op, std::vector<AttributeValue> v) {
    Condition c;
    c.comparison_operator = op;
    c.attribute_value_list = std::move(v);
    return c;
  };
  q.key_conditions = Conditions{{"tournamentId", cond("EQ", {S("WINTER")})},
                                {"regionCode", cond("EQ", {S("EU")})},
                                {"round", cond("GT", {N("1")})}};
  CHECK(Ids(Must(e->Query(q))) == std::vector<std::string>{"m2", "m3"});
  q.key_conditions = Conditions{{"tournamentId", cond("EQ", {S("WINTER")})},
                                {"regionCode", cond("EQ", {S("EU")})},
                                {"bracket", cond("EQ", {S("A")})}};
  CHECK(Fails(e->Query(q)).message ==
        "RANGE key attributes round must have equality conditions specified in the query because "
        "a condition is present on key attribute bracket");
  q.key_conditions = Conditions{{"tournamentId", cond("EQ", {S("WINTER")})}};
  CHECK(Fails(e->Query(q)).message ==
        "HASH key attributes regionCode must have equality conditions specified in the query");
}

TEST_CASE("Scan and parallel Scan of a multi-attribute GSI see each indexed item once") {
  auto e = OpenMemory();
  CreateMatches(*e);
  for (int i = 0; i < 40; ++i) {
    Put(*e,
        Match("m" + std::to_string(i), "T" + std::to_string(i % 7), i % 2 ? "EU" : "US",
              std::to_string(i % 3), "A"),
        "Matches");
  }
  ScanRequest s;
  s.table_name = "Matches";
  s.index_name = "ByTournament";
  CHECK(Must(e->Scan(s)).count == 40);
  std::set<std::string> seen;
  for (int seg = 0; seg < 3; ++seg) {
    ScanRequest p = s;
    p.segment = seg;
    p.total_segments = 3;
    p.limit = 4;
    for (;;) {
      auto r = Must(e->Scan(p));
      for (const auto& item : r.items) CHECK(seen.insert(item.at("matchId").str()).second);
      if (!r.last_evaluated_key) break;
      CHECK(r.last_evaluated_key->size() == 5);
      p.exclusive_start_key = r.last_evaluated_key;
    }
  }
  CHECK(seen.size() == 40);
}

TEST_CASE("An index entry's partition is the hash of the tuple of its partition-key attributes") {
  // The README's partition model: floor(hash(partition key) x N / 2^32), the partition key of a
  // multi-attribute GSI being the tuple of its HASH attributes.
  auto e = OpenMemory();
  CreateMatches(*e);
  REQUIRE(e->SetPartitionCount("Matches", 16).ok());
  // Pick a region whose tuple lands elsewhere than the tournament alone would, so the test
  // tells the two models apart.
  auto tuple_partition = [](const std::string& t, const std::string& r) {
    AttributeValue a = S(t), b = S(r);
    return PartitionOf(PartitionHash(EncodeKeyTuple({&a, &b})), 16);
  };
  const int alone = PartitionOf(PartitionHash("WINTER"), 16);
  std::string region;
  for (int i = 0; region.empty(); ++i) {
    if (tuple_partition("WINTER", "R" + std::to_string(i)) != alone) {
      region = "R" + std::to_string(i);
    }
  }
  const int expected = tuple_partition("WINTER", region);
  Put(*e, Match("m1", "WINTER", region, "1", "A"), "Matches");
  QueryRequest q = TournamentQuery("tournamentId = :t AND regionCode = :r", {{":r", S(region)}});
  CHECK(Must(e->Query(q)).trace.partitions_hit == std::vector<int>{expected});
  auto map = Must(e->DescribePartitions("Matches", "ByTournament"));
  const PartitionInfo& p = map.partitions.at(static_cast<size_t>(expected));
  CHECK(p.item_count == 1);
  CHECK(p.sample_partition_keys == std::vector<std::string>{"(WINTER, " + region + ")"});
  // A write names the index partition of the entry in its trace.
  auto put = Put(*e, Match("m2", "WINTER", region, "2", "A"), "Matches");
  CHECK(put.consumed_capacity.global_secondary_indexes.at("ByTournament").units() == 1.0);
}

TEST_CASE("A multi-attribute GSI survives reopening the database file") {
  auto dir = std::filesystem::temp_directory_path() / ("ddblab-mk-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "multi.db").string();
  {
    EngineOptions o;
    o.path = path;
    auto e = Must(Engine::Open(o));
    CreateMatches(*e);
    Put(*e, Match("m1", "WINTER", "EU", "1", "A"), "Matches");
  }
  EngineOptions o;
  o.path = path;
  auto e = Must(Engine::Open(o));
  auto desc = Must(e->DescribeTable(DescribeTableRequest{"Matches"}));
  CHECK(desc.table.global_secondary_indexes.at(0).key_schema.size() == 4);
  CHECK(Ids(Must(e->Query(TournamentQuery("tournamentId = :t AND regionCode = :r", {})))) ==
        std::vector<std::string>{"m1"});
  e.reset();
  std::filesystem::remove_all(dir);
}

TEST_CASE("A multi-attribute sort key is limited to 1024 bytes for all its attributes together") {
  // DynamoDB: "Aggregated size of all range keys has exceeded the size limit of 1024 bytes".
  auto e = OpenMemory();
  CreateMatches(*e);
  PutItemRequest p;
  p.table_name = "Matches";
  p.item = Match("m1", "WINTER", "EU", "1", std::string(1020, 'x'));
  Must(e->PutItem(p));
  p.item = Match("m2", "WINTER", "EU", "1", std::string(1023, 'x'));
  CHECK(Fails(e->PutItem(p)).message ==
        "One or more parameter values were invalid: Aggregated size of all range keys has "
        "exceeded the size limit of 1024 bytes");
}
