// The session tier on its own: the statement-boundary rule (docs/shell.md, "Where a statement
// ends") and what RunStatement gives for text that is not a statement.
#include "shell/session/session.h"

#include <catch2/catch.hpp>
#include <memory>

#include "shell/session/boundary.h"

namespace ddblab::shell {
namespace {

// A backend that must never be called: these inputs never reach one.
class NoBackend : public wire::Client {
 public:
  wire::JsonResult Call(std::string_view, const wire::Json&) override {
    FAIL("no call was expected");
    return {};
  }
  std::string Describe() const override { return "none"; }
};

TEST_CASE("Session: a PartiQL statement continues after WHERE, AND or an operator") {
  CHECK(InputIncomplete("SELECT * FROM \"t\" WHERE"));
  CHECK(InputIncomplete("SELECT * FROM \"t\" WHERE PK = 'a' AND"));
  CHECK(InputIncomplete("UPDATE \"t\" SET a ="));
  CHECK_FALSE(InputIncomplete("SELECT * FROM \"t\" WHERE PK = 'a'"));
  CHECK_FALSE(InputIncomplete("SELECT * FROM \"t\" -- WHERE"));
  CHECK(IncompleteReason("SELECT * FROM \"t\" WHERE") == "it ends with WHERE");
  CHECK(IncompleteReason("SELECT * FROM \"t\" WHERE a = 'x") == "a ' string is still open");
  CHECK(IncompleteReason("put-item --item '{\"a\":") == "a ' quote is still open");
  CHECK(SoftlyIncomplete("SELECT * FROM \"t\" WHERE"));
  CHECK_FALSE(SoftlyIncomplete("SELECT * FROM \"t\" WHERE a = 'x"));
}

TEST_CASE("Session: a blank line or a dot-command cuts a softly incomplete statement short") {
  auto v = SplitStatements(
      "SELECT * FROM \"t\" WHERE\n\n.mode json\nSELECT * FROM \"t\" WHERE\n"
      "  PK = 'a'\r\n");
  REQUIRE(v.size() == 3);
  CHECK(v[0].text == "SELECT * FROM \"t\" WHERE");
  CHECK_FALSE(v[0].complete);
  CHECK(v[1].text == ".mode json");
  CHECK(v[1].line == 3);
  CHECK(v[2].text == "SELECT * FROM \"t\" WHERE\n  PK = 'a'");
  CHECK(v[2].complete);
}

TEST_CASE("Session: an open quote at the end of a file is cut short, never dropped") {
  auto v = SplitStatements("# comment\nput-item --item '{\"a\":\n");
  REQUIRE(v.size() == 1);
  CHECK(v[0].line == 2);
  CHECK_FALSE(v[0].complete);
}

TEST_CASE("Session: PartiQL joins backslash continuations and drops a trailing semicolon") {
  CHECK(PartiqlWireText("SELECT * FROM \"t\" \\\nWHERE PK = 'a';") ==
        "SELECT * FROM \"t\"  WHERE PK = 'a'");
}

TEST_CASE("Session: dot-commands and empty text are not statements, and say so") {
  NoBackend client;
  StatementResult dot = RunStatement(client, ".mode json");
  CHECK(dot.kind == InputKind::kDot);
  CHECK_FALSE(dot.ok);
  CHECK(dot.error.message == ".mode is a dot-command of the shell, not a statement");
  StatementResult empty = RunStatement(client, "   ");
  CHECK_FALSE(empty.ok);
  CHECK(empty.error.message == "the statement is empty");
}

std::unique_ptr<wire::Client> EmbeddedWithTable() {
  auto e = Engine::Open(EngineOptions{});
  REQUIRE(e.ok());
  auto client = wire::MakeEmbeddedClient(std::shared_ptr<Engine>(std::move(*e)), "test");
  REQUIRE(
      RunStatement(*client,
                   "create-table --table-name Orders --attribute-definitions "
                   "AttributeName=PK,AttributeType=S --key-schema AttributeName=PK,KeyType=HASH "
                   "--billing-mode PAY_PER_REQUEST")
          .ok);
  return client;
}

TEST_CASE("Session: a fast-path put-item shows the request as written, as the full path would") {
  auto client = EmbeddedWithTable();
  const std::string text =
      R"(aws dynamodb put-item --table-name Orders --item '{"PK":{"S":"a"},"n":{"N":"1.50"}}' )"
      R"(--return-consumed-capacity TOTAL)";
  StatementResult r = RunStatement(*client, text);
  REQUIRE(r.ok);
  CHECK(r.kind == InputKind::kCli);
  CHECK(r.subcommand == "put-item");
  CHECK(r.operation == "PutItem");
  REQUIRE(r.sent.has_value());
  CHECK(std::get<PutItemRequest>(*r.sent).item.at("n") ==
        AttributeValue::N(*Decimal::Parse("1.5")));
  CHECK(r.merged().capacity.size() == 1);
  // The request as written keeps the number as typed; a copy made before the first look at it
  // parses its own.
  StatementResult copy = r;
  const auto written =
      wire::Json::parse(R"({"TableName":"Orders","Item":{"PK":{"S":"a"},"n":{"N":"1.50"}},)"
                        R"("ReturnConsumedCapacity":"TOTAL"})");
  CHECK(r.request() == written);
  CHECK(copy.request() == written);
  copy.set_request(wire::Json::object());
  CHECK(copy.request() == wire::Json::object());
  CHECK(RunStatement(*client, R"(get-item --table-name Orders --key '{"PK":{"S":"a"}}')")
            .output()["Item"]["n"]["N"] == "1.5");
}

TEST_CASE("Session: a put-item the fast path declines gives the full path's error") {
  auto client = EmbeddedWithTable();
  StatementResult r =
      RunStatement(*client, R"(put-item --table-name Orders --item '{"PK":{"S":"a"}}' --item x)");
  CHECK_FALSE(r.ok);
  CHECK(r.parse_error);
  CHECK(r.error.message ==
        "aws: error: argument --item: given more than once; give each option once");
}

}  // namespace
}  // namespace ddblab::shell

// 100,000 backslash continuations are one statement, gathered in one pass over the text (a
// rescan per line would take minutes here and fail the test's time limit).
TEST_CASE("100,000 continuation lines make one statement") {
  std::string text = "aws dynamodb list-tables \\";
  for (int i = 0; i < 100000; ++i) text += "\n  --no-paginate \\";
  text += "\n  --no-paginate\n";
  auto statements = ddblab::shell::SplitStatements(text);
  REQUIRE(statements.size() == 1);
  CHECK(statements[0].complete);
  CHECK(statements[0].text.size() == text.size() - 1);
}
