// The stored-item codec on arbitrary bytes (a damaged or tampered database row). Invariant: the
// structural check and the measuring check agree, and neither crashes.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "value/item_encoding.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  bool checked = ddblab::encoding::CheckItem(bytes).ok();
  bool measured = ddblab::encoding::CheckItemSize(bytes).ok();
  if (checked != measured) std::abort();
  return 0;
}
