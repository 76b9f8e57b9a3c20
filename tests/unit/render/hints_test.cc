// The teaching hints (shell/hints.h) on hand-built results: the suggestion logic, the typed form
// of plain JSON, and each hint's trigger, with table descriptions given as JSON.
#include "shell/render/hints.h"

#include <catch2/catch.hpp>

namespace ddblab::shell {
namespace {

using wire::Json;

// Orders: PK (S) HASH, SK (S) RANGE; GSI1 keyed on GSI1PK.
Json OrdersTable() {
  return Json::parse(R"({
    "TableName": "Orders",
    "AttributeDefinitions": [
      {"AttributeName": "PK", "AttributeType": "S"},
      {"AttributeName": "SK", "AttributeType": "S"},
      {"AttributeName": "GSI1PK", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                  {"AttributeName": "SK", "KeyType": "RANGE"}],
    "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
      "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}]}]})");
}

// A DescribeTable "Table" object as the typed description the shell caches.
TableDescription Described(const Json& table) {
  Result<Response> r = wire::ResponseFromJson(Operation::DescribeTable, Json{{"Table", table}});
  REQUIRE(r.ok());
  return ResponseAs<Operation::DescribeTable>(*r)->table;
}

struct Tables {
  std::vector<std::string> names = {"Orders", "Customers", "Invoices"};
  TableDescription orders = Described(OrdersTable());
  HintTables Get() {
    HintTables t;
    t.names = [this] { return names; };
    t.describe = [this](const std::string& n) -> const TableDescription* {
      return n == "Orders" ? &orders : nullptr;
    };
    return t;
  }
};

StatementResult Failed(InputKind kind, std::string input, ErrorType type, std::string message) {
  StatementResult r;
  r.kind = kind;
  r.input = std::move(input);
  r.ok = false;
  r.error.type = type;
  r.error.message = std::move(message);
  return r;
}

TEST_CASE("ClosestNames: case, prefix and small slips match, closest first, at most the limit") {
  std::vector<std::string> names = {"Orders", "orders-archive", "Customers", "Invoices"};
  CHECK(ClosestNames("Ordres", names, 3) == std::vector<std::string>{"Orders"});
  CHECK(ClosestNames("orders", names, 3) == std::vector<std::string>{"Orders", "orders-archive"});
  CHECK(ClosestNames("orders", names, 1) == std::vector<std::string>{"Orders"});
  CHECK(ClosestNames("Products", names, 3).empty());
}

TEST_CASE("TypedForm: plain JSON values get their DynamoDB type, typed values are kept") {
  // DynamoDB: AttributeValue (API reference) - S, N (a string), BOOL, NULL, L, M.
  Json plain = Json::parse(R"({"PK":"x","n":5,"ok":true,"none":null,"l":[1,"a"],
                               "m":{"k":"v"},"typed":{"S":"y"}})");
  CHECK(TypedAttributeMap(plain).dump() ==
        R"({"PK":{"S":"x"},"n":{"N":"5"},"ok":{"BOOL":true},"none":{"NULL":true},)"
        R"("l":{"L":[{"N":"1"},{"S":"a"}]},"m":{"M":{"k":{"S":"v"}}},"typed":{"S":"y"}})");
}

TEST_CASE("PartiqlKeywordSuggestion: a misspelt keyword is named, keywords and names are not") {
  CHECK(PartiqlKeywordSuggestion("SELEC") == "SELECT");
  CHECK(PartiqlKeywordSuggestion("FORM") == "FROM");
  CHECK(PartiqlKeywordSuggestion("wher") == "WHERE");
  CHECK(PartiqlKeywordSuggestion("FROM").empty());
  CHECK(PartiqlKeywordSuggestion("Customers").empty());
}

TEST_CASE("DotCommandHint: a misspelt dot-command gets the closest one") {
  CHECK(DotCommandHint(".tabels", {".tables", ".mode", ".help"}) == "did you mean .tables?");
  CHECK(DotCommandHint(".zzzzzz", {".tables", ".mode", ".help"}).empty());
}

TEST_CASE("Unknown table: the hint names the table asked for and the closest tables") {
  // DynamoDB: ResourceNotFoundException says only "Requested resource not found".
  Tables tables;
  StatementResult r = Failed(InputKind::kCli, "scan --table-name Ordres",
                             ErrorType::kResourceNotFoundException, "Requested resource not found");
  r.set_request({{"TableName", "Ordres"}});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(there is no table named "Ordres"; did you mean "Orders"?)");
  r.set_request({{"TableName", "Products"}});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(there is no table named "Products"; the tables are Orders, Customers, Invoices)");
  tables.names.clear();
  CHECK(
      TeachingHint(r, tables.Get()) ==
      R"(there is no table named "Products"; this database has no tables yet (create-table makes one))");
}

TEST_CASE("Double-quoted value: a key compared with an undefined double-quoted name is hinted") {
  Tables tables;
  StatementResult r;
  r.kind = InputKind::kPartiql;
  r.input = R"(SELECT * FROM "Orders" WHERE PK = "CUST#1")";
  r.ok = true;
  r.response = MakeResponse<Operation::ExecuteStatement>(ExecuteStatementResponse{});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"("CUST#1" in double quotes names an attribute, so this compares PK with an attribute )"
        R"(called CUST#1 (no item has one); a value takes single quotes: PK = 'CUST#1')");
  // Comparing two defined attributes, or a statement that found items, is left alone.
  r.input = R"(SELECT * FROM "Orders" WHERE PK = "GSI1PK")";
  CHECK(TeachingHint(r, tables.Get()).empty());
  StatementResult found = r;
  found.input = R"(SELECT * FROM "Orders" WHERE PK = "CUST#1")";
  ExecuteStatementResponse one;
  one.items.emplace_back(Item{});
  found.response = MakeResponse<Operation::ExecuteStatement>(std::move(one));
  CHECK(TeachingHint(found, tables.Get()).empty());
}

TEST_CASE("Untyped item: the hint shows the option in DynamoDB JSON") {
  // DynamoDB: an attribute value without a type is a SerializationException.
  Tables tables;
  StatementResult r = Failed(InputKind::kCli, "put-item ...", ErrorType::kSerializationException,
                             "Unexpected value type in payload");
  r.set_request({{"TableName", "Orders"}, {"Item", {{"PK", "x"}}}});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(DynamoDB JSON gives every value its type ({"S": ...} for a string, {"N": ...} for a )"
        R"(number); --item typed reads '{"PK":{"S":"x"}}')");
}

TEST_CASE("Key condition: the hint names the partition and sort keys and other attributes") {
  // DynamoDB: Query, KeyConditionExpression - equality on the partition key; =, <, <=, >, >=,
  // BETWEEN or begins_with on the sort key.
  Tables tables;
  StatementResult r = Failed(InputKind::kCli, "query ...", ErrorType::kValidationException,
                             "Query key condition not supported");
  r.operation = "Query";
  r.set_request({{"TableName", "Orders"},
                 {"KeyConditionExpression", "PK = :p AND #s = :s"},
                 {"ExpressionAttributeNames", {{"#s", "status"}}}});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(on table "Orders" the partition key is PK (S), which takes only equality (PK = :v); )"
        R"(the sort key is SK (S), which takes =, <, <=, >, >=, BETWEEN or begins_with; status )"
        R"(is not a key attribute, so a condition on it goes in --filter-expression)");
  r.set_request({{"TableName", "Orders"},
                 {"IndexName", "GSI1"},
                 {"KeyConditionExpression", "begins_with(GSI1PK, :p)"}});
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(on index "GSI1" the partition key is GSI1PK (S), which takes only equality )"
        R"((GSI1PK = :v); there is no sort key)");
}

TEST_CASE("Index suggestion: a SELECT that scans names the index keyed on its equality") {
  Tables tables;
  StatementResult r;
  r.kind = InputKind::kExplain;
  r.input = R"(EXPLAIN SELECT * FROM "Orders" WHERE GSI1PK = 'g' AND x = 1)";
  r.ok = true;
  CHECK(TeachingHint(r, tables.Get()) ==
        R"(GSI1 is keyed on GSI1PK: SELECT ... FROM "Orders"."GSI1" WHERE GSI1PK = 'g' reads one )"
        R"(item collection instead of the whole table)");
  // The base table's own key serves it, or the index is already named: nothing to add.
  r.input = R"(EXPLAIN SELECT * FROM "Orders" WHERE PK = 'a' AND GSI1PK = 'g')";
  CHECK(TeachingHint(r, tables.Get()).empty());
  r.input = R"(EXPLAIN SELECT * FROM "Orders"."GSI1" WHERE GSI1PK = 'g')";
  CHECK(TeachingHint(r, tables.Get()).empty());
}

TEST_CASE("Misspelt option: a required option missing because it was misspelt is named") {
  Tables tables;
  StatementResult r =
      Failed(InputKind::kCli, "scan --table-nme Orders", ErrorType::kValidationException,
             "aws: error: the following arguments are required: --table-name");
  r.parse_error = true;
  CHECK(TeachingHint(r, tables.Get()) == "did you mean --table-name (not --table-nme)?");
}

}  // namespace
}  // namespace ddblab::shell
