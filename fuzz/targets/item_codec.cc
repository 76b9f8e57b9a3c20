// The stored-item codec on arbitrary bytes (a damaged or tampered database row). Invariants: the
// structural check and the measuring check agree; a size carried in the bytes is the measured
// one; bytes the encoder would write measure as ItemSizeBytes says; nothing crashes.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddblab/value.h"
#include "value/item_encoding.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  bool checked = ddblab::encoding::CheckItem(bytes).ok();
  auto measured = ddblab::encoding::CheckItemSize(bytes);
  if (checked != measured.ok()) std::abort();
  if (!measured.ok()) return 0;
  if (auto stored = ddblab::encoding::StoredSize(bytes); stored && *stored != *measured) {
    std::abort();
  }
  // Number text is checked by its alphabet only, so tampered text may decode to another number:
  // the measure must match ItemSizeBytes for bytes the encoder itself would write.
  auto decoded = ddblab::DeserializeItem(bytes);
  if (!decoded.ok()) return 0;
  auto stored = ddblab::encoding::StoredSize(bytes);
  const std::string canonical = stored ? ddblab::encoding::SerializeStoredItem(*decoded, *stored)
                                       : ddblab::SerializeItem(*decoded);
  if (canonical == bytes && static_cast<int64_t>(ddblab::ItemSizeBytes(*decoded)) != *measured) {
    std::abort();
  }
  return 0;
}
