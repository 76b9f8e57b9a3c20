// Query, Scan and GetItem responses written straight to JSON text, for the server. Building an
// nlohmann document for a 100-item Query page and then serializing it spent most of the server's
// time in malloc and free (the profile of bench/serve_bench.sh); items still in their storage
// encoding are written from it in one pass here. The text is what Json::dump(-1, ' ', false,
// replace) gives for the same response: same members, same order, same escaping.
#pragma once

#include <string>
#include <string_view>

#include "ddblab/requests.h"

namespace ddblab::wire::internal {

// Each returns false (writing nothing) for a response it does not render; the caller then
// renders the JSON document as usual.
bool ToJsonText(const QueryResponse& r, std::string_view rcc, std::string* out);
bool ToJsonText(const GetItemResponse& r, std::string_view rcc, std::string* out);
template <class T>
bool ToJsonText(const T&, std::string_view, std::string*) {
  return false;
}

// Appends the DynamoDB JSON of one read item.
void AppendItemText(const ResultItem& item, std::string* out);

}  // namespace ddblab::wire::internal
