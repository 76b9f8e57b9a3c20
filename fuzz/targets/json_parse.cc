// The fast JSON readers against the full path. Whenever ParseJson's fast reader answers, the text
// must be valid JSON and its document must equal nlohmann's, type for type and member for member;
// whenever PutItem's fast path answers, the full path (document, then FromJson) must accept the
// same text as the same request. Declining is always allowed: the full path runs then.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "wire/codec.h"
#include "wire/json_fast_parse.h"
#include "wire/put_item_fast_path.h"

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

void CheckPutItemFastPath(std::string_view text) {
  ddblab::PutItemRequest fast, full;
  if (!ddblab::wire::internal::FastPutItemRequest(text, &fast)) return;
  ddblab::wire::Json doc = ddblab::wire::ParseJson(text);
  if (doc.is_discarded() || !ddblab::wire::internal::FromJson(doc, &full).ok()) std::abort();
  if (fast.table_name != full.table_name || fast.item != full.item ||
      fast.condition_expression != full.condition_expression ||
      fast.expression_attribute_names != full.expression_attribute_names ||
      fast.expression_attribute_values != full.expression_attribute_values ||
      fast.return_values != full.return_values ||
      fast.return_consumed_capacity != full.return_consumed_capacity ||
      full.return_values_on_condition_check_failure || full.expected || full.conditional_operator) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckPutItemFastPath(text);
  ddblab::wire::Json fast;
  if (!ddblab::wire::internal::FastParseJson(text, &fast)) return 0;
  ddblab::wire::Json full = ddblab::wire::Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (full.is_discarded() || !Same(fast, full)) std::abort();
  return 0;
}
