// The DynamoDB JSON (1.0) document model: converts DynamoDB request bodies into the engine's
// request structs and responses back into DynamoDB's response bodies. The shell, the server and
// the Lua runtime all go through ExecuteJson, so every front end speaks exactly DynamoDB's JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "ddblab/bulk_load.h"
#include "ddblab/call.h"
#include "ddblab/engine.h"

namespace ddblab::wire {

using Json = nlohmann::ordered_json;

// Parses JSON text (RFC 8259) in time linear in its size, into a document built from the one
// reader's tape (request bodies are read from the tape itself: RequestFromText). Integers are
// unsigned without a minus sign and signed with one, numbers with a fraction or an exponent or
// beyond 64 bits are doubles (one too large for a double is an error), a leading byte order mark
// is skipped, and a repeated member keeps its first position and its last value. Nesting is read
// with a heap stack; containers deeper than 256 levels are read but left empty. Returns a
// discarded value on a syntax error. (engine/src/wire/json_tape.cc, parse_json.cc)
Json ParseJson(std::string_view text);

// Appends `key` to a JSON object known not to hold it yet, without the linear duplicate search
// of Json::operator[] (rendering an item of n attributes stays linear).
void AppendMember(Json& object, std::string key, Json value);

// An empty JSON object with room for `members` members. An ordered object is a vector of
// (const key, value) pairs, which cannot be moved: each time it grows it deep-copies every
// member, so an object that will hold a large member (a response's Items) and more after it
// should start with room for all of them.
Json ObjectWithRoom(size_t members);

// AttributeValue <-> DynamoDB JSON ({"S": "x"}, {"N": "1"}, {"B": "<base64>"}, ...).
// JSON-shape problems are SerializationException; value rules (empty sets, NULL false, bad
// numbers) are ValidationException with DynamoDB's messages.
Result<AttributeValue> ValueFromJson(const Json& j);
Json ValueToJson(const AttributeValue& v);
Result<Item> ItemFromJson(const Json& j);
Json ItemToJson(const Item& item);
// A read's item; one still in its storage encoding is rendered without being decoded.
Json ItemToJson(const ResultItem& item);

// JSON text read straight into typed values, without a document (the aws-CLI fast command's item
// and placeholder options, .import's lines): an object of attribute values (an item or key, or
// ExpressionAttributeValues), each naming exactly one of DynamoDB's types and no other member at
// any depth, or an object of strings (ExpressionAttributeNames). Each answers false, leaving *out
// unspecified, for any other text (malformed, the wrong JSON types, a value rule broken); a
// caller that must say why reads the text into a document and decodes that. An item read this
// way is checked as an item (ValidateItem).
bool ReadValuesText(std::string_view json, Item* out);
bool ReadValuesText(std::string_view json, ExpressionAttributeValues* out);
bool ReadNamesText(std::string_view json, ExpressionAttributeNames* out);

// Renders a ConsumedCapacity as DynamoDB does for the given ReturnConsumedCapacity value
// ("TOTAL" or "INDEXES"; "NONE" or empty gives null).
Json CapacityToJson(const ConsumedCapacity& c, std::string_view return_consumed_capacity);
// The inverse of CapacityToJson; `read` says whether the operation reads (a TOTAL-only answer
// gives CapacityUnits alone). A transactional answer always shows its own side
// (ReadCapacityUnits or WriteCapacityUnits) and the other only when non-zero; where the sides
// shown tell which it is, they decide instead. Members of the wrong JSON type count as absent.
ConsumedCapacity CapacityFromJson(const Json& j, bool read);

// Renders a Trace (ddblab extension) as {"operation", "table", "index", "items_read",
// "items_returned", "bytes_read", "bytes_written", "partitions_hit", "partitions_total", ...}.
Json TraceToJson(const Trace& t);

// The Code of a BatchExecuteStatement entry's error: the error type without "Exception"
// (ConditionalCheckFailed, DuplicateItem; ValidationError and ThrottlingError keep an "Error").
std::string BatchStatementErrorCode(ErrorType type);
// The inverse, for a remote endpoint's answer. A code ddblab does not model (AccessDenied) is
// kept in the message of a ValidationException, as the remote client does with error bodies of
// unknown types.
Error ErrorFromBatchStatementCode(const std::string& code, std::string message);

// DynamoDB's error body: {"__type": "<namespace>#<Type>", "message": ...} plus
// CancellationReasons / Item where present (TransactionCanceledException uses "Message").
Json ErrorToJson(const Error& e);

// Outcome of one JSON call.
struct JsonResult {
  bool ok = false;
  Json body;    // the response body, or the error body when !ok
  Error error;  // when !ok
  int http_status = 200;
  Trace trace;                             // empty when the request did not reach the engine
  std::vector<ConsumedCapacity> capacity;  // always computed, whatever ReturnConsumedCapacity says
};

// Runs `operation` ("PutItem", "Query", ... as in X-Amz-Target "DynamoDB_20120810.<op>") with a
// parsed request body. An unknown operation is UnknownOperationException; a body whose members
// have the wrong JSON types is SerializationException.
JsonResult ExecuteJson(Engine& engine, std::string_view operation, const Json& request);

// Same, from the raw body text (malformed JSON is SerializationException).
JsonResult ExecuteJsonText(Engine& engine, std::string_view operation, std::string_view body);

// The operation names ExecuteJson accepts, in DynamoDB's spelling.
const std::vector<std::string>& SupportedOperations();

// DynamoDB's operations that need Amazon S3 (ImportTable, ExportTableToPointInTime and their
// Describe/List companions), which ddblab cannot serve: the refusal of `operation` when it is
// one of them (UnknownOperationException naming the shell's `.export`/`.import`, which write and
// read the same file format), nullopt otherwise. Every front door (serve, the aws CLI in the
// shell, Lua's ddb.call) gives this same answer.
std::optional<Error> RefuseS3Operation(std::string_view operation);

// EXPLAIN as JSON: `operation` is "ExecuteStatement", "Query" or "Scan" with that operation's
// request body; the body of the result is PlanToJson of the plan (nothing runs, nothing is
// consumed).
JsonResult ExplainJson(Engine& engine, std::string_view operation, const Json& request);
Json PlanToJson(const Plan& plan);
Json PartitionMapToJson(const PartitionMap& map);

// The typed call (ddblab/call.h) at its JSON edges. RequestFromJson decodes a body as ExecuteJson
// does (SerializationException for wrong JSON types, DynamoDB's validation messages, members
// ddblab does not model refused by name; UnknownOperationException for an unknown name).
// RequestToJson and ResponseFromJson are the reverse codecs a client of a remote endpoint needs:
// RequestFromJson(RequestToJson(r)) gives r back, ResponseToJson(ResponseFromJson(b)) gives b
// back less members ddblab does not model. ToJsonResult renders a typed call's body.
Result<Request> RequestFromJson(std::string_view operation, const Json& body);
// The same from the body's text, read without a document (malformed JSON is a
// SerializationException without a message, as DynamoDB answers it).
Result<Request> RequestFromText(std::string_view operation, std::string_view body);
// The service model's member constraints of a typed request (enums, lengths, ranges, table
// names), as RequestFromJson checks a body's while reading it. The aws-CLI fast command, which
// builds a typed request from a command's words, declines one that breaks them, so the full
// parser reports the violations and both paths answer alike.
Status CheckModelConstraints(const Request& request);
Json RequestToJson(const Request& request);
Json ResponseToJson(const Response& response, std::string_view return_consumed_capacity);
Result<Response> ResponseFromJson(Operation operation, const Json& body);
JsonResult ToJsonResult(CallResult call);

// ddblab's own operations, an extension of DynamoDB's request set that every Client accepts
// through Call. The embedded engine answers them; a remote endpoint refuses them with a
// ValidationException that says so. Bodies and answers:
//   ddblab:Explain             {"Operation": "Query"|"Scan"|"GetItem"|"ExecuteStatement",
//                              "Request": {...}}
//                              -> PlanToJson (nothing runs, nothing is consumed)
//   ddblab:DescribePartitions  {"TableName": T, "IndexName"?: I} -> PartitionMapToJson
//   ddblab:SetPartitionCount   {"TableName": T, "PartitionCount": N} -> {} (0 restores the
//                              derived count)
inline constexpr std::string_view kExplainOperation = "ddblab:Explain";
inline constexpr std::string_view kDescribePartitionsOperation = "ddblab:DescribePartitions";
inline constexpr std::string_view kSetPartitionCountOperation = "ddblab:SetPartitionCount";
bool IsExtensionOperation(std::string_view operation);
// Runs one extension operation against an engine.
JsonResult ExecuteExtensionJson(Engine& engine, std::string_view operation, const Json& request);

// A connection to a DynamoDB-compatible backend that speaks DynamoDB JSON: the embedded engine,
// or a remote endpoint (the shell's --endpoint). The shell, the Lua lab runtime and the graders
// talk only to a Client.
class Client {
 public:
  virtual ~Client() = default;
  // One DynamoDB operation as typed values: what the shell, the lab and the graders use. This
  // default sends the request's JSON form through Call and reads the answer back
  // (RequestToJson, ResponseFromJson); the embedded client runs it on the engine directly.
  virtual CallResult Execute(const Request& request);
  // One DynamoDB operation, or one of ddblab's extension operations (above), as JSON bodies:
  // the edge for Lua's ddb.call and for the extensions.
  virtual JsonResult Call(std::string_view operation, const Json& request) = 0;
  // True for a remote endpoint, where capacity is the service's and partitions are not known.
  virtual bool IsRemote() const { return false; }
  // One line for banners and prompts: "transient in-memory database", "file lab.db",
  // "endpoint http://127.0.0.1:8000".
  virtual std::string Describe() const = 0;
  // Loads every item `next` yields into `table` as PutItem would (replacing an item with the
  // same key), for .import and .generate. This default sends BatchWriteItem calls of up to 25
  // items through Call, retrying unprocessed items, so a failure leaves the batches already
  // written in place; the embedded engine overrides it to load all or nothing in one storage
  // transaction (ImportItems). Not an operation of Call: Lua code and `serve` clients use
  // BatchWriteItem themselves.
  virtual BulkLoadResult BulkLoad(const std::string& table, const ItemSource& next);
  // Commit notifications of the database behind this client (Engine::Subscribe); a remote
  // endpoint refuses: its commits are not seen here. Not an operation of Call.
  virtual Result<int> Subscribe(CommitSubscriber subscriber) {
    (void)subscriber;
    return ValidationError(
        "stream handlers run on ddblab's own database, not on an endpoint's (its commits are "
        "not seen here)");
  }
  virtual void Unsubscribe(int id) { (void)id; }
  // Copies the whole database to a new file (Engine::SaveCopy); a remote endpoint refuses. Not
  // an operation of Call, so Lua code and `serve` clients cannot write files through it.
  virtual Status SaveCopy(const std::string& path) {
    (void)path;
    return ValidationError(".save works on ddblab's own database, not on an endpoint");
  }
};

// One typed call of a known operation through a client: its response, or its error.
template <Operation op>
Result<ResponseOf<op>> Invoke(Client& client, RequestOf<op> request) {
  CallResult r =
      client.Execute(Request(std::in_place_index<static_cast<size_t>(op)>, std::move(request)));
  if (!r.ok) return std::move(r.error);
  if (!r.response) return ValidationError(std::string(OperationName(op)) + " gave no response");
  return std::get<static_cast<size_t>(op)>(std::move(*r.response));
}

// A Client over an embedded engine.
std::unique_ptr<Client> MakeEmbeddedClient(std::shared_ptr<Engine> engine, std::string description);

}  // namespace ddblab::wire
