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
};

// Handles POST / with the given X-Amz-Target, Content-Type and body.
HttpReply HandleDynamoDbRequest(Engine& engine, std::string_view target,
                                std::string_view content_type, std::string_view body);

// DynamoDB's answer to a body its Content-Encoding does not decode (an unknown encoding, or bytes
// that are not what the encoding says): HTTP 500 InternalServerError. `problem` says which.
HttpReply UndecodableBodyReply(const std::string& problem);

// The --log line for one request, e.g.
// "Query app-main index GSI2 · 0.5 RCU · partitions [3] of 4 · 200 · 1.2 ms".
std::string LogLine(const HttpReply& reply, double elapsed_ms);

}  // namespace ddblab::shell::serve
