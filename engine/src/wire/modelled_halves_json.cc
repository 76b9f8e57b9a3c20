// The operations still listed in DDBLAB_HAND_OPERATIONS whose request or response is already a
// modelled shape (ddblab/model/): their codec entries (declared for every hand operation in
// codec.h) hand those shapes to the model. CreateTable's and UpdateTable's answers
// (model/tables.h: their requests keep DynamoDB's own reporting order, read by hand in
// requests_tables_json.cc); Query's and Scan's requests (model/reads.h: their answers are
// written by hand, in responses_items_json.cc, and as text for serve in response_text.cc). An
// entry leaves this file when the other half of its operation is modelled too.
#include "wire/codec.h"

namespace ddblab::wire::internal {

Json ToJson(const CreateTableResponse& r, std::string_view) { return model_codec::WriteValue(r); }
Json ToJson(const UpdateTableResponse& r, std::string_view) { return model_codec::WriteValue(r); }
Status FromJson(const Json& j, CreateTableResponse* r) {
  return FromJson<CreateTableResponse>(j, r);
}
Status FromJson(const Json& j, UpdateTableResponse* r) {
  return FromJson<UpdateTableResponse>(j, r);
}

Status FromJson(const Json& j, QueryRequest* r) { return FromJson<Json, QueryRequest>(j, r); }
Status FromJson(const Json& j, ScanRequest* r) { return FromJson<Json, ScanRequest>(j, r); }
Json ToJson(const QueryRequest& r) { return ToJson<QueryRequest>(r); }
Json ToJson(const ScanRequest& r) { return ToJson<ScanRequest>(r); }

}  // namespace ddblab::wire::internal
