#include "http_protocol.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <sstream>

#include "ddblab/arn.h"
#include "ddblab/operations.h"
#include "ddblab/wire_text.h"

namespace ddblab::shell::serve {
namespace {

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
// DynamoDB Streams has its own target prefix (and, on AWS, its own endpoint); here it shares the
// port.
constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";

// Whether the media type (before any parameters, spaces ignored, any case) is `want` (lower
// case). Compared in place: it runs on every request.
bool MediaTypeIs(std::string_view content_type, std::string_view want) {
  size_t matched = 0;
  for (char c : content_type) {
    if (c == ';') break;
    if (c == ' ' || c == '\t') continue;
    const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    if (matched == want.size() || want[matched] != lower) return false;
    ++matched;
  }
  return matched == want.size();
}

std::string FormatUnits(double units) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", units);
  return buf;
}

void Finish(HttpReply& reply) {
  reply.headers.reserve(2);
  reply.headers.emplace_back("x-amzn-RequestId", NewRequestId());
  reply.headers.emplace_back("x-amz-crc32", std::to_string(Crc32(reply.body)));
}

// The operation X-Amz-Target names, or "" when it names none: each API answers only its own
// operations.
std::string OperationOfTarget(std::string_view target) {
  if (target.substr(0, kTargetPrefix.size()) == kTargetPrefix) {
    std::string_view op = target.substr(kTargetPrefix.size());
    if (!IsStreamsOperation(op)) return std::string(op);
  } else if (target.substr(0, kStreamsTargetPrefix.size()) == kStreamsTargetPrefix) {
    std::string_view op = target.substr(kStreamsTargetPrefix.size());
    if (IsStreamsOperation(op)) return std::string(op);
  }
  return "";
}

// Members whose values are ARNs of tables, indexes and streams.
bool IsArnMember(std::string_view key) {
  static constexpr std::string_view kArnMembers[] = {
      "TableArn",    "IndexArn",      "LatestStreamArn", "StreamArn", "LastEvaluatedStreamArn",
      "ResourceArn", "SourceTableArn"};
  return std::find(std::begin(kArnMembers), std::end(kArnMembers), key) != std::end(kArnMembers);
}

// Members that hold items: their contents are the caller's data and are never rewritten.
bool HoldsItems(std::string_view key) {
  static constexpr std::string_view kItemMembers[] = {"Item",
                                                      "Items",
                                                      "Attributes",
                                                      "Responses",
                                                      "UnprocessedItems",
                                                      "UnprocessedKeys",
                                                      "LastEvaluatedKey",
                                                      "Keys",
                                                      "dynamodb",
                                                      "CancellationReasons",
                                                      "ItemCollectionMetrics"};
  return std::find(std::begin(kItemMembers), std::end(kItemMembers), key) != std::end(kItemMembers);
}

// DynamoDB's ARNs name the region the request was received in. One catalog answers every region
// a client signs for, so the ARNs of a reply are written in the caller's signing region: a client
// that builds an ARN from its own region (ListTagsOfResource) finds the table, and stream records'
// awsRegion matches their stream's ARN.
void ArnsInRegion(wire::Json& j, const std::string& region) {
  if (j.is_array()) {
    for (auto& e : j) ArnsInRegion(e, region);
    return;
  }
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (HoldsItems(it.key())) continue;
    if (IsArnMember(it.key()) && it.value().is_string()) {
      it.value() = ArnInRegion(it.value().get<std::string>(), region);
    } else {
      ArnsInRegion(it.value(), region);
    }
  }
}

}  // namespace

// zlib's CRC-32 is DynamoDB's (the IEEE polynomial) and several times faster than a byte-at-a-time
// table: the profile of a 100-item Query showed the checksum at 8% of the server's time.
uint32_t Crc32(std::string_view bytes) {
  uLong c = crc32(0L, Z_NULL, 0);
  // zlib takes lengths as uInt: feed bodies over 4 GiB in pieces (none are, but stay correct).
  while (!bytes.empty()) {
    uInt n = static_cast<uInt>(std::min<size_t>(bytes.size(), 1u << 30));
    c = crc32(c, reinterpret_cast<const Bytef*>(bytes.data()), n);
    bytes.remove_prefix(n);
  }
  return static_cast<uint32_t>(c);
}

std::string NewRequestId() {
  static constexpr std::string_view kChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  thread_local std::mt19937_64 rng{std::random_device{}()};
  std::string id(52, '0');
  // Twelve base-36 digits from each 64-bit draw (36^12 < 2^64): five draws instead of 52.
  uint64_t bits = 0;
  for (size_t i = 0; i < id.size(); ++i) {
    if (i % 12 == 0) bits = rng();
    id[i] = kChars[bits % kChars.size()];
    bits /= kChars.size();
  }
  return id;
}

std::string SigningRegion(std::string_view authorization) {
  const size_t at = authorization.find("Credential=");
  if (at == std::string_view::npos) return "us-east-1";
  std::string_view scope = authorization.substr(at + 11);
  scope = scope.substr(0, scope.find_first_of(", "));
  // AKID / date / region / service / aws4_request
  for (int skip = 0; skip < 2; ++skip) {
    const size_t slash = scope.find('/');
    if (slash == std::string_view::npos) return "us-east-1";
    scope.remove_prefix(slash + 1);
  }
  std::string_view region = scope.substr(0, scope.find('/'));
  return region.empty() ? "us-east-1" : std::string(region);
}

HttpReply HandleDynamoDbRequest(Engine& engine, std::string_view target,
                                std::string_view content_type, std::string_view body,
                                std::string_view authorization) {
  HttpReply reply;
  // DynamoDB speaks application/x-amz-json-1.0; application/json is accepted as emulators do.
  if (!MediaTypeIs(content_type, "application/x-amz-json-1.0") &&
      !MediaTypeIs(content_type, "application/json")) {
    reply.status = 404;
    reply.body = wire::ErrorToJson(MakeError(ErrorType::kUnknownOperationException, "")).dump();
    Finish(reply);
    return reply;
  }
  reply.operation = OperationOfTarget(target);
  if (reply.operation.empty()) {
    reply.result.ok = false;
    reply.result.error = MakeError(ErrorType::kUnknownOperationException, "");
    reply.result.body = wire::ErrorToJson(reply.result.error);
    reply.result.http_status = ErrorHttpStatus(reply.result.error.type);
  } else {
    // The data plane's answers come back as text (they name no resource to put in the region).
    reply.result = wire::ExecuteJsonToText(engine, reply.operation, body, &reply.body);
    const std::string region = SigningRegion(authorization);
    if (OperationFromName(reply.operation) == Operation::GetRecords && reply.result.ok &&
        reply.result.body.is_object()) {
      for (auto& record : reply.result.body["Records"]) record["awsRegion"] = region;
    }
    if (reply.body.empty()) ArnsInRegion(reply.result.body, region);
  }
  reply.status = reply.result.http_status;
  // Items may hold strings that are not valid UTF-8 when written by other front ends; never
  // let rendering fail.
  if (reply.body.empty()) {
    reply.body = reply.result.body.dump(-1, ' ', false, wire::Json::error_handler_t::replace);
  }
  // DynamoDB: TagResource and UntagResource succeed with an empty body.
  const std::optional<Operation> op = OperationFromName(reply.operation);
  if (reply.result.ok && (op == Operation::TagResource || op == Operation::UntagResource)) {
    reply.body.clear();
  }
  Finish(reply);
  return reply;
}

HttpReply ErrorReply(const Error& error) {
  HttpReply reply;
  reply.result.ok = false;
  reply.result.error = error;
  reply.result.http_status = ErrorHttpStatus(reply.result.error.type);
  reply.status = reply.result.http_status;
  reply.body = wire::ErrorToJson(reply.result.error).dump();
  Finish(reply);
  return reply;
}

HttpReply UndecodableBodyReply(const std::string& problem) {
  return ErrorReply(MakeError(ErrorType::kInternalServerError,
                              "The request body could not be decoded: " + problem));
}

HttpReply ServiceErrorReply(std::string_view exception, std::string message,
                            std::string_view target) {
  HttpReply reply;
  reply.status = 400;
  reply.operation = OperationOfTarget(target);
  reply.refused_with = std::string(exception);
  reply.result.ok = false;
  reply.result.http_status = 400;
  wire::Json body = wire::Json::object();
  body["__type"] = "com.amazon.coral.service#" + std::string(exception);
  body["message"] = std::move(message);
  reply.body = body.dump(-1, ' ', false, wire::Json::error_handler_t::replace);
  Finish(reply);
  return reply;
}

std::string LogLine(const HttpReply& reply, double elapsed_ms) {
  std::ostringstream line;
  const Trace& t = reply.result.trace;
  line << (reply.operation.empty() ? std::string("-") : reply.operation);
  if (!t.table.empty()) line << " " << t.table;
  if (!t.index.empty()) line << " index " << t.index;
  if (!reply.refused_with.empty()) {
    line << " · " << reply.refused_with;
  } else if (!reply.result.ok) {
    line << " · " << ErrorTypeName(reply.result.error.type);
  } else if (!reply.result.capacity.empty()) {
    int64_t half_units = 0;
    bool read = false;
    for (const ConsumedCapacity& c : reply.result.capacity) {
      half_units += c.total.half_units;
      read = read || c.read;
    }
    line << " · " << FormatUnits(static_cast<double>(half_units) / 2.0) << (read ? " RCU" : " WCU");
    if (reply.result.capacity.size() == 1) {
      const ConsumedCapacity& c = reply.result.capacity.front();
      std::string parts;
      for (const auto& [name, cap] : c.global_secondary_indexes) {
        parts += (parts.empty() ? "" : ", ") + name + " " + FormatUnits(cap.units());
      }
      for (const auto& [name, cap] : c.local_secondary_indexes) {
        parts += (parts.empty() ? "" : ", ") + name + " " + FormatUnits(cap.units());
      }
      if (!parts.empty())
        line << " (table " << FormatUnits(c.table.units()) << ", " << parts << ")";
    }
  }
  if (reply.result.ok && t.partitions_total > 0) {
    line << " · partitions [";
    for (size_t i = 0; i < t.partitions_hit.size(); ++i) {
      line << (i ? "," : "") << t.partitions_hit[i];
    }
    line << "] of " << t.partitions_total;
  }
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.1f", elapsed_ms);
  line << " · " << reply.status << " · " << ms << " ms";
  return line.str();
}

}  // namespace ddblab::shell::serve
