// PartiQL end to end through the public Engine API: what each statement returns, which operation
// it really ran, and DynamoDB's errors for the behaviours students trip on.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "course_engine.h"
#include "ddblab/engine.h"

using namespace course_engine;

TEST_CASE("SELECT by partition key and begins_with on the sort key runs a Query") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(Stmt(
      "SELECT SK, total FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')")));
  REQUIRE(r.items.size() == 3);
  CHECK(r.items[0].at("SK") == S("ORDER#1"));
  CHECK(r.items[2].at("total") == N("250"));
  CHECK(r.items[0].size() == 2);
  CHECK(r.trace.operation == "Query");
  CHECK(r.trace.steps.empty());
  CHECK_FALSE(r.next_token);
}

TEST_CASE("SELECT with the full key runs a GetItem") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\" WHERE PK = ? AND SK = ?", {S("CUSTOMER#c2"), S("PROFILE")})));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].at("name") == S("Bob"));
  CHECK(r.trace.operation == "GetItem");
  auto missing = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#zz' AND SK = 'PROFILE'")));
  CHECK(missing.items.empty());
}

TEST_CASE("SELECT on a non-key attribute becomes a Scan") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE total > 100")));
  CHECK(r.items.size() == 2);
  CHECK(r.trace.operation == "Scan");
  CHECK(r.trace.items_read == 5);
}

TEST_CASE("ORDER BY the sort key DESC returns the partition in reverse") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("SELECT SK FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#') "
           "ORDER BY SK DESC")));
  REQUIRE(r.items.size() == 3);
  CHECK(r.items[0].at("SK") == S("ORDER#3"));
  auto err = Fails(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE total > 1 ORDER BY SK")));
  CHECK(err.message ==
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
}

TEST_CASE("SELECT from an index queries the index") {
  auto e = CourseEngine();
  auto r = Must(
      e->ExecuteStatement(Stmt("SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'STATUS#OPEN'")));
  CHECK(r.items.size() == 2);
  CHECK(r.trace.operation == "Query");
  CHECK(r.trace.index == "GSI1");
}

TEST_CASE("Limit counts items evaluated, NextToken resumes where the page stopped") {
  auto e = CourseEngine();
  ExecuteStatementRequest req =
      Stmt("SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND total > 100");
  req.limit = 2;
  auto first = Must(e->ExecuteStatement(req));
  // ORDER#1 (50) and ORDER#2 (150) are evaluated; only ORDER#2 passes the filter.
  REQUIRE(first.items.size() == 1);
  CHECK(first.items[0].at("SK") == S("ORDER#2"));
  REQUIRE(first.next_token);
  req.next_token = first.next_token;
  auto second = Must(e->ExecuteStatement(req));
  REQUIRE(second.items.size() == 1);
  CHECK(second.items[0].at("SK") == S("ORDER#3"));

  ExecuteStatementRequest other = Stmt("SELECT * FROM \"App\"");
  other.next_token = first.next_token;
  CHECK(Fails(e->ExecuteStatement(other)).message == "NextToken does not match request");
  ExecuteStatementRequest garbage = req;
  garbage.next_token = "nonsense";
  CHECK(Fails(e->ExecuteStatement(garbage)).message == "Invalid NextToken");
}

TEST_CASE("INSERT of an existing key is DuplicateItemException, not a conditional failure") {
  auto e = CourseEngine();
  Must(e->ExecuteStatement(
      Stmt("INSERT INTO \"App\" VALUE {'PK': 'CUSTOMER#c3', 'SK': 'PROFILE', 'name': 'Cy'}")));
  CHECK(Get(*e, "CUSTOMER#c3", "PROFILE"));
  Error err = Fails(e->ExecuteStatement(
      Stmt("INSERT INTO \"App\" VALUE {'PK': 'CUSTOMER#c3', 'SK': 'PROFILE', 'name': 'Dup'}")));
  CHECK(err.type == ErrorType::kDuplicateItemException);
  CHECK(err.message == "Duplicate primary key exists in table");
  CHECK(Get(*e, "CUSTOMER#c3", "PROFILE")->at("name") == S("Cy"));
}

TEST_CASE("UPDATE of a missing item fails the condition and creates nothing") {
  auto e = CourseEngine();
  Error err = Fails(e->ExecuteStatement(
      Stmt("UPDATE \"App\" SET total = 1 WHERE PK = 'CUSTOMER#c9' AND SK = 'ORDER#9'")));
  CHECK(err.type == ErrorType::kConditionalCheckFailedException);
  CHECK(err.message == "The conditional request failed");
  CHECK_FALSE(Get(*e, "CUSTOMER#c9", "ORDER#9"));
}

TEST_CASE("UPDATE applies SET and REMOVE, extra predicates act as a condition") {
  auto e = CourseEngine();
  // "Ship the order": the status changes and the sparse index key goes.
  auto r = Must(e->ExecuteStatement(
      Stmt("UPDATE \"App\" SET status = 'SHIPPED', total = total + 1 REMOVE GSI1PK, GSI1SK "
           "WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#1' AND status = 'OPEN' RETURNING ALL NEW *")));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].at("total") == N("51"));
  CHECK(r.items[0].count("GSI1PK") == 0);
  CHECK(r.trace.operation == "UpdateItem");
  auto open = Must(
      e->ExecuteStatement(Stmt("SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'STATUS#OPEN'")));
  CHECK(open.items.size() == 1);
  Error again = Fails(e->ExecuteStatement(
      Stmt("UPDATE \"App\" SET status = 'SHIPPED' WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#1' AND "
           "status = 'OPEN'")));
  CHECK(again.type == ErrorType::kConditionalCheckFailedException);
  Error partial =
      Fails(e->ExecuteStatement(Stmt("UPDATE \"App\" SET a = 1 WHERE PK = 'CUSTOMER#c1'")));
  CHECK(partial.message ==
        "Where clause does not contain a mandatory equality on all key attributes");
}

// The guard used to be written as text with the OR wrapped twice, "((a OR b))", which the
// expression parser refused as redundant parentheses.
TEST_CASE("DELETE whose only extra predicate is an OR is guarded by it") {
  auto e = CourseEngine();
  Error kept =
      Fails(e->ExecuteStatement(Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND "
                                     "SK = 'PROFILE' AND (name = 'x' OR name = 'y')")));
  CHECK(kept.type == ErrorType::kConditionalCheckFailedException);
  CHECK(Get(*e, "CUSTOMER#c2", "PROFILE"));
  Must(
      e->ExecuteStatement(Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND "
                               "SK = 'PROFILE' AND (name = 'x' OR name = 'Bob')")));
  CHECK_FALSE(Get(*e, "CUSTOMER#c2", "PROFILE"));
}

TEST_CASE("DELETE of a missing key succeeds and deletes nothing") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c9' AND SK = 'PROFILE' AND name = 'x'")));
  CHECK(r.items.empty());
  CHECK(r.trace.operation == "DeleteItem");
  Error guarded = Fails(e->ExecuteStatement(
      Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND SK = 'PROFILE' AND name = 'x'")));
  CHECK(guarded.type == ErrorType::kConditionalCheckFailedException);
  CHECK(Get(*e, "CUSTOMER#c2", "PROFILE"));
  auto gone = Must(e->ExecuteStatement(
      Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND SK = 'PROFILE' RETURNING ALL OLD *")));
  REQUIRE(gone.items.size() == 1);
  CHECK(gone.items[0].at("name") == S("Bob"));
  CHECK_FALSE(Get(*e, "CUSTOMER#c2", "PROFILE"));
}

TEST_CASE("statement errors: parse, parameters, unknown table, EXISTS outside a transaction") {
  auto e = CourseEngine();
  Error parse = Fails(e->ExecuteStatement(Stmt("SELEC * FROM \"App\"")));
  CHECK(parse.message ==
        "Statement wasn't well formed, can't be processed: Expected data manipulation");
  CHECK(Fails(e->ExecuteStatement(Stmt("SELECT * FROM \"App\" WHERE PK = ?"))).message ==
        "Number of parameters in request and statement don't match.");
  CHECK(Fails(e->ExecuteStatement(Stmt("SELECT * FROM \"Nope\""))).type ==
        ErrorType::kResourceNotFoundException);
  CHECK(Fails(e->ExecuteStatement(
                  Stmt("EXISTS(SELECT * FROM \"App\" WHERE PK = 'a' AND SK = 'b' AND x = 1)")))
            .message == "EXISTS can only be used in ExecuteTransaction write requests.");
}

TEST_CASE("a transaction writes both edges of an enrollment, and a repeat writes nothing") {
  auto e = CourseEngine();
  auto enroll = [&](const std::string& student, const std::string& course) {
    ExecuteTransactionRequest t;
    t.transact_statements = {
        {"INSERT INTO \"App\" VALUE {'PK': ?, 'SK': ?}",
         std::vector<AttributeValue>{S("STUDENT#" + student), S("COURSE#" + course)}, std::nullopt},
        {"INSERT INTO \"App\" VALUE {'PK': ?, 'SK': ?}",
         std::vector<AttributeValue>{S("COURSE#" + course), S("STUDENT#" + student)}, std::nullopt},
    };
    return e->ExecuteTransaction(t);
  };
  auto first = Must(enroll("s1", "db101"));
  CHECK(first.responses.empty());
  CHECK(Get(*e, "STUDENT#s1", "COURSE#db101"));
  CHECK(Get(*e, "COURSE#db101", "STUDENT#s1"));
  Error again = Fails(enroll("s1", "db101"));
  CHECK(again.type == ErrorType::kTransactionCanceledException);
  REQUIRE(again.cancellation_reasons.size() == 2);
  CHECK(again.cancellation_reasons[0].code == "DuplicateItem");
  CHECK(again.message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[DuplicateItem, DuplicateItem]");
}

TEST_CASE("EXISTS in a transaction is a ConditionCheck that can cancel it") {
  auto e = CourseEngine();
  ExecuteTransactionRequest t;
  t.transact_statements = {
      {"EXISTS(SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE' AND name = 'Zed')",
       std::nullopt, std::nullopt},
      {"UPDATE \"App\" SET total = 0 WHERE PK = 'CUSTOMER#c1' AND SK = 'ORDER#1'", std::nullopt,
       std::nullopt},
  };
  Error err = Fails(e->ExecuteTransaction(t));
  REQUIRE(err.cancellation_reasons.size() == 2);
  CHECK(err.cancellation_reasons[0].code == "ConditionalCheckFailed");
  CHECK(err.cancellation_reasons[1].code == "None");
  CHECK(Get(*e, "CUSTOMER#c1", "ORDER#1")->at("total") == N("50"));
  t.transact_statements[0].statement =
      "EXISTS(SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE' AND name = 'Ann')";
  Must(e->ExecuteTransaction(t));
  CHECK(Get(*e, "CUSTOMER#c1", "ORDER#1")->at("total") == N("0"));
}

TEST_CASE("a read transaction returns items in order, missing ones are empty") {
  auto e = CourseEngine();
  ExecuteTransactionRequest t;
  t.transact_statements = {
      {"SELECT name FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt},
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#zz' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt},
  };
  auto r = Must(e->ExecuteTransaction(t));
  REQUIRE(r.responses.size() == 2);
  CHECK(r.responses[0].item->at("name") == S("Ann"));
  CHECK_FALSE(r.responses[1].item);
}

TEST_CASE("transactions refuse mixed reads and writes and reads without the key") {
  auto e = CourseEngine();
  ExecuteTransactionRequest t;
  t.transact_statements = {
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt},
      {"DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt},
  };
  CHECK(Fails(e->ExecuteTransaction(t)).type == ErrorType::kValidationException);
  ExecuteTransactionRequest partial;
  partial.transact_statements = {
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1'", std::nullopt, std::nullopt}};
  CHECK(Fails(e->ExecuteTransaction(partial)).message ==
        "Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction "
        "must specify the primary key in the where clause.");
  ExecuteTransactionRequest bare;
  bare.transact_statements = {
      {"EXISTS(SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE')", std::nullopt,
       std::nullopt}};
  CHECK(Fails(e->ExecuteTransaction(bare)).message ==
        "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read "
        "with additional condition");
}

TEST_CASE("BatchExecuteStatement answers each statement separately") {
  auto e = CourseEngine();
  BatchExecuteStatementRequest b;
  b.statements = {
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt, std::nullopt},
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1'", std::nullopt, std::nullopt, std::nullopt},
      {"SELEC oops", std::nullopt, std::nullopt, std::nullopt},
      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#zz' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt, std::nullopt},
  };
  auto r = Must(e->BatchExecuteStatement(b));
  REQUIRE(r.responses.size() == 4);
  CHECK(r.responses[0].table_name == "App");
  CHECK(r.responses[0].item->at("name") == S("Ann"));
  REQUIRE(r.responses[1].error);
  CHECK(r.responses[1].error->message ==
        "Select statements within BatchExecuteStatement must specify the primary key in the "
        "where clause.");
  REQUIRE(r.responses[2].error);
  CHECK(r.responses[2].error->message ==
        "Statement wasn't well formed, can't be processed: Expected data manipulation");
  CHECK_FALSE(r.responses[3].error);
  CHECK_FALSE(r.responses[3].item);
  REQUIRE(r.consumed_capacity.size() == 1);
  CHECK(r.consumed_capacity[0].table_name == "App");
}

TEST_CASE("BatchExecuteStatement writes report per-statement failures") {
  auto e = CourseEngine();
  BatchExecuteStatementRequest b;
  b.statements = {
      {"INSERT INTO \"App\" VALUE {'PK': 'CUSTOMER#c1', 'SK': 'PROFILE'}", std::nullopt,
       std::nullopt, std::nullopt},
      {"UPDATE \"App\" SET x = 1 WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt, std::nullopt},
      {"UPDATE \"App\" SET x = 1 WHERE PK = 'CUSTOMER#c8' AND SK = 'PROFILE'", std::nullopt,
       std::nullopt, std::nullopt},
  };
  auto r = Must(e->BatchExecuteStatement(b));
  REQUIRE(r.responses.size() == 3);
  CHECK(r.responses[0].error->type == ErrorType::kDuplicateItemException);
  CHECK_FALSE(r.responses[1].error);
  CHECK(r.responses[2].error->type == ErrorType::kConditionalCheckFailedException);
  CHECK(Get(*e, "CUSTOMER#c1", "PROFILE")->at("x") == N("1"));
  BatchExecuteStatementRequest mixed;
  mixed.statements = {b.statements[1],
                      {"SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND SK = 'PROFILE'",
                       std::nullopt, std::nullopt, std::nullopt}};
  CHECK(Fails(e->BatchExecuteStatement(mixed)).type == ErrorType::kValidationException);
}

TEST_CASE("EXPLAIN shows the operation a statement becomes without running it") {
  auto e = CourseEngine();
  Plan q = Must(e->ExplainStatement(
      Stmt("SELECT * FROM \"App\" WHERE PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')")));
  CHECK(q.operation == "Query");
  CHECK(q.table == "App");
  CHECK(q.key_condition == "PK = 'CUSTOMER#c1' AND begins_with(SK, 'ORDER#')");
  CHECK_FALSE(q.full_scan);
  Plan s = Must(e->ExplainStatement(Stmt("SELECT * FROM \"App\" WHERE status = 'OPEN'")));
  CHECK(s.operation == "Scan");
  CHECK(s.full_scan);
  CHECK(s.filter == "status = 'OPEN'");
  CHECK(s.reason == "no equality condition on the partition key PK -> full Scan");
  Plan d = Must(
      e->ExplainStatement(Stmt("DELETE FROM \"App\" WHERE PK = 'CUSTOMER#c2' AND SK = 'PROFILE'")));
  CHECK(d.operation == "DeleteItem");
  CHECK(Get(*e, "CUSTOMER#c2", "PROFILE"));
}

TEST_CASE("an index Query may filter on the table's own key attributes") {
  auto e = CourseEngine();
  auto r = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\".\"GSI1\" WHERE GSI1PK = 'STATUS#OPEN' AND SK = 'ORDER#3'")));
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0].at("total") == N("250"));
  CHECK(r.trace.operation == "Query");
}

TEST_CASE("a SELECT that scans an index filters on the table's partition key") {
  auto e = CourseEngine();
  auto r =
      Must(e->ExecuteStatement(Stmt("SELECT * FROM \"App\".\"GSI1\" WHERE PK = 'CUSTOMER#c1'")));
  CHECK(r.items.size() == 2);
  CHECK(r.trace.operation == "Scan");
  CHECK(r.trace.index == "GSI1");
}

TEST_CASE("nested paths, IN and IS MISSING filter as DynamoDB would") {
  auto e = CourseEngine();
  Must(e->ExecuteStatement(Stmt(
      "INSERT INTO \"App\" VALUE {'PK': 'X', 'SK': '1', 'm': {'a': [10, 20]}, 's': <<'p'>>}")));
  auto nested =
      Must(e->ExecuteStatement(Stmt("SELECT m.a[1] FROM \"App\" WHERE PK = 'X' AND m.a[0] = 10")));
  REQUIRE(nested.items.size() == 1);
  CHECK(nested.items[0].at("m").map().at("a").list().at(0) == N("20"));
  auto in = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\" WHERE status IN ['SHIPPED', 'LOST'] AND GSI1PK IS MISSING")));
  REQUIRE(in.items.size() == 1);
  CHECK(in.items[0].at("SK") == S("ORDER#2"));
  auto set = Must(e->ExecuteStatement(
      Stmt("SELECT * FROM \"App\" WHERE contains(s, 'p') AND attribute_type(m, 'M')")));
  CHECK(set.items.size() == 1);
}

TEST_CASE("an empty Parameters list is refused like DynamoDB's length constraint") {
  auto e = CourseEngine();
  ExecuteStatementRequest r = Stmt("SELECT * FROM \"App\" WHERE PK = 'a'");
  r.parameters = std::vector<AttributeValue>{};
  CHECK(Fails(e->ExecuteStatement(r)).message ==
        "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}
