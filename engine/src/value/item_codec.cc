// Compact binary form of an item for the storage layer.
//
// Layout: a format byte, then varint(attribute count) and per attribute varint(name length),
// name bytes, value. A value is its AttrType as one byte followed by:
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

namespace ddblab {

namespace {

constexpr unsigned char kFormatVersion = 1;
// Stored items pass ValidateItem (32 levels); the margin tolerates future relaxations while
// still bounding recursion on garbage input.
constexpr int kMaxDecodeDepth = 100;

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

bool GetNumber(Reader& r, Decimal* out) {
  std::string_view text;
  if (!r.Bytes(&text)) return false;
  Result<Decimal> d = Decimal::Parse(text);
  if (!d.ok()) return r.Fail("bad number");
  *out = std::move(d).value();
  return true;
}

bool GetValue(Reader& r, int depth, AttributeValue* out);

// Reads `count` (name, value) pairs into `map`, which the serializer wrote in ascending order;
// appending at the end keeps each insertion constant time.
bool GetPairs(Reader& r, int depth, uint64_t count, Map* map) {
  for (uint64_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    if (!map->empty() && !(std::prev(map->end())->first < name)) {
      return r.Fail("names out of order");
    }
    auto it = map->emplace_hint(map->end(), std::string(name), AttributeValue());
    if (!GetValue(r, depth + 1, &it->second)) return false;
  }
  return true;
}

bool GetValue(Reader& r, int depth, AttributeValue* out) {
  if (depth > kMaxDecodeDepth) return r.Fail("nested too deeply");
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  if (tag > static_cast<unsigned char>(AttrType::kBS)) return r.Fail("unknown type tag");
  out->type = static_cast<AttrType>(tag);
  switch (out->type) {
    case AttrType::kS:
    case AttrType::kB: {
      std::string_view s;
      if (!r.Bytes(&s)) return false;
      out->v.emplace<std::string>(s);
      return true;
    }
    case AttrType::kN:
      return GetNumber(r, &out->v.emplace<Decimal>());
    case AttrType::kBool: {
      unsigned char b;
      if (!r.Byte(&b)) return false;
      if (b > 1) return r.Fail("bad boolean");
      out->v.emplace<bool>(b == 1);
      return true;
    }
    case AttrType::kNull:
      out->v.emplace<std::monostate>();
      return true;
    case AttrType::kL: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      List& list = out->v.emplace<List>();
      list.resize(static_cast<size_t>(count));
      for (AttributeValue& e : list) {
        if (!GetValue(r, depth + 1, &e)) return false;
      }
      return true;
    }
    case AttrType::kM: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      return GetPairs(r, depth, count, &out->v.emplace<Map>());
    }
    case AttrType::kSS:
    case AttrType::kBS: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      auto& members = out->v.emplace<std::vector<std::string>>();
      members.reserve(static_cast<size_t>(count));
      for (uint64_t i = 0; i < count; ++i) {
        std::string_view s;
        if (!r.Bytes(&s)) return false;
        members.emplace_back(s);
      }
      return true;
    }
    case AttrType::kNS: {
      uint64_t count;
      if (!r.Count(&count)) return false;
      auto& members = out->v.emplace<std::vector<Decimal>>();
      members.resize(static_cast<size_t>(count));
      for (Decimal& d : members) {
        if (!GetNumber(r, &d)) return false;
      }
      return true;
    }
  }
  return r.Fail("unknown type tag");
}

}  // namespace

std::string SerializeItem(const Item& item) {
  std::string out;
  out.reserve(64);
  out.push_back(static_cast<char>(kFormatVersion));
  PutVarint(out, item.size());
  for (const auto& [name, value] : item) {
    PutBytes(out, name);
    PutValue(out, value);
  }
  return out;
}

Result<Item> DeserializeItem(std::string_view bytes) {
  Reader r(bytes);
  Item item;
  unsigned char version = 0;
  uint64_t count = 0;
  bool ok = r.Byte(&version) && (version == kFormatVersion || r.Fail("unknown format version")) &&
            r.Count(&count) && GetPairs(r, 0, count, &item) &&
            (r.AtEnd() || r.Fail("trailing bytes"));
  if (!ok) {
    return MakeError(ErrorType::kInternalServerError,
                     std::string("Stored item is corrupt: ") + r.failure());
  }
  return item;
}

}  // namespace ddblab
