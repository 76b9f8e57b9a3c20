// The read-time check of a stored item (encoding::CheckItemSize). It runs on every item a read
// returns whole, so it is a tight skim rather than a builder over the generic walker: structure
// in full (tags, lengths against the end, counts, nesting, name order), numbers by their alphabet
// only (stored numbers are Decimal::ToString output; parsing each one on every read would cost
// more than the rest of the check, to catch damage only tampering could cause). The same pass
// measures the item by DynamoDB's size formula, which spares the read fetching the size column.
//
// Each step takes the read position and returns the next one, or nullptr when the bytes are
// damaged; the reason is then recovered, off the fast path, by the decoder.
#include <cstring>

#include "value/item_encoding.h"

namespace ddblab::encoding {
namespace {

using Pos = const unsigned char*;

Pos Varint(Pos p, Pos end, uint64_t* out) {
  if (p != end && *p < 0x80) {  // the usual one-byte length
    *out = *p;
    return p + 1;
  }
  uint64_t v = 0;
  for (int shift = 0; shift < 64 && p != end; shift += 7) {
    const unsigned char b = *p++;
    v |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      *out = v;
      return p;
    }
  }
  return nullptr;
}

// A count of elements, each at least one byte long.
Pos Count(Pos p, Pos end, uint64_t* n) {
  p = Varint(p, end, n);
  return p != nullptr && *n <= static_cast<uint64_t>(end - p) ? p : nullptr;
}

// A length-prefixed run of bytes, starting at *start.
Pos Bytes(Pos p, Pos end, Pos* start, uint64_t* len) {
  p = Varint(p, end, len);
  if (p == nullptr || *len > static_cast<uint64_t>(end - p)) return nullptr;
  *start = p;
  return p + *len;
}

// Vets canonical number text by its alphabet and adds its size: DynamoDB counts
// 1 + ceil(integer digits / 2) + ceil(fraction digits / 2) + 1 if negative, where an integer's
// trailing zeros and a fraction's leading zeros (below 1) are free (Decimal::ItemSizeBytes).
bool Number(Pos s, uint64_t len, uint64_t* size) {
  if (len == 0) return false;
  uint64_t dot = len;
  for (uint64_t i = 0; i < len; ++i) {
    const unsigned char c = s[i];
    if (c == '.') {
      dot = i;
    } else if ((c < '0' || c > '9') && !(c == '-' && i == 0)) {
      return false;
    }
  }
  const uint64_t sign = s[0] == '-' ? 1 : 0;
  uint64_t int_digits = dot - sign;
  uint64_t frac_digits = dot < len ? len - dot - 1 : 0;
  if (int_digits == 1 && s[sign] == '0') {  // below 1 (or zero)
    int_digits = 0;
    for (uint64_t i = dot + 1; i < len && s[i] == '0'; ++i) --frac_digits;
    if (frac_digits == 0) {
      *size += 1;  // zero
      return true;
    }
  } else if (frac_digits == 0) {
    for (uint64_t i = dot; i > sign + 1 && s[i - 1] == '0'; --i) --int_digits;
  }
  *size += 1 + (int_digits + 1) / 2 + (frac_digits + 1) / 2 + sign;
  return true;
}

// std::string order (unsigned bytes, then length); names mostly differ in their first byte.
bool NameLess(Pos a, uint64_t a_len, Pos b, uint64_t b_len) {
  if (a_len > 0 && b_len > 0 && a[0] != b[0]) return a[0] < b[0];
  int c = std::memcmp(a, b, a_len < b_len ? a_len : b_len);
  return c < 0 || (c == 0 && a_len < b_len);
}

Pos Value(Pos p, Pos end, int depth, uint64_t* size);

// `count` (name, value) pairs; each adds its name and value size plus `overhead` (the 1 byte per
// member of a nested map; none at the top level).
Pos Pairs(Pos p, Pos end, uint64_t count, int depth, uint64_t overhead, uint64_t* size) {
  Pos previous = nullptr;
  uint64_t previous_len = 0;
  for (uint64_t i = 0; i < count; ++i) {
    Pos name;
    uint64_t len;
    p = Bytes(p, end, &name, &len);
    if (p == nullptr) return nullptr;
    if (previous != nullptr && !NameLess(previous, previous_len, name, len)) return nullptr;
    previous = name;
    previous_len = len;
    *size += overhead + len;
    if (p != end && (*p == static_cast<unsigned char>(AttrType::kS) ||
                     *p == static_cast<unsigned char>(AttrType::kB))) {
      // Strings and binaries, the usual attributes, without a call.
      Pos bytes;
      p = Bytes(p + 1, end, &bytes, &len);
      if (p == nullptr) return nullptr;
      *size += len;
      continue;
    }
    p = Value(p, end, depth + 1, size);
    if (p == nullptr) return nullptr;
  }
  return p;
}

Pos Value(Pos p, Pos end, int depth, uint64_t* size) {
  if (depth > kMaxDepth || p == end) return nullptr;
  const auto type = static_cast<AttrType>(*p++);
  Pos bytes;
  uint64_t n;
  switch (type) {
    case AttrType::kS:
    case AttrType::kB:
      p = Bytes(p, end, &bytes, &n);
      if (p != nullptr) *size += n;
      return p;
    case AttrType::kN:
      p = Bytes(p, end, &bytes, &n);
      return p != nullptr && Number(bytes, n, size) ? p : nullptr;
    case AttrType::kBool:
      *size += 1;
      return p != end && *p <= 1 ? p + 1 : nullptr;
    case AttrType::kNull:
      *size += 1;
      return p;
    case AttrType::kL:
      p = Count(p, end, &n);
      if (p == nullptr) return nullptr;
      *size += 3 + n;  // DynamoDB: 3 bytes per list plus 1 per element
      for (uint64_t i = 0; i < n && p != nullptr; ++i) p = Value(p, end, depth + 1, size);
      return p;
    case AttrType::kM:
      p = Count(p, end, &n);
      if (p == nullptr) return nullptr;
      *size += 3;  // and 1 per member, added with the member
      return Pairs(p, end, n, depth, 1, size);
    case AttrType::kSS:
    case AttrType::kNS:
    case AttrType::kBS:
      p = Count(p, end, &n);
      for (uint64_t i = 0; i < n && p != nullptr; ++i) {
        uint64_t len;
        p = Bytes(p, end, &bytes, &len);
        if (p == nullptr) return nullptr;
        if (type != AttrType::kNS) {
          *size += len;
        } else if (!Number(bytes, len, size)) {
          return nullptr;
        }
      }
      return p;
  }
  return nullptr;  // unknown type tag
}

}  // namespace

Result<int64_t> CheckItemSize(std::string_view bytes) {
  Pos p = reinterpret_cast<Pos>(bytes.data());
  Pos end = p + bytes.size();
  uint64_t count = 0;
  uint64_t size = 0;
  uint64_t stored = 0;
  const bool sized = p != end && *p == kSizedFormatVersion;
  if (p != end && (*p == kFormatVersion || sized)) {
    p = p + 1;
    if (sized) p = Varint(p, end, &stored);
    if (p != nullptr) p = Count(p, end, &count);
  } else {
    p = nullptr;
  }
  if (p != nullptr) p = Pairs(p, end, count, 0, 0, &size);
  if (p != nullptr && p == end) {
    if (sized && stored != size) return CorruptItemError("stored size does not match");
    return static_cast<int64_t>(size);
  }
  // Damaged: the decoder names what is wrong (it parses numbers, so it may also be the one to
  // find a bad number the alphabet check let through; it cannot accept what failed here).
  Result<Item> decoded = DeserializeItem(bytes);
  return decoded.ok() ? CorruptItemError("bad number") : decoded.error();
}

Status CheckItem(std::string_view bytes) {
  DDB_TRY(CheckItemSize(bytes));
  return OkStatus();
}

}  // namespace ddblab::encoding
