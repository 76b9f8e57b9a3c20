// What the REPL's statement runner adds to an engine call: a Query of 100 items and a PutItem,
// typed as aws-CLI text and as PartiQL, run through the session (classify, parse, the client,
// one StatementResult) against the same request made to the engine directly, in one run: the
// aws-CLI lines against Engine::Query and Engine::PutItem, the PartiQL statements against
// Engine::ExecuteStatement of the same text (parsing and planning PartiQL is the engine's work
// either way). Prints one line per statement: session and engine rates, and the session's cost
// as a multiple of the engine call (the README's target: at most 1.3).
#include <cstdio>
#include <memory>
#include <string>

#include "bench_support.h"
#include "ddblab/wire.h"
#include "shell/render/render.h"
#include "shell/session/session.h"

namespace ddblab::bench {
namespace {

void Statement(Engine& e, const std::string& text) {
  ExecuteStatementRequest r;
  r.statement = text;
  Check(e.ExecuteStatement(r).ok(), text.c_str());
}

void Session(wire::Client& client, const std::string& text) {
  shell::StatementResult r = shell::RunStatement(client, text);
  Check(r.ok, text.c_str());
}

// Output that goes nowhere: what rendering costs without the terminal.
class DiscardSink : public shell::OutputSink {
 public:
  void Write(shell::Stream, std::string_view) override {}
};

// The statement as the REPL shows it by default: run, then the table, footer and warnings.
void Shown(wire::Client& client, const std::string& text) {
  shell::StatementResult r = shell::RunStatement(client, text);
  Check(r.ok, text.c_str());
  DiscardSink sink;
  shell::Render(r, shell::RenderContext{}, sink);
}

}  // namespace

std::shared_ptr<Engine> OrdersEngine() {
  std::shared_ptr<Engine> e = NewEngine(false);
  for (int c = 0; c < 20; ++c) {
    for (int i = 0; i < 100; ++i) {
      PutItemRequest p;
      p.table_name = "Bench";
      char sk[32];
      std::snprintf(sk, sizeof sk, "ORDER#%08d", i);
      p.item = Order("CUSTOMER#" + std::to_string(c), sk, false);
      Check(e->PutItem(p).ok(), "seed");
    }
  }
  return e;
}

void PrintPath(const char* name, Rates r) {
  std::printf(
      "{\"name\": \"%s\", \"ops_per_s\": %.0f, \"engine_ops_per_s\": %.0f, \"ratio\": %.3f, "
      "\"cost_vs_engine\": %.2f}\n",
      name, r.first, r.second, r.first / r.second, r.second / r.first);
  std::fflush(stdout);
}

void BenchReplPath() {
  std::shared_ptr<Engine> e = OrdersEngine();
  std::unique_ptr<wire::Client> client = wire::MakeEmbeddedClient(e, "bench");

  auto query_engine = [&](int64_t i) { Query100(*e, i); };
  auto query_cli = [](int64_t i) {
    return "aws dynamodb query --table-name Bench --key-condition-expression 'PK = :pk' "
           "--expression-attribute-values '{\":pk\":{\"S\":\"CUSTOMER#" +
           std::to_string(i % 20) + "\"}}'";
  };
  PrintPath("repl_query_100_cli",
            Compare([&](int64_t i) { Session(*client, query_cli(i)); }, query_engine));
  // No target: what the REPL's default table mode adds to the statement (rows laid out, the
  // footer, the warnings), against the same engine call.
  PrintPath("repl_query_100_cli_shown",
            Compare([&](int64_t i) { Shown(*client, query_cli(i)); }, query_engine));
  auto select = [](int64_t i) {
    return "SELECT * FROM \"Bench\" WHERE PK = 'CUSTOMER#" + std::to_string(i % 20) + "'";
  };
  PrintPath("repl_query_100_partiql", Compare([&](int64_t i) { Session(*client, select(i)); },
                                              [&](int64_t i) { Statement(*e, select(i)); }));

  auto put_engine = [&](int64_t i) {
    PutItemRequest p;
    p.table_name = "Bench";
    p.item = Order("NEW#" + std::to_string(i % 1000), "PROFILE", false);
    Check(e->PutItem(p).ok(), "PutItem");
  };
  // The same item as the engine side writes: PK, SK, total, status and a 120-byte note.
  const std::string note(120, 'x');
  PrintPath("repl_put_item_cli",
            Compare(
                [&](int64_t i) {
                  Session(*client,
                          "aws dynamodb put-item --table-name Bench --item "
                          "'{\"PK\":{\"S\":\"NEW#" +
                              std::to_string(i % 1000) +
                              "\"},\"SK\":{\"S\":\"PROFILE\"},\"total\":{\"N\":\"12345\"},"
                              "\"status\":{\"S\":\"OPEN\"},\"note\":{\"S\":\"" +
                              note + "\"}}'");
                },
                put_engine));
  // INSERT refuses an existing key, so PartiQL replaces the item with UPDATE ... SET, which
  // writes the same attributes.
  auto update = [&](int64_t i) {
    return "UPDATE \"Bench\" SET total = 12345, status = 'OPEN', note = '" + note +
           "' WHERE PK = 'NEW#" + std::to_string(i % 1000) + "' AND SK = 'PROFILE'";
  };
  PrintPath("repl_put_item_partiql", Compare([&](int64_t i) { Session(*client, update(i)); },
                                             [&](int64_t i) { Statement(*e, update(i)); }));
}

}  // namespace ddblab::bench
