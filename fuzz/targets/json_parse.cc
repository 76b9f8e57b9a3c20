// The JSON reader against references. ParseJson must refuse exactly the texts nlohmann's parser
// refuses and otherwise build its document, type for type and member for member (below 256
// levels, past which ParseJson leaves containers empty); and a request body read from its text
// (the tape) must give what its document gives: the same request, or the same error.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddblab/wire.h"

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

// The body as a request of one of the operations whose requests have the most members.
void CheckBodyForms(std::string_view text) {
  static const char* const kOperations[] = {"PutItem", "UpdateItem", "Query", "BatchWriteItem"};
  const char* op = kOperations[text.size() % 4];
  const ddblab::wire::Json doc = ddblab::wire::ParseJson(text);
  ddblab::Result<ddblab::Request> from_text = ddblab::wire::RequestFromText(op, text);
  if (doc.is_discarded()) {
    if (from_text.ok()) std::abort();
    return;
  }
  ddblab::Result<ddblab::Request> from_doc = ddblab::wire::RequestFromJson(op, doc);
  if (from_text.ok() != from_doc.ok()) std::abort();
  if (!from_text.ok()) {
    if (from_text.error().message != from_doc.error().message) std::abort();
    return;
  }
  if (ddblab::wire::RequestToJson(*from_text) != ddblab::wire::RequestToJson(*from_doc)) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckBodyForms(text);
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
