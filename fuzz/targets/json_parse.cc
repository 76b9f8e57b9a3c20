// The JSON readers against references. ParseJson must refuse exactly the texts nlohmann's parser
// refuses and otherwise build its document, type for type and member for member (below 256
// levels, past which ParseJson leaves containers empty); whenever PutItem's fast path answers,
// the full path (document, then FromJson) must accept the same text as the same request.
// Declining is always allowed there: the full path runs then.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "wire/codec.h"
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
  const ddblab::wire::Json parsed = ddblab::wire::ParseJson(text);
  const size_t brackets = static_cast<size_t>(std::count(text.begin(), text.end(), '[') +
                                              std::count(text.begin(), text.end(), '{'));
  if (brackets > 256) return 0;  // possibly deeper than ParseJson builds
  // nlohmann's lexer ends its input at a NUL byte; ParseJson reads on (and refuses the text).
  if (text.find('\0') != std::string_view::npos) return 0;
  const ddblab::wire::Json reference =
      ddblab::wire::Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() != reference.is_discarded()) std::abort();
  if (!reference.is_discarded() && !Same(parsed, reference)) std::abort();
  return 0;
}
