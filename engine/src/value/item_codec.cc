// Compact binary form of an item for the storage layer.
//
// Layout: a format byte (1; 2 for a stored row's item, followed by varint(DynamoDB size)), then
// varint(attribute count) and per attribute varint(name length), name bytes, value. A value is
// its AttrType as one byte followed by:
//   S, B, N        varint(length) bytes       (N as canonical decimal text)
//   BOOL           one byte, 0 or 1
//   NULL           nothing
//   L              varint(count) values
//   M              varint(count) (name, value) pairs in ascending name order
//   SS, NS, BS     varint(count) (varint(length) bytes) members
// Varints are unsigned LEB128. Decoding checks every length against the remaining input, so
// damaged rows come back as errors rather than crashes.
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "ddblab/value.h"
#include "value/item_encoding.h"

namespace ddblab {
namespace {

using encoding::kFormatVersion;

void PutVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void PutBytes(std::string& out, std::string_view bytes) {
  PutVarint(out, bytes.size());
  out.append(bytes);
}

void PutValue(std::string& out, const AttributeValue& v) {
  // Sets are stored in key order, so every read path returns them in that order.
  if (!SetInKeyOrder(v)) {
    AttributeValue ordered = v;
    PutSetInKeyOrder(ordered);
    PutValue(out, ordered);
    return;
  }
  out.push_back(static_cast<char>(v.type));
  switch (v.type) {
    case AttrType::kS:
    case AttrType::kB:
      PutBytes(out, v.str());
      return;
    case AttrType::kN:
      PutBytes(out, v.num().ToString());
      return;
    case AttrType::kBool:
      out.push_back(v.boolean() ? 1 : 0);
      return;
    case AttrType::kNull:
      return;
    case AttrType::kL:
      PutVarint(out, v.list().size());
      for (const AttributeValue& e : v.list()) PutValue(out, e);
      return;
    case AttrType::kM:
      PutVarint(out, v.map().size());
      for (const auto& [name, value] : v.map()) {
        PutBytes(out, name);
        PutValue(out, value);
      }
      return;
    case AttrType::kSS:
    case AttrType::kBS:
      PutVarint(out, v.str_set().size());
      for (const std::string& s : v.str_set()) PutBytes(out, s);
      return;
    case AttrType::kNS:
      PutVarint(out, v.num_set().size());
      for (const Decimal& d : v.num_set()) PutBytes(out, d.ToString());
      return;
  }
}

// Builds typed values; numbers go through Decimal::Parse, which also vets them.
struct TypedBuilder {
  using Value = AttributeValue;

  static bool Number(std::string_view text, Decimal* out) {
    Result<Decimal> d = Decimal::Parse(text);
    if (!d.ok()) return false;
    *out = std::move(d).value();
    return true;
  }
  bool Scalar(AttrType t, std::string_view bytes, Value* out) {
    out->type = t;
    if (t == AttrType::kN) return Number(bytes, &out->v.emplace<Decimal>());
    out->v.emplace<std::string>(bytes);
    return true;
  }
  void Bool(bool b, Value* out) {
    out->type = AttrType::kBool;
    out->v.emplace<bool>(b);
  }
  void Null(Value* out) {
    out->type = AttrType::kNull;
    out->v.emplace<std::monostate>();
  }
  void BeginList(size_t n, Value* out) {
    out->type = AttrType::kL;
    out->v.emplace<List>().resize(n);
  }
  Value* ListSlot(Value* list, size_t i) { return &list->list()[i]; }
  void BeginMap(size_t, Value* out) {
    out->type = AttrType::kM;
    out->v.emplace<Map>();
  }
  // Pairs arrive in ascending order, so appending at the end keeps each insertion constant time.
  Value* MapSlot(Value* map, std::string_view name) {
    Map& m = map->map();
    return &m.emplace_hint(m.end(), std::string(name), AttributeValue())->second;
  }
  void BeginSet(AttrType t, size_t n, Value* out) {
    out->type = t;
    if (t == AttrType::kNS) {
      out->v.emplace<std::vector<Decimal>>().reserve(n);
    } else {
      out->v.emplace<std::vector<std::string>>().reserve(n);
    }
  }
  bool SetMember(AttrType t, std::string_view bytes, Value* set) {
    if (t != AttrType::kNS) {
      set->str_set().emplace_back(bytes);
      return true;
    }
    return Number(bytes, &set->num_set().emplace_back());
  }
};

void PutAttributes(std::string& out, const Item& item) {
  PutVarint(out, item.size());
  for (const auto& [name, value] : item) {
    PutBytes(out, name);
    PutValue(out, value);
  }
}

}  // namespace

std::string SerializeItem(const Item& item) {
  std::string out;
  out.reserve(64);
  out.push_back(static_cast<char>(kFormatVersion));
  PutAttributes(out, item);
  return out;
}

namespace encoding {

std::string SerializeStoredItem(const Item& item, int64_t size) {
  std::string out;
  out.reserve(64);
  out.push_back(static_cast<char>(kSizedFormatVersion));
  PutVarint(out, static_cast<uint64_t>(size));
  PutAttributes(out, item);
  return out;
}

}  // namespace encoding

Result<Item> DeserializeItem(std::string_view bytes) {
  // The item is walked as the members of a map value, then moved out of it.
  AttributeValue root = AttributeValue::M({});
  TypedBuilder b;
  if (const char* failure = encoding::WalkItem(bytes, b, &root)) {
    return encoding::CorruptItemError(failure);
  }
  return std::move(root.map());
}

namespace encoding {

Error CorruptItemError(const char* failure) {
  return MakeError(ErrorType::kInternalServerError,
                   std::string("Stored item is corrupt: ") + failure);
}

}  // namespace encoding
}  // namespace ddblab
