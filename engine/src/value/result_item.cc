#include "ddblab/result_item.h"

#include <cstring>
#include <stdexcept>
#include <utility>

namespace ddblab {

ResultItem::ResultItem(Item item) : item_(std::make_unique<Item>(std::move(item))) {}
ResultItem::ResultItem(const ResultItem& other)
    : bytes_(other.bytes_),
      length_(other.length_),
      item_(other.item_ ? std::make_unique<Item>(*other.item_) : nullptr) {}
ResultItem& ResultItem::operator=(const ResultItem& other) {
  if (this != &other) *this = ResultItem(other);
  return *this;
}

ResultItem ResultItem::FromEncoding(std::string_view bytes) {
  ResultItem r;
#if defined(__cpp_lib_smart_ptr_for_overwrite)
  // One allocation for the bytes and the count, the bytes left unset (they are copied in).
  std::shared_ptr<char[]> block = std::make_shared_for_overwrite<char[]>(bytes.size());
#else  // a standard library without it (the browser build's): two allocations
  std::shared_ptr<char[]> block(new char[bytes.size()]);
#endif
  char* first = block.get();
  if (!bytes.empty()) std::memcpy(first, bytes.data(), bytes.size());
  r.bytes_ = std::shared_ptr<const char>(std::move(block), first);
  r.length_ = bytes.size();
  return r;
}

const Item& ResultItem::item() const {
  if (!item_) {
    // FromEncoding's precondition makes failure all but impossible; a damaged encoding reads as
    // empty rather than taking the process down. A default-constructed item is empty too.
    Result<Item> decoded = bytes_ ? DeserializeItem(encoding()) : Item{};
    item_ = std::make_unique<Item>(decoded.ok() ? std::move(decoded).value() : Item{});
  }
  return *item_;
}

const AttributeValue& ResultItem::at(std::string_view name) const {
  auto it = item().find(name);
  if (it == item().end())
    throw std::out_of_range("ResultItem::at: no attribute " + std::string(name));
  return it->second;
}

bool operator==(const ResultItem& a, const ResultItem& b) {
  // Equal bytes are equal items; different bytes may still be (sets compare regardless of order).
  if (a.has_encoding() && b.has_encoding() && a.encoding() == b.encoding()) return true;
  return a.item() == b.item();
}
bool operator==(const ResultItem& a, const Item& b) { return a.item() == b; }

}  // namespace ddblab
