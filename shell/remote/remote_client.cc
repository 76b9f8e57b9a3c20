// The Client over HTTP: DynamoDB JSON 1.0 requests signed with SigV4 by libcurl.
#include <curl/curl.h>

#include <cctype>
#include <mutex>

#include "credentials.h"
#include "ddblab/call.h"
#include "response_parse.h"
#include "shell/remote/remote.h"

namespace ddblab::shell {
namespace {

// Whether `op` accepts ReturnConsumedCapacity.
bool TakesReturnConsumedCapacity(Operation op) {
  switch (op) {
    case Operation::GetItem:
    case Operation::PutItem:
    case Operation::UpdateItem:
    case Operation::DeleteItem:
    case Operation::Query:
    case Operation::Scan:
    case Operation::BatchGetItem:
    case Operation::BatchWriteItem:
    case Operation::TransactGetItems:
    case Operation::TransactWriteItems:
    case Operation::ExecuteStatement:
    case Operation::BatchExecuteStatement:
    case Operation::ExecuteTransaction:
      return true;
    default:
      return false;
  }
}
// PartiQL says by its first word whether it reads: a SELECT costs RCU, anything else WCU (a
// transaction or batch reads only when every statement is a SELECT).
bool IsPartiqlRead(Operation op, const wire::Json& request) {
  auto is_select = [](const wire::Json& st) {
    std::string text = st.is_object() ? st.value("Statement", std::string()) : "";
    size_t b = text.find_first_not_of(" \t\r\n(");
    if (b == std::string::npos) return false;
    std::string word;
    for (size_t i = b; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])); ++i)
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
    return word == "SELECT";
  };
  if (op == Operation::ExecuteStatement) return is_select(request);
  if (op != Operation::ExecuteTransaction && op != Operation::BatchExecuteStatement) return false;
  const char* member = op == Operation::ExecuteTransaction ? "TransactStatements" : "Statements";
  if (!request.is_object() || !request.contains(member) || !request[member].is_array() ||
      request[member].empty())
    return false;
  for (const auto& st : request[member]) {
    if (!is_select(st)) return false;
  }
  return true;
}

// Whether `op` answers ConsumedCapacity as a list (one entry per table).
bool IsBatchShape(Operation op) {
  return op == Operation::BatchGetItem || op == Operation::BatchWriteItem ||
         op == Operation::BatchExecuteStatement || op == Operation::TransactGetItems ||
         op == Operation::TransactWriteItems || op == Operation::ExecuteTransaction;
}

std::string HostOf(const std::string& url) {
  size_t start = url.find("://");
  start = start == std::string::npos ? 0 : start + 3;
  std::string rest = url.substr(start);
  if (!rest.empty() && rest[0] == '[') {
    size_t close = rest.find(']');
    return close == std::string::npos ? rest : rest.substr(1, close - 1);
  }
  size_t end = rest.find_first_of(":/");
  return end == std::string::npos ? rest : rest.substr(0, end);
}

bool IsLocalHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

size_t AppendBody(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

// The table a request is about, for the trace.
std::string RequestTable(const wire::Json& r) {
  if (!r.is_object()) return "";
  if (auto t = r.find("TableName"); t != r.end() && t->is_string()) return t->get<std::string>();
  if (auto items = r.find("RequestItems");
      items != r.end() && items->is_object() && !items->empty()) {
    return items->begin().key();
  }
  if (auto items = r.find("TransactItems");
      items != r.end() && items->is_array() && !items->empty() && (*items)[0].is_object()) {
    for (auto a = (*items)[0].begin(); a != (*items)[0].end(); ++a) {
      if (a->is_object()) {
        if (auto t = a->find("TableName"); t != a->end() && t->is_string()) {
          return t->get<std::string>();
        }
      }
    }
  }
  return "";
}

class RemoteClient final : public wire::Client {
 public:
  RemoteClient(std::string url, std::string region, remote::Credentials creds)
      : url_(std::move(url)), region_(std::move(region)), creds_(std::move(creds)) {}
  ~RemoteClient() override {
    if (curl_ != nullptr) curl_easy_cleanup(curl_);
  }

  wire::JsonResult Call(std::string_view operation, const wire::Json& request) override {
    if (wire::IsExtensionOperation(operation)) {
      // EXPLAIN and partition maps are answered by ddblab's embedded engine; a DynamoDB endpoint
      // has no such operation and hides its partitions.
      wire::JsonResult out;
      out.error = ValidationError(std::string(operation.substr(7)) +
                                  " is a ddblab extension answered by the embedded engine; it is "
                                  "not available over --endpoint " +
                                  url_);
      out.body = wire::ErrorToJson(out.error);
      out.http_status = 400;
      return out;
    }
    wire::Json body = request.is_object() ? request : wire::Json::object();
    const std::optional<Operation> op = OperationFromName(operation);
    const bool read = op && (IsItemRead(*op) || IsPartiqlRead(*op, request));
    // Capacity is always wanted (JsonResult.capacity); ask for the full breakdown and hide it
    // again from the body when the caller did not ask.
    std::string asked;
    const bool capacity_op = op && TakesReturnConsumedCapacity(*op);
    if (capacity_op) {
      if (auto it = body.find("ReturnConsumedCapacity"); it != body.end() && it->is_string()) {
        asked = it->get<std::string>();
      }
      if (asked.empty() || asked == "NONE") body["ReturnConsumedCapacity"] = "INDEXES";
    }

    wire::JsonResult out;
    out.trace.operation = std::string(operation);
    out.trace.table = RequestTable(request);
    if (auto idx = request.find("IndexName");
        request.is_object() && idx != request.end() && idx->is_string()) {
      out.trace.index = idx->get<std::string>();
    }
    if (auto cr = request.find("ConsistentRead");
        request.is_object() && cr != request.end() && cr->is_boolean()) {
      out.trace.consistent_read = cr->get<bool>();
    }

    long status = 0;
    std::string response_text, transport_error;
    {
      std::lock_guard<std::mutex> lock(mu_);
      transport_error =
          Post(operation, body.dump(-1, ' ', false, wire::Json::error_handler_t::replace), &status,
               &response_text);
    }
    if (!transport_error.empty()) {
      out.ok = false;
      out.http_status = 500;
      out.error = MakeError(ErrorType::kInternalServerError,
                            "cannot reach " + url_ + ": " + transport_error);
      out.body = wire::ErrorToJson(out.error);
      return out;
    }
    // DynamoDB answers TagResource and UntagResource with an empty body.
    wire::Json parsed =
        status == 200 && response_text.find_first_not_of(" \t\r\n") == std::string::npos
            ? wire::Json::object()
            : wire::ParseJson(response_text);
    out.http_status = static_cast<int>(status);
    if (status != 200) {
      out.ok = false;
      out.error = remote::ErrorFromBody(parsed, out.http_status);
      out.body = parsed.is_discarded() ? wire::ErrorToJson(out.error) : parsed;
      return out;
    }
    if (parsed.is_discarded() || !parsed.is_object()) {
      out.ok = false;
      out.http_status = 500;
      out.error = MakeError(ErrorType::kInternalServerError,
                            "the endpoint answered with a body that is not a JSON object");
      out.body = wire::ErrorToJson(out.error);
      return out;
    }
    out.ok = true;
    out.capacity = remote::CapacitiesFromBody(parsed, read);
    if (capacity_op && asked != "INDEXES") {
      parsed.erase("ConsumedCapacity");
      if (asked == "TOTAL" && !out.capacity.empty()) {
        if (IsBatchShape(*op)) {
          wire::Json list = wire::Json::array();
          for (const ConsumedCapacity& c : out.capacity) {
            list.push_back(wire::CapacityToJson(c, "TOTAL"));
          }
          parsed["ConsumedCapacity"] = std::move(list);
        } else {
          parsed["ConsumedCapacity"] = wire::CapacityToJson(out.capacity.front(), "TOTAL");
        }
      }
    }
    if (auto count = parsed.find("Count"); count != parsed.end() && count->is_number()) {
      out.trace.items_returned = count->get<int64_t>();
    } else if (auto item = parsed.find("Item"); item != parsed.end()) {
      out.trace.items_returned = 1;
    }
    // GetItem reads what it returns: the item, or nothing.
    if (op == Operation::GetItem) out.trace.items_read = out.trace.items_returned;
    if (auto scanned = parsed.find("ScannedCount");
        scanned != parsed.end() && scanned->is_number()) {
      out.trace.items_read = scanned->get<int64_t>();
    }
    out.body = std::move(parsed);
    return out;
  }

  bool IsRemote() const override { return true; }
  std::string Describe() const override { return "endpoint " + url_; }

 private:
  // Sends one request; returns a transport error text, or empty.
  std::string Post(std::string_view operation, const std::string& payload, long* status,
                   std::string* response) {
    if (curl_ == nullptr) curl_ = curl_easy_init();
    if (curl_ == nullptr) return "libcurl could not start";
    curl_easy_reset(curl_);
    struct curl_slist* headers = nullptr;
    headers = curl_slist_append(headers, "Content-Type: application/x-amz-json-1.0");
    // The DynamoDB Streams operations have their own target prefix (same signing service).
    const bool streams = IsStreamsOperation(operation);
    const std::string target = std::string(streams ? "X-Amz-Target: DynamoDBStreams_20120810."
                                                   : "X-Amz-Target: DynamoDB_20120810.") +
                               std::string(operation);
    headers = curl_slist_append(headers, target.c_str());
    std::string token;
    if (!creds_.session_token.empty()) {
      token = "X-Amz-Security-Token: " + creds_.session_token;
      headers = curl_slist_append(headers, token.c_str());
    }
    const std::string sigv4 = "aws:amz:" + region_ + ":dynamodb";
    curl_easy_setopt(curl_, CURLOPT_URL, url_.c_str());
    curl_easy_setopt(curl_, CURLOPT_POST, 1L);
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, payload.c_str());
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(payload.size()));
    curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl_, CURLOPT_AWS_SIGV4, sigv4.c_str());
    curl_easy_setopt(curl_, CURLOPT_USERNAME, creds_.access_key_id.c_str());
    curl_easy_setopt(curl_, CURLOPT_PASSWORD, creds_.secret_access_key.c_str());
    curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, AppendBody);
    curl_easy_setopt(curl_, CURLOPT_WRITEDATA, response);
    curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT, 120L);
    curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
    CURLcode rc = curl_easy_perform(curl_);
    curl_slist_free_all(headers);
    if (rc != CURLE_OK) return curl_easy_strerror(rc);
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, status);
    return "";
  }

  std::string url_;
  std::string region_;
  remote::Credentials creds_;
  std::mutex mu_;
  CURL* curl_ = nullptr;
};

}  // namespace

std::unique_ptr<wire::Client> MakeRemoteClient(const std::string& endpoint_url,
                                               const std::string& region, std::string* error) {
  if (endpoint_url.rfind("http://", 0) != 0 && endpoint_url.rfind("https://", 0) != 0) {
    *error = "--endpoint must be an http:// or https:// URL, not '" + endpoint_url + "'";
    return nullptr;
  }
  static std::once_flag curl_init;
  std::call_once(curl_init, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  std::optional<remote::Credentials> creds = remote::FindCredentials();
  if (!creds) {
    if (!IsLocalHost(HostOf(endpoint_url))) {
      *error =
          "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add them to "
          "~/.aws/credentials";
      return nullptr;
    }
    // Local emulators accept any signature; sign with placeholders.
    creds = remote::Credentials{"ddblab", "ddblab", "", "dummy"};
  }
  return std::make_unique<RemoteClient>(endpoint_url, remote::ResolveRegion(region),
                                        std::move(*creds));
}

}  // namespace ddblab::shell
