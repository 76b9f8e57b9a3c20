// ResultItem: an item a read hands back.
//
// Reads return items in their storage encoding and decode them on first use. A caller that only
// forwards items (the wire encoder renders DynamoDB JSON straight from the encoding) never builds
// the typed map, and one that looks inside pays for decoding once. Items computed by the engine
// (projections, filtered reads, ReturnValues) are held typed from the start.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "ddblab/value.h"

namespace ddblab {

class ResultItem {
 public:
  // Moves and destruction are inline: a Scan page makes, moves and drops thousands.
  ResultItem() = default;
  ResultItem(Item item);  // NOLINT(google-explicit-constructor): a typed item is a result too
  ResultItem(const ResultItem& other);
  ResultItem& operator=(const ResultItem& other);
  ResultItem(ResultItem&&) noexcept = default;
  ResultItem& operator=(ResultItem&&) noexcept = default;
  ~ResultItem() = default;

  // Wraps bytes the storage layer has checked (encoding::CheckItem). The first form copies them
  // into one allocation that holds both the bytes and their reference count. The second points at
  // bytes that `owner` holds and never changes: a Query page's items share its one buffer (one
  // allocation per page rather than per item), and an item copied out of the response keeps the
  // buffer alive.
  static ResultItem FromEncoding(std::string_view bytes);
  static ResultItem FromEncoding(std::shared_ptr<const void> owner, std::string_view bytes) {
    ResultItem r;
    r.bytes_ = std::shared_ptr<const char>(std::move(owner), bytes.data());
    r.length_ = bytes.size();
    return r;
  }

  // The typed item, decoded on first use.
  const Item& item() const;
  operator const Item&() const { return item(); }  // NOLINT(google-explicit-constructor)

  // Whether the item came straight from storage, and then its storage encoding.
  bool has_encoding() const { return bytes_ != nullptr; }
  std::string_view encoding() const {
    // A moved-from item keeps its length but not its bytes.
    return bytes_ ? std::string_view(bytes_.get(), length_) : std::string_view();
  }

  // Map-style reads, for callers that inspect results.
  const AttributeValue& at(std::string_view name) const;
  size_t count(std::string_view name) const { return item().count(name); }
  size_t size() const { return item().size(); }
  bool empty() const { return item().empty(); }
  Item::const_iterator begin() const { return item().begin(); }
  Item::const_iterator end() const { return item().end(); }
  Item::const_iterator find(std::string_view name) const { return item().find(name); }

 private:
  std::shared_ptr<const char> bytes_;  // the encoding's first byte; null for a typed item
  size_t length_ = 0;
  mutable std::unique_ptr<Item> item_;  // decoded or given; null until first use of an encoding
};

bool operator==(const ResultItem& a, const ResultItem& b);
bool operator==(const ResultItem& a, const Item& b);

}  // namespace ddblab
