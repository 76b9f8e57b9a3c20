// CreateTable's and UpdateTable's answers, both ways: their requests are still read by hand
// (requests_tables_json.cc), but their answers are modelled shapes (ddblab/model/tables.h), so
// the operations' codec entries hand them to the model. Members DynamoDB sends that ddblab does
// not model (SSEDescription, TableClassSummary, ...) are skipped when read.
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

}  // namespace ddblab::wire::internal
