// The aws-CLI subcommand tables and ddblab's operation table (ddblab/operations.h) name the same
// operations: every subcommand sends one the engine serves, and every operation the engine
// serves can be typed as a subcommand (of `aws dynamodb`, or `aws dynamodbstreams` for Streams).
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "ddblab/operations.h"
#include "ddblab/wire.h"
#include "session/cli/cli_internal.h"

namespace cli = ddblab::shell::cli;

TEST_CASE("Every aws-CLI subcommand sends an operation of the operation table and back") {
  const auto& served = ddblab::wire::SupportedOperations();
  std::set<std::string> table(served.begin(), served.end());
  std::set<std::string> typed;
  for (const auto* list : {&cli::SubcommandTable(), &cli::StreamsSubcommandTable()}) {
    for (const cli::SubcommandDef& def : *list) {
      INFO(def.name);
      CHECK(table.count(std::string(def.operation)) == 1);
      typed.insert(std::string(def.operation));
    }
  }
  for (const std::string& op : table) {
    INFO(op);
    CHECK(typed.count(op) == 1);
  }
}

TEST_CASE("Streams operations are exactly the operation table's kStream rows") {
  for (const std::string& op : ddblab::wire::SupportedOperations()) {
    INFO(op);
    bool in_streams_cli = false;
    for (const cli::SubcommandDef& def : cli::StreamsSubcommandTable()) {
      in_streams_cli = in_streams_cli || def.operation == op;
    }
    CHECK(ddblab::IsStreamsOperation(op) == in_streams_cli);
  }
  CHECK_FALSE(ddblab::IsStreamsOperation("NoSuchOperation"));
}
