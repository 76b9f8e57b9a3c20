// The operations still listed in DDBLAB_HAND_OPERATIONS whose request or response is already a
// modelled shape (ddblab/model/): their codec entries (declared for every hand operation in
// codec.h) hand those shapes to the model. CreateTable's and UpdateTable's answers
// (model/tables.h: their requests keep DynamoDB's own reporting order, read by hand in
// requests_tables_json.cc); the transactions' answers (model/transactions.h: a write action is
// one of four, read by hand in requests_batch_json.cc). An entry leaves this file when the other
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

Json ToJson(const TransactGetItemsResponse& r, std::string_view rcc) {
  return model_codec::WriteValue(r, rcc);
}
Json ToJson(const TransactWriteItemsResponse& r, std::string_view rcc) {
  return model_codec::WriteValue(r, rcc);
}
Status FromJson(const Json& j, TransactGetItemsResponse* r) {
  return FromJson<TransactGetItemsResponse>(j, r);
}
Status FromJson(const Json& j, TransactWriteItemsResponse* r) {
  return FromJson<TransactWriteItemsResponse>(j, r);
}

}  // namespace ddblab::wire::internal
