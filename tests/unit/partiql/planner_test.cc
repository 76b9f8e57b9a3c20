// The planner: which DynamoDB request each statement becomes, with the exact expression text,
// placeholders and messages.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "partiql_test_util.h"

using namespace partiql_test;
using ddblab::partiql::PlannedStatement;
using ddblab::partiql::PlanOptions;

namespace {

const TableSchema kApp = AppSchema();
const TableSchema kUsers = UsersSchema();

std::string At(const std::string& statement, const std::string& token) {
  return "1:" + std::to_string(statement.find(token) + 1) + ":" + std::to_string(token.size());
}

}  // namespace

// ---------------------------------------------------------------- SELECT -> GetItem

TEST_CASE("SELECT with equality on every key attribute becomes GetItem") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'c#1' AND SK = 'o#1'", kApp);
  const auto& r = As<GetItemRequest>(p);
  CHECK(r.table_name == "App");
  CHECK(r.key.at("PK") == S("c#1"));
  CHECK(r.key.at("SK") == S("o#1"));
  CHECK(Shape(p).projection_expression.empty());
  CHECK(Shape(p).names.empty());
  CHECK(p.plan.operation == "GetItem");
  CHECK(p.plan.key_condition == "PK = 'c#1' AND SK = 'o#1'");
  CHECK(p.plan.reason == "equality on every key attribute (PK, SK) -> GetItem");
  CHECK_FALSE(p.plan.full_scan);
}

TEST_CASE("GetItem on a hash-only table, key written value-first") {
  auto p = PlanOk("SELECT * FROM \"Users\" WHERE 5 = id", kUsers);
  CHECK(As<GetItemRequest>(p).key.at("id") == N("5"));
}

TEST_CASE("a projection list becomes a ProjectionExpression with name placeholders") {
  auto p = PlanOk("SELECT a, b.c[0], \"d e\" FROM \"App\" WHERE PK = 'x' AND SK = 'y'", kApp);
  CHECK(std::holds_alternative<GetItemRequest>(p.call.request));
  CHECK(Shape(p).projection_expression == "#n0, #n1.#n2[0], #n3");
  CHECK(Shape(p).names ==
        ExpressionAttributeNames{{"#n0", "a"}, {"#n1", "b"}, {"#n2", "c"}, {"#n3", "d e"}});
}

TEST_CASE("parameters bind in order, a count mismatch is DynamoDB's error") {
  std::vector<AttributeValue> params = {S("c#1"), S("o#1")};
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = ? AND SK = ?", kApp, &params);
  CHECK(As<GetItemRequest>(p).key.at("SK") == S("o#1"));
  std::vector<AttributeValue> one = {S("c#1")};
  CHECK(PlanError("SELECT * FROM \"App\" WHERE PK = ? AND SK = ?", kApp, &one) ==
        "Number of parameters in request and statement don't match.");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE PK = 'a'", kApp, &one) ==
        "Number of parameters in request and statement don't match.");
}

// ---------------------------------------------------------------- SELECT -> Query

TEST_CASE("partition-key equality with begins_with on the sort key becomes a Query") {
  auto p =
      PlanOk("SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')", kApp);
  const auto& r = As<QueryRequest>(p);
  CHECK(Shape(p).key_condition_expression == "#n0 = :v0 AND begins_with(#n1, :v1)");
  CHECK(Shape(p).names == ExpressionAttributeNames{{"#n0", "PK"}, {"#n1", "SK"}});
  CHECK(Shape(p).values.at(":v0") == S("CUSTOMER#c1"));
  CHECK(Shape(p).values.at(":v1") == S("ORDER#"));
  CHECK(Shape(p).filter_expression.empty());
  CHECK_FALSE(r.index_name);
  CHECK(p.plan.operation == "Query");
  CHECK(p.plan.key_condition == "PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')");
  CHECK(p.plan.reason ==
        "equality on the partition key PK and a condition on the sort key SK -> Query");
}

TEST_CASE("predicates beyond the key become the Query's FilterExpression") {
  auto p =
      PlanOk("SELECT * FROM \"App\" WHERE PK = 'c1' AND total > 100 AND (a = 1 OR b = 2)", kApp);
  CHECK(std::holds_alternative<QueryRequest>(p.call.request));
  CHECK(Shape(p).key_condition_expression == "#n0 = :v0");
  CHECK(Shape(p).filter_expression == "#n1 > :v1 AND (#n2 = :v2 OR #n3 = :v3)");
  CHECK(p.plan.filter == "total > 100 AND (a = 1 OR b = 2)");
  CHECK(p.has_filter);
  CHECK(p.plan.reason == "equality on the partition key PK -> Query");
}

TEST_CASE("full key plus another predicate is a Query, since GetItem has no filter") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'a' AND SK = 'b' AND n = 1", kApp);
  CHECK(Shape(p).key_condition_expression == "#n0 = :v0 AND #n1 = :v1");
}

TEST_CASE("a sort-key comparison written value-first is turned round for the key condition") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE 'x' = PK AND 'm' < SK", kApp);
  CHECK(Shape(p).key_condition_expression == "#n0 = :v0 AND #n1 > :v1");
  CHECK(p.plan.key_condition == "PK = 'x' AND SK > 'm'");
}

TEST_CASE("equality on an index's partition key queries the index") {
  auto p = PlanOk(
      "SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'x' AND GSI1SK BETWEEN 'a' AND 'b'", kApp);
  const auto& r = As<QueryRequest>(p);
  CHECK(r.index_name == "GSI1");
  CHECK(Shape(p).key_condition_expression == "#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2");
  CHECK(p.plan.index == "GSI1");
}

TEST_CASE("the full table key on an index target is still a Query of the index") {
  auto p = PlanOk("SELECT * FROM \"App\".\"ByDate\" WHERE PK = 'x' AND LSI1SK = 'd'", kApp);
  CHECK(As<QueryRequest>(p).index_name == "ByDate");
}

TEST_CASE("ORDER BY the sort key sets ScanIndexForward") {
  auto desc = PlanOk("SELECT * FROM \"App\" WHERE PK = 'x' ORDER BY SK DESC", kApp);
  CHECK(As<QueryRequest>(desc).scan_index_forward == false);
  auto asc = PlanOk("SELECT * FROM \"App\" WHERE PK = 'x' AND SK = 'y' ORDER BY SK", kApp);
  CHECK(As<QueryRequest>(asc).scan_index_forward == true);
  auto by_pk = PlanOk("SELECT * FROM \"App\" WHERE PK = 'x' ORDER BY PK", kApp);
  CHECK_FALSE(As<QueryRequest>(by_pk).scan_index_forward);
}

TEST_CASE("ORDER BY that would need a Scan is refused as DynamoDB refuses it") {
  CHECK(PlanError("SELECT * FROM \"App\" WHERE total > 1 ORDER BY SK", kApp) ==
        "Must have at least one non-optional hash key condition in WHERE clause when using "
        "ORDER BY clause.");
  CHECK(PlanError("SELECT * FROM \"App\" ORDER BY SK", kApp) ==
        "Must have WHERE clause in the statement when using ORDER BY clause.");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE PK = 'x' ORDER BY total", kApp) ==
        "Variable reference total in ORDER BY clause must be part of the primary key");
}

TEST_CASE("Limit, ConsistentRead and the start key reach the Query") {
  PlanOptions o;
  o.limit = 2;
  o.consistent_read = true;
  o.exclusive_start_key = Key{{"PK", S("x")}, {"SK", S("a")}};
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'x'", kApp, nullptr, o);
  const auto& r = As<QueryRequest>(p);
  CHECK(r.limit == 2);
  CHECK(r.consistent_read == true);
  CHECK(r.exclusive_start_key->at("SK") == S("a"));
}

// ---------------------------------------------------------------- SELECT -> Scan

TEST_CASE("a SELECT on a non-key attribute becomes a full Scan") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE total > 100", kApp);
  CHECK(std::holds_alternative<ScanRequest>(p.call.request));
  CHECK(Shape(p).filter_expression == "#n0 > :v0");
  CHECK(p.plan.operation == "Scan");
  CHECK(p.plan.full_scan);
  CHECK(p.plan.filter == "total > 100");
  CHECK(p.plan.reason == "no equality condition on the partition key PK -> full Scan");
}

TEST_CASE("no WHERE reads every item") {
  auto p = PlanOk("SELECT * FROM \"App\"", kApp);
  CHECK(Shape(p).filter_expression.empty());
  CHECK(p.plan.reason == "no WHERE clause -> full Scan");
}

TEST_CASE("partition key in a range, an OR or twice is a Scan") {
  for (const char* s :
       {"SELECT * FROM \"App\" WHERE PK > 'a'", "SELECT * FROM \"App\" WHERE PK = 'a' OR total = 1",
        "SELECT * FROM \"App\" WHERE PK = 'a' AND NOT PK = 'b'"}) {
    INFO(s);
    CHECK(PlanOk(s, kApp).plan.operation == "Scan");
  }
  auto twice = PlanOk("SELECT * FROM \"App\" WHERE PK = 'a' AND PK <> 'b'", kApp);
  CHECK(twice.plan.reason ==
        "the partition key PK appears in more than the one equality a Query can use -> full Scan");
}

TEST_CASE("the table's partition key on an index target scans the index") {
  auto p = PlanOk("SELECT * FROM \"App\".\"GSI1\" WHERE PK = 'x'", kApp);
  CHECK(As<ScanRequest>(p).index_name == "GSI1");
  CHECK(p.plan.reason == "no equality condition on the partition key GSI1PK -> full Scan");
}

TEST_CASE("two sort-key conditions leave only a Scan, since a filter may not name keys") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE PK = 'a' AND SK >= 'b' AND SK <= 'c'", kApp);
  CHECK(Shape(p).filter_expression == "#n0 = :v0 AND #n1 >= :v1 AND #n1 <= :v2");
}

TEST_CASE("WHERE functions and IS forms translate to DynamoDB condition functions") {
  auto p = PlanOk(
      "SELECT * FROM \"App\" WHERE shipped IS MISSING AND paid IS NOT MISSING AND "
      "contains(tags, 'a') AND attribute_type(n, 'N') AND size(l) > 2 AND s IN ['a', 'b'] AND "
      "NOT (x = 1 OR y BETWEEN 1 AND 2) AND z <> 3",
      kApp);
  CHECK(Shape(p).filter_expression ==
        "attribute_not_exists(#n0) AND attribute_exists(#n1) AND contains(#n2, :v0) AND "
        "attribute_type(#n3, :v1) AND size(#n4) > :v2 AND #n5 IN (:v3, :v4) AND "
        "NOT (#n6 = :v5 OR #n7 BETWEEN :v6 AND :v7) AND #n8 <> :v8");
}

TEST_CASE("IS NULL holds for NULL values and missing attributes alike") {
  auto p = PlanOk("SELECT * FROM \"App\" WHERE a IS NULL", kApp);
  CHECK(std::holds_alternative<ScanRequest>(p.call.request));
  CHECK(Shape(p).filter_expression == "(attribute_not_exists(#n0) OR attribute_type(#n0, :v0))");
  CHECK(Shape(p).values.at(":v0") == S("NULL"));
}

TEST_CASE("literals in Ion syntax become attribute values") {
  auto p = PlanOk(
      "SELECT * FROM \"App\" WHERE a = {'k': [1, TRUE, NULL]} AND b = <<'x', 'y'>> AND c = <<1, "
      "2>>",
      kApp);
  const auto& v = Shape(p).values;
  CHECK(v.at(":v0").type == AttrType::kM);
  CHECK(v.at(":v0").map().at("k").list().size() == 3);
  CHECK(v.at(":v1").type == AttrType::kSS);
  CHECK(v.at(":v2").type == AttrType::kNS);
}

TEST_CASE("WHERE errors carry DynamoDB's messages") {
  std::string exists = "SELECT * FROM \"App\" WHERE PK = 'x' AND EXISTS(a)";
  CHECK(PlanError(exists, kApp) == "Unrecognized function: exists at " + At(exists, "EXISTS"));
  CHECK(PlanError("SELECT * FROM \"App\" WHERE attribute_exists('a')", kApp) ==
        "Operator or function requires a document path; operator or function: attribute_exists");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE attribute_exists()", kApp) ==
        "Incorrect number of operands for operator or function; operator or function: "
        "attribute_exists, number of operands: 0");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE a = <<>>", kApp) == "Empty bags are not supported");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE a = <<1, 'x'>>", kApp) ==
        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE a = MISSING", kApp) ==
        "MISSING must be compared using IS operator");
  CHECK(PlanError("SELECT * FROM \"App\" WHERE a = 1e126", kApp) ==
        "Number overflow. Attempting to store a number with magnitude larger than supported "
        "range under root");
  CHECK(PlanError("SELECT * FROM \"App\".\"Nope\"", kApp) ==
        "The table does not have the specified index");
  PlanOptions o;
  o.consistent_read = true;
  auto gsi = TryPlan("SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'x'", kApp, nullptr, o);
  REQUIRE_FALSE(gsi.ok());
  CHECK(gsi.error().message ==
        "Strongly consistent read is not supported on Global Secondary Indexes");
}

// ---------------------------------------------------------------- INSERT

TEST_CASE("INSERT becomes a PutItem conditional on the key being new") {
  auto p = PlanOk(
      "INSERT INTO \"App\" VALUE {'PK': 'c#1', 'SK': 'profile', 'tags': <<'a', 'b'>>, 'n': 5, "
      "'m': {'x': [1, TRUE, NULL]}}",
      kApp);
  const auto& r = As<PutItemRequest>(p);
  CHECK(Shape(p).condition_expression == "attribute_not_exists(#n0)");
  CHECK(Shape(p).names == ExpressionAttributeNames{{"#n0", "PK"}});
  CHECK(Shape(p).values.empty());
  CHECK(r.item.size() == 5);
  CHECK(r.item.at("tags").type == AttrType::kSS);
  CHECK(r.item.at("m").map().at("x").list()[2].type == AttrType::kNull);
  CHECK(p.insert);
  CHECK(p.plan.operation == "PutItem");
}

TEST_CASE("INSERT from a map parameter") {
  std::vector<AttributeValue> params = {AttributeValue::M({{"id", N("7")}, {"name", S("ann")}})};
  auto p = PlanOk("INSERT INTO \"Users\" VALUE ?", kUsers, &params);
  CHECK(As<PutItemRequest>(p).item.at("name") == S("ann"));
}

TEST_CASE("INSERT checks the item's key and names value errors by path") {
  CHECK(PlanError("INSERT INTO \"App\" VALUE {'PK': 'a'}", kApp) ==
        "Key attribute should be present in the item: Key SK");
  CHECK(PlanError("INSERT INTO \"App\" VALUE {'PK': 1, 'SK': 'a'}", kApp) ==
        "Key attribute's data type should match its data type in table's schema: Key PK");
  CHECK(PlanError("INSERT INTO \"Users\" VALUE {'id': 1, 'm': {'x': 1e126}}", kUsers) ==
        "Number overflow. Attempting to store a number with magnitude larger than supported "
        "range under root.x");
  CHECK(PlanError("INSERT INTO \"Users\" VALUE {'id': 1, 'l': [1, 1e126]}", kUsers) ==
        "Number overflow. Attempting to store a number with magnitude larger than supported "
        "range under root[1]");
  CHECK(PlanError("INSERT INTO \"Users\" VALUE [1]", kUsers) ==
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
}

// ---------------------------------------------------------------- UPDATE

TEST_CASE("UPDATE becomes an UpdateItem that never creates the item") {
  auto p = PlanOk(
      "UPDATE \"App\" SET a = 1, b = b + 1 REMOVE c WHERE PK = 'x' AND SK = 'y' AND version = 3",
      kApp);
  const auto& r = As<UpdateItemRequest>(p);
  CHECK(r.key == Key{{"PK", S("x")}, {"SK", S("y")}});
  CHECK(Shape(p).update_expression == "SET #n0 = :v0, #n1 = #n1 + :v1 REMOVE #n2");
  CHECK(Shape(p).condition_expression == "attribute_exists(#n3) AND #n4 = :v2");
  CHECK(Shape(p).names ==
        ExpressionAttributeNames{
            {"#n0", "a"}, {"#n1", "b"}, {"#n2", "c"}, {"#n3", "PK"}, {"#n4", "version"}});
  CHECK_FALSE(r.return_values);
  CHECK(p.plan.operation == "UpdateItem");
  CHECK(p.plan.filter == "attribute_exists(PK) AND version = 3");
}

TEST_CASE("UPDATE RETURNING maps to ReturnValues") {
  CHECK(As<UpdateItemRequest>(
            PlanOk("UPDATE \"Users\" SET a = 1 WHERE id = 1 RETURNING ALL NEW *", kUsers))
            .return_values == "ALL_NEW");
  CHECK(As<UpdateItemRequest>(
            PlanOk("UPDATE \"Users\" SET a = 1 WHERE id = 1 RETURNING MODIFIED OLD *", kUsers))
            .return_values == "UPDATED_OLD");
}

TEST_CASE("UPDATE needs equality on every key attribute") {
  CHECK(PlanError("UPDATE \"App\" SET a = 1 WHERE PK = 'x'", kApp) ==
        "Where clause does not contain a mandatory equality on all key attributes");
  CHECK(PlanError("DELETE FROM \"App\" WHERE PK = 'x' AND begins_with(SK, 'a')", kApp) ==
        "Where clause does not contain a mandatory equality on all key attributes");
  CHECK(PlanError("UPDATE \"App\".\"GSI1\" SET a = 1 WHERE PK = 'x' AND SK = 'y'", kApp) ==
        "This operation is not supported on an index");
}

TEST_CASE("set_add and set_delete become ADD and DELETE") {
  auto p = PlanOk(
      "UPDATE \"Users\" SET tags = set_add(tags, <<'z'>>), old = set_delete(old, <<1>>), "
      "l = list_append(l, [1]) WHERE id = 1",
      kUsers);
  CHECK(Shape(p).update_expression == "SET #n2 = list_append(#n2, :v2) ADD #n0 :v0 DELETE #n1 :v1");
  std::string other = "UPDATE \"Users\" SET t = set_add(tags, <<'x'>>) WHERE id = 1";
  CHECK(PlanError(other, kUsers) ==
        "The first argument to SET_ADD must equal the assignment value at " + At(other, "set_add"));
  std::string arity = "UPDATE \"Users\" SET t = set_add(t) WHERE id = 1";
  CHECK(PlanError(arity, kUsers) ==
        "SET_ADD must have exactly two arguments at " + At(arity, "set_add"));
}

// ---------------------------------------------------------------- DELETE

TEST_CASE("DELETE becomes DeleteItem, extra predicates guard only an existing item") {
  auto plain = PlanOk("DELETE FROM \"App\" WHERE PK = 'x' AND SK = 'y'", kApp);
  CHECK(Shape(plain).condition_expression.empty());
  auto guarded =
      PlanOk("DELETE FROM \"App\" WHERE PK = 'x' AND SK = 'y' AND status = 'open'", kApp);
  CHECK(std::holds_alternative<DeleteItemRequest>(guarded.call.request));
  CHECK(Shape(guarded).condition_expression == "attribute_not_exists(#n1) OR (#n0 = :v0)");
  CHECK(Shape(guarded).names == ExpressionAttributeNames{{"#n0", "status"}, {"#n1", "PK"}});
  auto returning = PlanOk("DELETE FROM \"Users\" WHERE id = 1 RETURNING ALL OLD *", kUsers);
  CHECK(As<DeleteItemRequest>(returning).return_values == "ALL_OLD");
  CHECK(PlanError("DELETE FROM \"Users\" WHERE id = 1 RETURNING ALL NEW *", kUsers) ==
        "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in "
        "DELETE statements.");
}

// ---------------------------------------------------------------- EXISTS

TEST_CASE("EXISTS(SELECT ...) becomes a ConditionCheck on an existing item") {
  auto p =
      PlanOk("EXISTS(SELECT * FROM \"App\" WHERE PK = 'x' AND SK = 'y' AND status = 'open')", kApp);
  const auto& r = As<TransactWriteItem>(p);
  CHECK(r.action == "ConditionCheck");
  CHECK(r.key == Key{{"PK", S("x")}, {"SK", S("y")}});
  CHECK(Shape(p).condition_expression == "attribute_exists(#n0) AND #n1 = :v0");
  CHECK(PlanError("EXISTS(SELECT * FROM \"App\" WHERE PK = 'x' AND SK = 'y')", kApp) ==
        "EXISTS() must contain a single item read with additional condition");
  CHECK(PlanError("EXISTS(SELECT * FROM \"App\" WHERE PK = 'x' AND n = 1)", kApp) ==
        "EXISTS() must contain a single item read with additional condition");
}
