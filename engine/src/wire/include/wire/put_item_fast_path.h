// PutItem's fast path. Parsing a PutItem body into the JSON document and then the document into
// the request was a third of the call's instructions in `serve` (a node allocation per value, a
// copy per string); this reads the everyday body straight into the request. Its value and name
// readers are also public (wire::ReadEverydayValues, ReadEverydayNames in ddblab/wire.h), for
// the aws-CLI fast path.
//
// It answers only for bodies of the everyday shape, where the full path could not say anything
// else: a JSON object whose members are TableName and Item (both required), and optionally
// ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues, ReturnValues and
// ReturnConsumedCapacity, each once, never null; values of type S, N, BOOL or NULL (true) only;
// no repeated attribute or placeholder; every number valid and the item valid. Anything else
// (another member, a set, a list, a map, binary, an invalid number, malformed JSON) returns false
// and takes the full path, so every error keeps exactly one behaviour. The request is then run
// like any other: the engine's checks are the same.
#pragma once

#include <string_view>

#include "ddblab/requests.h"

namespace ddblab::wire::internal {

// Reads `body` into *r and returns true, or returns false (leaving *r unspecified).
bool FastPutItemRequest(std::string_view body, PutItemRequest* r);

}  // namespace ddblab::wire::internal
