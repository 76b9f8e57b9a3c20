// The aws-CLI fast path answers only where the full path (ParseCliCommand, the model check, the
// decode) would send the same request, and declines everything else so that every error keeps
// the full path's message.
#include <catch2/catch.hpp>
#include <string>

#include "session/cli/cli_internal.h"
#include "shell/session/cli.h"

using ddblab::shell::FileAccess;
using ddblab::shell::ParseCliCommand;
using ddblab::shell::SplitWords;
using ddblab::shell::cli::FastCliCommand;
using ddblab::shell::cli::FastCommand;
using ddblab::shell::cli::ParameterValidationErrors;

namespace {

std::optional<FastCommand> Fast(const std::string& text) {
  auto words = SplitWords(text);
  REQUIRE(words.ok());
  FastCommand fast;
  if (!FastCliCommand(*words, &fast)) return std::nullopt;
  return fast;
}

}  // namespace

TEST_CASE("CLI fast path sends what the full path sends for everyday item and read commands") {
  const char* commands[] = {
      R"(aws dynamodb put-item --table-name Orders --item '{"PK":{"S":"C#1"},"SK":{"S":"O#1"}}')",
      R"(put-item --table-name Orders --item '{"PK":{"S":"C#1"},"n":{"N":"012.50"},)"
      R"("ok":{"BOOL":true},"gone":{"NULL":true},"u":{"S":"caf\u00e9 \ud83d\ude00 \"q\""}}')",
      "dynamodb put-item --table-name=Orders --item ' \n{ \"PK\" : {\"S\":\"x\"} } ' "
      "--return-consumed-capacity=TOTAL --return-values ALL_OLD",
      R"(put-item --table-name Orders --item='{"PK":{"S":"x"}}')",
      R"(put-item --table-name Orders --item '{"PK":{"S":"x"}}' )"
      R"(--condition-expression 'attribute_not_exists(#p) OR #p = :v' )"
      R"(--expression-attribute-names '{"#p":"PK"}' --expression-attribute-values '{":v":{"S":"y"}}' )"
      R"(--return-item-collection-metrics SIZE --return-values-on-condition-check-failure ALL_OLD)",
      R"(get-item --table-name Orders --key '{"PK":{"S":"a"}}' --consistent-read)",
      R"(get-item --table-name Orders --key '{"PK":{"S":"a"}}' --no-consistent-read )"
      R"(--projection-expression '#n, b' --expression-attribute-names '{"#n":"name"}')",
      R"(delete-item --table-name Orders --key '{"PK":{"S":"a"},"SK":{"N":"7"}}' --return-values ALL_OLD)",
      R"(update-item --table-name Orders --key '{"PK":{"S":"a"}}' --update-expression 'SET n = n + :one' )"
      R"(--expression-attribute-values '{":one":{"N":"1"}}' --return-values UPDATED_NEW)",
      R"(aws dynamodb query --table-name Orders --key-condition-expression 'PK = :pk' )"
      R"(--expression-attribute-values '{":pk":{"S":"C#1"}}')",
      R"(query --table-name Orders --index-name GSI1 --key-condition-expression 'G = :g' )"
      R"(--filter-expression 'x > :n' --expression-attribute-values '{":g":{"S":"a"},":n":{"N":"2"}}' )"
      R"(--no-scan-index-forward --select COUNT --limit 25 --return-consumed-capacity INDEXES)",
      R"(query --table-name Orders --key-condition-expression 'PK = :pk' --expression-attribute-values )"
      R"('{":pk":{"S":"a"}}' --exclusive-start-key '{"PK":{"S":"a"},"SK":{"S":"b"}}')",
      R"(scan --table-name Orders --limit 1 --segment 1 --total-segments 4 --consistent-read)",
      R"(scan --table-name Orders --projection-expression PK)",
      R"(scan --table-name Orders --conditional-operator OR)",
      // Every attribute type, nested; a repeated name (its last value, as Python's json module
      // reads it); an empty item, which the engine refuses as it would from the full path.
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"tags":{"SS":["a"]},"ns":{"NS":["1"]}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"m":{"M":{"a":{"L":[{"S":"b"}]}}}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"l":{"L":[]}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"b":{"B":"AQ=="},"bs":{"BS":["AQ=="]}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"PK":{"S":"y"}}')",
      R"(put-item --table-name Tbl --item '{}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' --expression-attribute-names '{}')",
  };
  for (const char* text : commands) {
    INFO(text);
    std::optional<FastCommand> fast = Fast(text);
    REQUIRE(fast.has_value());
    auto words = SplitWords(text);
    auto full = ParseCliCommand(*words, FileAccess::Local(""));
    REQUIRE(full.ok());
    REQUIRE(ParameterValidationErrors(full->request).empty());
    auto decoded = ddblab::wire::RequestFromJson(full->operation, full->request);
    REQUIRE(decoded.ok());
    CHECK(ddblab::wire::RequestToJson(fast->request).dump() ==
          ddblab::wire::RequestToJson(*decoded).dump());
    CHECK(fast->command.subcommand == full->subcommand);
    CHECK(fast->command.operation == full->operation);
    CHECK(fast->command.no_paginate == full->no_paginate);
    CHECK(fast->command.request.is_null());
  }
  CHECK(Fast("query --table-name Tbl --key-condition-expression 'PK = :p' "
             "--expression-attribute-values '{\":p\":{\"S\":\"a\"}}'")
            ->auto_paginated);
  CHECK_FALSE(Fast("scan --table-name Tbl --limit 5")->auto_paginated);
  CHECK_FALSE(Fast("get-item --table-name Tbl --key '{\"PK\":{\"S\":\"a\"}}'")->auto_paginated);
}

TEST_CASE("CLI fast path declines what only the full path reads or refuses") {
  const char* commands[] = {
      // Other subcommands, global options, paging controls, input files.
      R"(batch-get-item --request-items '{"T1":{"Keys":[{"PK":{"S":"x"}}]}}')",
      R"(list-tables)",
      R"(wait table-exists --table-name Tbl)",
      R"(aws --region us-east-1 dynamodb put-item --table-name Tbl --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' --output json)",
      R"(put-item --cli-input-json '{"TableName":"T1","Item":{"PK":{"S":"x"}}}')",
      R"(query --table-name Tbl --key-condition-expression 'PK = :p' --max-items 5)",
      R"(scan --table-name Tbl --page-size 5)",
      R"(scan --table-name Tbl --starting-token abc)",
      R"(scan --table-name Tbl --no-paginate)",
      // Values the fast reader does not take: shorthand, files, legacy parameters, lists of
      // strings, integers Python reads otherwise, a member beside an attribute value's type
      // (which the aws CLI's parameter check refuses), at any depth.
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x","note":1}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"m":{"M":{"a":{"S":"b","N":null}}}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"},"l":{"L":[{"X":"b"}]}}')",
      R"(update-item --table-name Tbl --key '{"PK":{"S":"x"}}' --update-expression 'SET a = :v' )"
      R"(--expression-attribute-values '{":v":{"S":"x","Q":1}}')",
      R"(put-item --table-name Tbl --item PK={S=x})",
      R"(put-item --table-name Tbl --item file://item.json)",
      R"(put-item --table-name file://name.txt --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' --expected '{"PK":{"Exists":false}}')",
      R"(get-item --table-name Tbl --key '{"PK":{"S":"x"}}' --attributes-to-get a b)",
      R"(query --table-name Tbl --key-conditions '{}')",
      R"(scan --table-name Tbl --limit 05)",
      R"(scan --table-name Tbl --limit +5)",
      R"(scan --table-name Tbl --limit ' 5')",
      R"(scan --table-name Tbl --limit -1)",
      // A request the model refuses (DynamoDB: Limit is at least 1): the full path says why.
      R"(scan --table-name Tbl --limit 0)",
      R"(query --table-name Tbl --key-condition-expression 'PK = :p' --limit 0)",
      R"(scan --table-name Tbl --limit 99999999999999999999)",
      R"(scan --table-name Tbl --consistent-read=true)",
      // Everything the full path refuses, with its own message.
      R"(put-item --table-name Tbl --item '{"PK":"x"}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x","N":"1"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"N":"1e999"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"NULL":false}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}} extra')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}},"ReturnValues":"ALL_OLD"')",
      R"(put-item --table-name Tbl --item '{"":{"S":"x"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":NaN}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' --item '{"PK":{"S":"y"}}')",
      R"(put-item --table-name Tbl)",
      R"(put-item --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name --item '{"PK":{"S":"x"}}')",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' stray)",
      "put-item --table-name Tbl --item=' {\"PK\":{\"S\":\"x\"}}'",
      R"(put-item --table-name Tbl --item '{"PK":{"S":"x"}}' --expression-attribute-names #p=PK)",
      R"(get-item --table-name Tbl --key '{"PK":{"S":"x"}}' --consistent-read --consistent-read)",
      R"(get-item --table-name Tbl --key '{"PK":{"S":"x"}}' --consistent-read --no-consistent-read)",
      R"(query --table-name Tbl --key-condition-expression)",
  };
  for (const char* text : commands) {
    INFO(text);
    CHECK_FALSE(Fast(text).has_value());
  }
}
