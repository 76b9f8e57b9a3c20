// AWS Signature Version 4, the server's side: the canonical request, the string to sign and the
// signature a secret gives them (AWS General Reference, "Create a signed AWS API request").
// `serve --keys` recomputes what the client signed and compares.
#pragma once

#include <string>
#include <string_view>

#include "shell/serve/request_reader.h"

namespace ddblab::shell::serve {

constexpr std::string_view kSigV4Algorithm = "AWS4-HMAC-SHA256";

// The canonical request of `request` for the headers named in `signed_headers` (lowercase,
// ';'-separated, as the Authorization header lists them), over the body bytes as received:
//   METHOD \n URI \n QUERY \n name:value\n... \n SIGNED_HEADERS \n hex(SHA-256(body))
// A header's value is all its values joined by ',', each trimmed with inner runs of spaces
// collapsed. The query's parameters are sorted (they arrive encoded; DynamoDB requests have none).
std::string CanonicalRequest(const HttpRequest& request, std::string_view signed_headers);

// "AWS4-HMAC-SHA256\n" + amz_date + "\n" + scope + "\n" + hex(SHA-256(canonical_request)).
std::string StringToSign(std::string_view amz_date, std::string_view scope,
                         std::string_view canonical_request);

// The signature (64 hex digits) of `string_to_sign` under the key derived from `secret` for
// the scope's date (YYYYMMDD), region and service: HMAC chain "AWS4"+secret -> date -> region ->
// service -> "aws4_request".
std::string SigV4Signature(std::string_view secret, std::string_view date, std::string_view region,
                           std::string_view service, std::string_view string_to_sign);

}  // namespace ddblab::shell::serve
