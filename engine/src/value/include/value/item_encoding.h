// Reading the storage encoding of an item (see item_codec.cc for the layout) without committing
// to what is built from it: the typed decoder, the well-formedness check and the wire encoder's
// JSON renderer are three builders over one walker, so they cannot disagree about the format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddblab/value.h"

namespace ddblab::encoding {

// The first byte of an encoded item. A stored row's item (SerializeStoredItem) carries its
// DynamoDB size after that byte, so a read takes the size from the bytes it fetches anyway rather
// than from a second column; other encodings (stream images, keys in tokens) do not. Rows written
// before sizes were stored (storage format 3 and older) hold the plain form, which stays readable.
constexpr unsigned char kFormatVersion = 1;
constexpr unsigned char kSizedFormatVersion = 2;
// Stored items pass ValidateItem (32 levels); the margin tolerates future relaxations while
// still bounding recursion on garbage input.
constexpr int kMaxDepth = 100;

// Bounds-checked cursor over encoded bytes; the first failure is kept for the error message.
class Reader {
 public:
  explicit Reader(std::string_view in) : p_(in.data()), end_(in.data() + in.size()) {}

  bool AtEnd() const { return p_ == end_; }
  size_t Remaining() const { return static_cast<size_t>(end_ - p_); }
  const char* failure() const { return failure_; }

  bool Fail(const char* why) {
    if (failure_ == nullptr) failure_ = why;
    return false;
  }

  bool Byte(unsigned char* out) {
    if (p_ == end_) return Fail("truncated");
    *out = static_cast<unsigned char>(*p_++);
    return true;
  }

  bool Varint(uint64_t* out) {
    if (p_ != end_ && static_cast<unsigned char>(*p_) < 0x80) {  // the usual one-byte length
      *out = static_cast<unsigned char>(*p_++);
      return true;
    }
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return Fail("truncated varint");
      const auto b = static_cast<unsigned char>(*p_++);
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        *out = v;
        return true;
      }
    }
    return Fail("varint too long");
  }

  bool Bytes(std::string_view* out) {
    uint64_t len;
    if (!Varint(&len)) return false;
    if (len > Remaining()) return Fail("length past end");
    *out = std::string_view(p_, static_cast<size_t>(len));
    p_ += len;
    return true;
  }

  // An element count; every element takes at least one byte, which bounds any reservation.
  bool Count(uint64_t* out) {
    if (!Varint(out)) return false;
    if (*out > Remaining()) return Fail("count past end");
    return true;
  }

 private:
  const char* p_;
  const char* end_;
  const char* failure_ = nullptr;
};

// The size a stored row's item carries (SerializeStoredItem), read without walking the item;
// nullopt for an item in the plain form, which must be measured. Inline: a read calls it per row.
inline std::optional<int64_t> StoredSize(std::string_view bytes) {
  if (bytes.empty() || static_cast<unsigned char>(bytes[0]) != kSizedFormatVersion) {
    return std::nullopt;
  }
  Reader r(bytes.substr(1));
  uint64_t size = 0;
  if (!r.Varint(&size)) return std::nullopt;
  return static_cast<int64_t>(size);
}

// A builder B turns walk events into its own values:
//   using Value;
//   bool Scalar(AttrType t, std::string_view bytes, Value* out);  // S, B, N (canonical text)
//   void Bool(bool b, Value* out);  void Null(Value* out);
//   void BeginList(size_t n, Value* out);   Value* ListSlot(Value* list, size_t i);
//   void BeginMap(size_t n, Value* out);    Value* MapSlot(Value* map, std::string_view name);
//   void BeginSet(AttrType t, size_t n, Value* out);
//   bool SetMember(AttrType t, std::string_view bytes, Value* set);
//   void BeginItem(size_t n, Value* item);  (optional: told the item's member count first)
// Scalar and SetMember return false for a number the builder cannot accept.
template <class B>
bool WalkValue(Reader& r, int depth, B& b, typename B::Value* out);

// std::string order (unsigned bytes), deciding on the first byte without a memcmp call when it
// can: names mostly differ there.
inline bool NameLess(std::string_view a, std::string_view b) {
  if (!a.empty() && !b.empty() && a[0] != b[0]) {
    return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
  }
  return a < b;
}

// Reads `count` (name, value) pairs, which the serializer wrote in strictly ascending order.
template <class B>
bool WalkPairs(Reader& r, int depth, uint64_t count, B& b, typename B::Value* map) {
  std::string_view previous;
  for (uint64_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    if (i > 0 && !NameLess(previous, name)) return r.Fail("names out of order");
    previous = name;
    if (!WalkValue(r, depth + 1, b, b.MapSlot(map, name))) return false;
  }
  return true;
}

template <class B>
bool WalkValue(Reader& r, int depth, B& b, typename B::Value* out) {
  if (depth > kMaxDepth) return r.Fail("nested too deeply");
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  if (tag > static_cast<unsigned char>(AttrType::kBS)) return r.Fail("unknown type tag");
  const auto type = static_cast<AttrType>(tag);
  switch (type) {
    case AttrType::kS:
    case AttrType::kB:
    case AttrType::kN: {
      std::string_view bytes;
      if (!r.Bytes(&bytes)) return false;
      return b.Scalar(type, bytes, out) || r.Fail("bad number");
    }
    case AttrType::kBool: {
      unsigned char v;
      if (!r.Byte(&v)) return false;
      if (v > 1) return r.Fail("bad boolean");
      b.Bool(v == 1, out);
      return true;
    }
    case AttrType::kNull:
      b.Null(out);
      return true;
    case AttrType::kL: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      b.BeginList(static_cast<size_t>(count), out);
      for (uint64_t i = 0; i < count; ++i) {
        if (!WalkValue(r, depth + 1, b, b.ListSlot(out, static_cast<size_t>(i)))) return false;
      }
      return true;
    }
    case AttrType::kM: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      b.BeginMap(static_cast<size_t>(count), out);
      return WalkPairs(r, depth, count, b, out);
    }
    case AttrType::kSS:
    case AttrType::kNS:
    case AttrType::kBS: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      b.BeginSet(type, static_cast<size_t>(count), out);
      for (uint64_t i = 0; i < count; ++i) {
        std::string_view bytes;
        if (!r.Bytes(&bytes)) return false;
        if (!b.SetMember(type, bytes, out)) return r.Fail("bad number");
      }
      return true;
    }
  }
  return r.Fail("unknown type tag");
}

// Walks a whole encoded item into `item` (a map-like Value the builder's MapSlot fills).
// Returns the failure text, or nullptr when the bytes are a well-formed item.
template <class B>
const char* WalkItem(std::string_view bytes, B& b, typename B::Value* item) {
  Reader r(bytes);
  unsigned char version = 0;
  uint64_t size = 0;  // the stored size, checked by CheckItemSize rather than here
  uint64_t count = 0;
  bool ok = r.Byte(&version) &&
            (version == kFormatVersion || version == kSizedFormatVersion ||
             r.Fail("unknown format version")) &&
            (version != kSizedFormatVersion || r.Varint(&size)) && r.Count(&count);
  if (ok) {
    if constexpr (requires(typename B::Value * v) { b.BeginItem(size_t{0}, v); }) {
      b.BeginItem(static_cast<size_t>(count), item);
    }
    ok = WalkPairs(r, 0, count, b, item) && (r.AtEnd() || r.Fail("trailing bytes"));
  }
  return ok ? nullptr : r.failure();
}

// The error a damaged stored item turns into.
Error CorruptItemError(const char* failure);

// Checks that `bytes` is a well-formed item encoding without building anything: structure in
// full, number text by its alphabet. What passes renders as JSON and decodes (short of
// tampering that forges number text, which then decodes as an empty item).
Status CheckItem(std::string_view bytes);
// The same check, also measuring the item by DynamoDB's size formula (= ItemSizeBytes of the
// decoded item), so a read need not fetch the stored size. A stored size that differs from the
// measured one is damage too.
Result<int64_t> CheckItemSize(std::string_view bytes);

// A stored row's item: SerializeItem's layout with `size` (ItemSizeBytes of `item`) after the
// format byte.
std::string SerializeStoredItem(const Item& item, int64_t size);

}  // namespace ddblab::encoding
