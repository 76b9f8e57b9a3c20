// The HTTP side of `ddblab serve` without sockets: one request in, one reply out. Kept apart
// from the listener so tests can drive it directly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::shell::serve {

// CRC-32 (IEEE 802.3, as zlib computes it) of `bytes`; DynamoDB sends it as x-amz-crc32.
uint32_t Crc32(std::string_view bytes);

// A 52-character request id of [0-9A-Z], the shape DynamoDB uses for x-amzn-RequestId.
std::string NewRequestId();

struct HttpReply {
  int status = 200;
  std::string content_type = "application/x-amz-json-1.0";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // x-amzn-RequestId, x-amz-crc32
  wire::JsonResult result;  // what the engine answered (empty when rejected before it)
  std::string operation;    // from X-Amz-Target, empty if not DynamoDB_20120810.<Op>
  // The exception of a refusal made before the engine (authentication), for the log; "" else.
  std::string refused_with;
};

// Handles POST / with the given X-Amz-Target, Content-Type, body and Authorization header. The
// region the request was signed for (SigningRegion) is what DynamoDB Streams records name as
// awsRegion: "the region the request was received in".
HttpReply HandleDynamoDbRequest(Engine& engine, std::string_view target,
                                std::string_view content_type, std::string_view body,
                                std::string_view authorization = "");

// The region of a SigV4 Authorization header's credential scope
// ("Credential=AKID/20261126/us-east-1/dynamodb/aws4_request"), or "us-east-1" without one.
std::string SigningRegion(std::string_view authorization);

// DynamoDB's answer to a body its Content-Encoding does not decode (an unknown encoding, or bytes
// that are not what the encoding says): HTTP 500 InternalServerError. `problem` says which.
HttpReply UndecodableBodyReply(const std::string& problem);

// A refusal the HTTP front makes before the engine (authentication): HTTP 400,
// {"__type":"com.amazon.coral.service#<exception>","message":<message>}, DynamoDB's shape for
// MissingAuthenticationTokenException, UnrecognizedClientException and InvalidSignatureException.
// `target` (X-Amz-Target) names the operation for the log.
HttpReply ServiceErrorReply(std::string_view exception, std::string message,
                            std::string_view target);

// An error the server meets before the engine answers (a database it cannot open): the error's
// own type, message and HTTP status.
HttpReply ErrorReply(const Error& error);

// The --log line for one request, e.g.
// "Query app-main index GSI2 · 0.5 RCU · partitions [3] of 4 · 200 · 1.2 ms".
std::string LogLine(const HttpReply& reply, double elapsed_ms);

}  // namespace ddblab::shell::serve
