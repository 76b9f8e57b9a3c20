// ParseJson's fast reader against nlohmann's parser: whenever the fast reader answers, the text
// must be valid JSON and its document must equal nlohmann's, type for type and member for member
// (a declined text goes to nlohmann anyway, so declining is always allowed).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "wire/json_fast_parse.h"

namespace {

bool Same(const ddblab::wire::Json& a, const ddblab::wire::Json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j) {
      if (i.key() != j.key() || !Same(i.value(), j.value())) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!Same(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ddblab::wire::Json fast;
  if (!ddblab::wire::internal::FastParseJson(text, &fast)) return 0;
  ddblab::wire::Json full = ddblab::wire::Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (full.is_discarded() || !Same(fast, full)) std::abort();
  return 0;
}
