// The operations still listed in DDBLAB_HAND_OPERATIONS whose request or response is already a
// modelled shape (ddblab/model/): their codec entries (declared for every hand operation in
// codec.h) hand those shapes to the model. CreateTable's and UpdateTable's answers
// (model/tables.h: their requests keep DynamoDB's own reporting order, read by hand in
// requests_tables_json.cc) and the PartiQL operations' requests (model/partiql.h: their answers
// are written by hand in responses_items_json.cc). An entry leaves this file when the other
// half of its operation is modelled too.
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

Status FromJson(const Json& j, ExecuteStatementRequest* r) {
  return FromJson<ExecuteStatementRequest>(j, r);
}
Status FromJson(const Json& j, BatchExecuteStatementRequest* r) {
  return FromJson<BatchExecuteStatementRequest>(j, r);
}
Status FromJson(const Json& j, ExecuteTransactionRequest* r) {
  return FromJson<ExecuteTransactionRequest>(j, r);
}
Json ToJson(const ExecuteStatementRequest& r) { return model_codec::WriteValue(r); }
Json ToJson(const BatchExecuteStatementRequest& r) { return model_codec::WriteValue(r); }
Json ToJson(const ExecuteTransactionRequest& r) { return model_codec::WriteValue(r); }

}  // namespace ddblab::wire::internal
