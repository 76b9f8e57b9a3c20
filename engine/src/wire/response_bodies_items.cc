// The batches' response bodies -> response structs, for the client of a remote endpoint: the
// inverses of responses_items_json.cc. Members ddblab does not
// model (ItemCollectionMetrics, ...) are skipped.
#include "wire/codec.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {
namespace {

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

}  // namespace

Status FromJson(const Json& j, BatchGetItemResponse* r) {
  BodyReader b;
  if (!b.Body(j)) return b.Finish();
  if (const Json* responses = b.Object(j, "Responses")) {
    BodyReader::Scope in = b.In("Responses");
    for (auto it = responses->begin(); it != responses->end(); ++it) {
      const Json* items = b.Array(*responses, it.key());
      if (items == nullptr) continue;
      BodyReader::Scope table = b.In(it.key());
      r->responses[it.key()] = model_codec::ReadBodyItems(b, *items);
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

}  // namespace ddblab::wire::internal
