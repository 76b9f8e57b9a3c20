// put-item's fast path answers only where the full path (ParseCliCommand, the model check, the
// decode) would send the same request, and declines everything else so that every error keeps
// the full path's message.
#include <catch2/catch.hpp>
#include <string>

#include "session/cli/cli_internal.h"
#include "shell/session/cli.h"

using ddblab::PutItemRequest;
using ddblab::Request;
using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using ddblab::shell::cli::FastPutItem;
using ddblab::shell::cli::ParameterValidationErrors;
using Json = ddblab::wire::Json;

namespace {

std::optional<PutItemRequest> Fast(const std::string& text) {
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  return FastPutItem(*words);
}

// The request the full path sends for `text`, as JSON.
std::string FullPathRequest(const std::string& text) {
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  auto command = ParseCliCommand(*words, FileAccess::Local(""));
  REQUIRE(command.ok());
  REQUIRE(ParameterValidationErrors(command->request).empty());
  auto decoded = ddblab::wire::RequestFromJson("PutItem", command->request);
  REQUIRE(decoded.ok());
  return ddblab::wire::RequestToJson(*decoded).dump();
}

}  // namespace

TEST_CASE("put-item fast path sends what the full path sends for everyday commands") {
  const char* commands[] = {
      R"(aws dynamodb put-item --table-name Orders --item '{"PK":{"S":"C#1"},"SK":{"S":"O#1"}}')",
      R"(put-item --table-name Orders --item '{"PK":{"S":"C#1"},"n":{"N":"012.50"},)"
      R"("ok":{"BOOL":true},"gone":{"NULL":true},"u":{"S":"caf\u00e9 \ud83d\ude00 \"q\""}}')",
      "dynamodb put-item --table-name=Orders --item ' \n{ \"PK\" : {\"S\":\"x\"} } ' "
      "--return-consumed-capacity=TOTAL --return-values ALL_OLD",
      R"(put-item --table-name Orders --item='{"PK":{"S":"x"}}')",
      R"(put-item --table-name Orders --item '{"PK":{"S":"x"}}' )"
      R"(--condition-expression 'attribute_not_exists(#p) OR #p = :v' )"
      R"(--expression-attribute-names '{"#p":"PK"}' --expression-attribute-values '{":v":{"S":"y"}}')",
  };
  for (const char* text : commands) {
    INFO(text);
    std::optional<PutItemRequest> fast = Fast(text);
    REQUIRE(fast.has_value());
    CHECK(ddblab::wire::RequestToJson(Request(*fast)).dump() == FullPathRequest(text));
  }
}

TEST_CASE("put-item fast path declines what only the full path reads or refuses") {
  const char* commands[] = {
      // Not put-item, or global options, paging or input-file options around it.
      R"(get-item --table-name Orders --key '{"PK":{"S":"x"}}')",
      R"(aws --region us-east-1 dynamodb put-item --table-name T1 --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' --output json)",
      R"(put-item --cli-input-json '{"TableName":"T1","Item":{"PK":{"S":"x"}}}')",
      // Values the fast reader does not take: shorthand, files, sets, maps, lists, binary.
      R"(put-item --table-name T1 --item PK={S=x})",
      R"(put-item --table-name T1 --item file://item.json)",
      R"(put-item --table-name file://name.txt --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"},"tags":{"SS":["a"]}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"},"m":{"M":{"a":{"S":"b"}}}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"},"l":{"L":[]}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"},"b":{"B":"AQ=="}}')",
      // Everything the full path refuses, with its own message.
      R"(put-item --table-name T1 --item '{"PK":"x"}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x","N":"1"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"},"PK":{"S":"y"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"N":"1e999"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"NULL":false}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}} extra')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}},"ReturnValues":"ALL_OLD"')",
      R"(put-item --table-name T1 --item '{}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":NaN}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' --item '{"PK":{"S":"y"}}')",
      R"(put-item --table-name T1)",
      R"(put-item --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' stray)",
      "put-item --table-name T1 --item=' {\"PK\":{\"S\":\"x\"}}'",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' --return-item-collection-metrics SIZE)",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' --expression-attribute-names '{}')",
      R"(put-item --table-name T1 --item '{"PK":{"S":"x"}}' --expression-attribute-names #p=PK)",
  };
  for (const char* text : commands) {
    INFO(text);
    CHECK_FALSE(Fast(text).has_value());
  }
}
