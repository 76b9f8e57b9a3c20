// Data-plane response bodies -> response structs (GetItem, PutItem, UpdateItem, DeleteItem,
// Query and Scan, the batches, the transactions and PartiQL), for the client of a remote
// endpoint: the inverses of responses_items_json.cc. Members ddblab does not model
// (ItemCollectionMetrics, ...) are skipped.
#include "wire/codec.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {
namespace {

// A list of read items (Query's Items, one table's list in BatchGetItem's Responses), read in
// the scope of its member.
std::vector<ResultItem> ReadItems(BodyReader& b, const Json& list) {
  std::vector<ResultItem> items;
  items.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i) {
    BodyReader::Scope at = b.At(i);
    if (std::optional<Item> item = b.ItemValue(list[i])) items.emplace_back(std::move(*item));
  }
  return items;
}

// Transactional reads answer one {"Item": ...} per request, {} for a missing item.
void ReadOptionalItems(BodyReader& b, const Json& list,
                       std::vector<std::optional<ResultItem>>* out) {
  for (size_t i = 0; i < list.size(); ++i) {
    BodyReader::Scope at = b.At(i);
    std::optional<Item> item;
    if (b.IsObject(list[i])) b.Read(list[i], "Item", &item);
    out->emplace_back(std::move(item));
  }
}

// GetItem (T = ResultItem) and the single-item writes' ReturnValues (T = Item).
template <class T>
Status ReadItemResponse(const Json& body, const char* member, bool read, std::optional<T>* item,
                        ConsumedCapacity* capacity) {
  BodyReader b;
  if (!b.Body(body)) return b.Finish();
  std::optional<Item> got;
  b.Read(body, member, &got);
  if (got) item->emplace(std::move(*got));
  b.ReadCapacity(body, read, capacity);
  return b.Finish();
}

// UnprocessedKeys' entries echo the request's KeysAndAttributes (KeysAndAttributesToJson).
KeysAndAttributes ReadKeysAndAttributes(BodyReader& b, const Json& j) {
  KeysAndAttributes k;
  if (const Json* keys = b.Array(j, "Keys")) {
    BodyReader::Scope in = b.In("Keys");
    for (size_t i = 0; i < keys->size(); ++i) {
      BodyReader::Scope at = b.At(i);
      if (std::optional<Item> key = b.ItemValue((*keys)[i])) k.keys.push_back(std::move(*key));
    }
  }
  b.Read(j, "ConsistentRead", &k.consistent_read);
  b.Read(j, "ProjectionExpression", &k.projection_expression);
  b.Read(j, "ExpressionAttributeNames", &k.expression_attribute_names);
  b.Read(j, "AttributesToGet", &k.attributes_to_get);
  return k;
}

// {"PutRequest": {"Item": ...}} or {"DeleteRequest": {"Key": ...}} (WriteRequestToJson).
WriteRequest ReadWriteRequest(BodyReader& b, const Json& j) {
  WriteRequest w;
  if (const Json* put = b.Object(j, "PutRequest")) {
    BodyReader::Scope in = b.In("PutRequest");
    b.Read(*put, "Item", &w.put_request_item);
  }
  if (const Json* del = b.Object(j, "DeleteRequest")) {
    BodyReader::Scope in = b.In("DeleteRequest");
    b.Read(*del, "Key", &w.delete_request_key);
  }
  return w;
}

// A BatchStatementError's Code back to the error type: DynamoDB drops the "Exception" suffix and
// says ValidationError and ThrottlingError (ToJson(BatchExecuteStatementResponse)). A code
// ddblab does not model (AccessDenied) is kept in the message of a ValidationException, as the
// remote client does with error bodies of unknown types.
Error BatchStatementError(const std::string& code, std::string message) {
  if (code == "ValidationError") return ValidationError(std::move(message));
  if (code == "ThrottlingError") {
    return MakeError(ErrorType::kThrottlingException, std::move(message));
  }
  for (int i = 0; i <= static_cast<int>(ErrorType::kInternalServerError); ++i) {
    const auto type = static_cast<ErrorType>(i);
    std::string_view name = ErrorTypeName(type);
    if (name.ends_with("Exception")) name.remove_suffix(9);
    if (name == code) return MakeError(type, std::move(message));
  }
  return ValidationError(code + (message.empty() ? "" : ": " + message));
}

}  // namespace

Status FromJson(const Json& j, GetItemResponse* r) {
  return ReadItemResponse(j, "Item", true, &r->item, &r->consumed_capacity);
}
Status FromJson(const Json& j, PutItemResponse* r) {
  return ReadItemResponse(j, "Attributes", false, &r->attributes, &r->consumed_capacity);
}
Status FromJson(const Json& j, UpdateItemResponse* r) {
  return ReadItemResponse(j, "Attributes", false, &r->attributes, &r->consumed_capacity);
}
Status FromJson(const Json& j, DeleteItemResponse* r) {
  return ReadItemResponse(j, "Attributes", false, &r->attributes, &r->consumed_capacity);
}

// Query and Scan (ScanResponse is QueryResponse).
Status FromJson(const Json& j, QueryResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  // DynamoDB: Select=COUNT answers with Count and ScannedCount but no Items.
  const Json* items = b.Array(j, "Items");
  r->count_only = items == nullptr;
  if (items != nullptr) {
    BodyReader::Scope in = b.In("Items");
    r->items = ReadItems(b, *items);
  }
  b.Read(j, "Count", &r->count);
  b.Read(j, "ScannedCount", &r->scanned_count);
  b.Read(j, "LastEvaluatedKey", &r->last_evaluated_key);
  b.ReadCapacity(j, true, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, BatchGetItemResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  if (const Json* responses = b.Object(j, "Responses")) {
    BodyReader::Scope in = b.In("Responses");
    for (auto it = responses->begin(); it != responses->end(); ++it) {
      const Json* items = b.Array(*responses, it.key());
      if (items == nullptr) continue;
      BodyReader::Scope table = b.In(it.key());
      r->responses[it.key()] = ReadItems(b, *items);
    }
  }
  if (const Json* unprocessed = b.Object(j, "UnprocessedKeys")) {
    BodyReader::Scope in = b.In("UnprocessedKeys");
    for (auto it = unprocessed->begin(); it != unprocessed->end(); ++it) {
      BodyReader::Scope table = b.In(it.key());
      if (b.IsObject(it.value())) {
        r->unprocessed_keys[it.key()] = ReadKeysAndAttributes(b, it.value());
      }
    }
  }
  b.ReadCapacities(j, true, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, BatchWriteItemResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  if (const Json* unprocessed = b.Object(j, "UnprocessedItems")) {
    BodyReader::Scope in = b.In("UnprocessedItems");
    for (auto it = unprocessed->begin(); it != unprocessed->end(); ++it) {
      const Json* writes = b.Array(*unprocessed, it.key());
      if (writes == nullptr) continue;
      BodyReader::Scope table = b.In(it.key());
      std::vector<WriteRequest>& list = r->unprocessed_items[it.key()];
      for (size_t i = 0; i < writes->size(); ++i) {
        BodyReader::Scope at = b.At(i);
        if (b.IsObject((*writes)[i])) list.push_back(ReadWriteRequest(b, (*writes)[i]));
      }
    }
  }
  b.ReadCapacities(j, false, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, TransactGetItemsResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  if (const Json* responses = b.Array(j, "Responses")) {
    BodyReader::Scope in = b.In("Responses");
    ReadOptionalItems(b, *responses, &r->responses);
  }
  b.ReadCapacities(j, true, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, TransactWriteItemsResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  // A repeated call (same ClientRequestToken) is charged as reads; CapacityFromJson sees it.
  b.ReadCapacities(j, false, &r->consumed_capacity);
  return b.Finish();
}

// PartiQL says by its statement whether it reads, and the body does not carry the statement:
// the remote client counts the capacity of its calls from the request (remote_client.cc), and
// here a body that returns items or pages is taken for a SELECT. A write's RETURNING values
// look the same; that only changes which unit a footer would name, never the JSON.
Status FromJson(const Json& j, ExecuteStatementResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  if (const Json* items = b.Array(j, "Items")) {
    BodyReader::Scope in = b.In("Items");
    r->items = ReadItems(b, *items);
  }
  b.Read(j, "NextToken", &r->next_token);
  b.Read(j, "LastEvaluatedKey", &r->last_evaluated_key);
  const bool read = !r->items.empty() || r->next_token || r->last_evaluated_key;
  b.ReadCapacity(j, read, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, BatchExecuteStatementResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  bool read = false;
  if (const Json* responses = b.Array(j, "Responses")) {
    BodyReader::Scope in = b.In("Responses");
    for (size_t i = 0; i < responses->size(); ++i) {
      BodyReader::Scope at = b.At(i);
      const Json& e = (*responses)[i];
      BatchStatementResponse s;
      if (b.IsObject(e)) {
        if (const Json* err = b.Object(e, "Error")) {
          BodyReader::Scope error = b.In("Error");
          std::string code, message;
          b.Read(*err, "Code", &code);
          b.Read(*err, "Message", &message);
          s.error = BatchStatementError(code, std::move(message));
          std::optional<Item> item;
          b.Read(*err, "Item", &item);
          if (item) s.error->item = std::make_shared<Item>(std::move(*item));
        }
        b.Read(e, "TableName", &s.table_name);
        std::optional<Item> item;
        b.Read(e, "Item", &item);
        // DynamoDB: a batch is all reads or all writes, and only a read's entry has an Item.
        if (item) {
          read = true;
          s.item.emplace(std::move(*item));
        }
      }
      r->responses.push_back(std::move(s));
    }
  }
  b.ReadCapacities(j, read, &r->consumed_capacity);
  return b.Finish();
}

Status FromJson(const Json& j, ExecuteTransactionResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  // Only a read transaction has Responses; its capacity's Read/WriteCapacityUnits say it too.
  const Json* responses = b.Array(j, "Responses");
  if (responses != nullptr) {
    BodyReader::Scope in = b.In("Responses");
    ReadOptionalItems(b, *responses, &r->responses);
  }
  b.ReadCapacities(j, responses != nullptr, &r->consumed_capacity);
  return b.Finish();
}

}  // namespace ddblab::wire::internal
