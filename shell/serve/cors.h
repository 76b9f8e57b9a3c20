// Cross-origin requests, as DynamoDB answers them, so that a page using the AWS SDK for
// JavaScript in a browser can call `ddblab serve`: a request carrying Origin gets
// Access-Control-Allow-Origin: * and the exposed response headers; a preflight (OPTIONS) also
// gets the method and headers it asked for, echoed, and how long it may be cached. A request
// without Origin gets no CORS header at all.
#pragma once

#include <string>

#include "shell/serve/connection_loop.h"
#include "shell/serve/request_reader.h"

namespace ddblab::shell::serve {

// What of a request decides its CORS headers, taken before the request is handed on.
struct CorsAsk {
  bool cross_origin = false;  // it carries Origin
  bool preflight = false;     // OPTIONS with Origin
  std::string method;         // Access-Control-Request-Method (preflight)
  std::string headers;        // Access-Control-Request-Headers (preflight)
};

CorsAsk CorsAskOf(const HttpRequest& req);

// Adds the CORS headers `ask` calls for to `res`.
void AddCorsHeaders(const CorsAsk& ask, HttpResponse& res);

}  // namespace ddblab::shell::serve
