// The typed results' JSON form, rendered once for the front ends that read JSON (json, ddbjson
// and jsonl output, Lua's r.output, lesson checks), and the request as written.
#include "shell/session/cli.h"
#include "shell/session/statement.h"

namespace ddblab::shell {

wire::Json PrintedJson(const std::optional<Response>& response,
                       const std::optional<std::string>& next_token,
                       std::string_view return_consumed_capacity, bool items_streamed) {
  wire::Json out =
      response ? wire::ResponseToJson(*response, return_consumed_capacity) : wire::Json::object();
  // Items a long read streamed as they arrived are not in the result.
  if (items_streamed) out.erase("Items");
  if (next_token) out["NextToken"] = *next_token;
  return out;
}

const wire::Json& StatementResult::output() const {
  std::optional<wire::Json>& cached = output_json_.value;
  if (cached) return *cached;
  wire::Json out;
  if (ok && !response && !document.is_null()) {
    out = document;
  } else if (ok) {
    out = PrintedJson(response, next_token, merged().return_consumed_capacity, streamed_items > 0);
  }
  cached = std::move(out);
  return *cached;
}

const wire::Json& StatementResult::request() const {
  if (!request_words_.empty()) {
    // The fast path took only words without file values, so no file is read here.
    auto parsed = ParseCliCommand(request_words_, FileAccess::Refused(kSolutionFileReason));
    if (parsed.ok()) request_ = std::move(parsed->request);
    request_words_.clear();
  }
  return request_;
}

void StatementResult::set_request(wire::Json request) {
  request_ = std::move(request);
  request_words_.clear();
}

void StatementResult::set_request_words(std::vector<std::string> words) {
  request_ = wire::Json();
  request_words_ = std::move(words);
}

}  // namespace ddblab::shell
