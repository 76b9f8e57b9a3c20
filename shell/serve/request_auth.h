// Who sent a request to `ddblab serve`: the access key id of its SigV4 Authorization header, and,
// under `serve --keys FILE`, whether the signature proves the sender holds that key's secret.
// Refusals are DynamoDB's own, checked in DynamoDB's order (the order dynalite, which mirrors
// DynamoDB's front end, records): a missing header, a header missing parts, the request time,
// the signed Host, the algorithm, the credential scope, the key id, and last the signature.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "access_keys.h"
#include "http_protocol.h"
#include "shell/serve/request_reader.h"

namespace ddblab::shell::serve {

// DynamoDB: a request time more than 15 minutes from the server's clock is refused
// ("Signature expired: ... (... - 15 min.)", "Signature not yet current: ... (... + 15 min.)").
constexpr std::chrono::minutes kSignatureWindow{15};

struct AuthOutcome {
  std::string key_id;                // the sender's access key id, when known
  std::optional<HttpReply> refusal;  // set: answer this instead of running the request
};

class RequestAuthenticator {
 public:
  // `keys` null: any credentials are accepted (only the key id is read, and only when
  // `need_key_id`: --db-per-key routes by it). Otherwise every request must be signed with one of
  // `keys`.
  RequestAuthenticator(std::optional<KeyTable> keys, bool need_key_id);

  // Whether requests are looked at at all (--keys or --db-per-key).
  bool active() const { return keys_.has_value() || need_key_id_; }

  // Checks `request` (its body as received, before any Content-Encoding is undone) at `now`.
  AuthOutcome Check(const HttpRequest& request, std::chrono::system_clock::time_point now) const;

 private:
  std::optional<KeyTable> keys_;
  bool need_key_id_;
};

}  // namespace ddblab::shell::serve
