#include "cors.h"

namespace ddblab::shell::serve {

CorsAsk CorsAskOf(const HttpRequest& req) {
  CorsAsk ask;
  if (req.Header("Origin").empty()) return ask;
  ask.cross_origin = true;
  ask.preflight = req.method == "OPTIONS";
  if (ask.preflight) {
    ask.method = req.Header("Access-Control-Request-Method");
    ask.headers = req.Header("Access-Control-Request-Headers");
  }
  return ask;
}

void AddCorsHeaders(const CorsAsk& ask, HttpResponse& res) {
  if (!ask.cross_origin) return;
  res.headers.emplace_back("Access-Control-Allow-Origin", "*");
  // What a browser script may read of a response: DynamoDB's request id, error details, the
  // checksum the SDK verifies, and the date.
  res.headers.emplace_back(
      "Access-Control-Expose-Headers",
      "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,x-amz-crc32,Date");
  if (!ask.preflight) return;
  if (!ask.method.empty()) res.headers.emplace_back("Access-Control-Allow-Methods", ask.method);
  if (!ask.headers.empty()) res.headers.emplace_back("Access-Control-Allow-Headers", ask.headers);
  res.headers.emplace_back("Access-Control-Max-Age", "172800");
}

}  // namespace ddblab::shell::serve
