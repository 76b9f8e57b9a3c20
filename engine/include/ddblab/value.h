// AttributeValue: DynamoDB's ten attribute types, their validation rules, item size and order.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ddblab/decimal.h"
#include "ddblab/error.h"

namespace ddblab {

enum class AttrType { kS, kN, kB, kBool, kNull, kL, kM, kSS, kNS, kBS };

// "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS".
std::string_view AttrTypeName(AttrType t);
// Inverse of AttrTypeName; false when the name is not one of the ten.
bool ParseAttrType(std::string_view name, AttrType* out);

struct AttributeValue;
using List = std::vector<AttributeValue>;
// Item and Map share one type; declared in error.h as std::map<std::string, AttributeValue,
// std::less<>> so errors can carry items.
using Map = Item;

// One attribute value. Builders keep `type` and `v` consistent; read with the accessors, which
// assume the matching type.
struct AttributeValue {
  AttrType type = AttrType::kNull;
  // S and B: std::string (B holds raw bytes); N: Decimal; BOOL: bool; NULL: monostate;
  // L: List; M: Map; SS and BS: vector<string> (raw bytes for BS); NS: vector<Decimal>.
  std::variant<std::monostate, bool, std::string, Decimal, List, Map, std::vector<std::string>,
               std::vector<Decimal>>
      v;

  static AttributeValue S(std::string s);
  static AttributeValue N(Decimal n);
  static AttributeValue B(std::string bytes);
  static AttributeValue Bool(bool b);
  static AttributeValue Null();
  static AttributeValue L(List l);
  static AttributeValue M(Map m);
  static AttributeValue SS(std::vector<std::string> members);
  static AttributeValue NS(std::vector<Decimal> members);
  static AttributeValue BS(std::vector<std::string> members);

  const std::string& str() const { return std::get<std::string>(v); }  // S or B
  const Decimal& num() const { return std::get<Decimal>(v); }
  bool boolean() const { return std::get<bool>(v); }
  const List& list() const { return std::get<List>(v); }
  List& list() { return std::get<List>(v); }
  const Map& map() const { return std::get<Map>(v); }
  Map& map() { return std::get<Map>(v); }
  const std::vector<std::string>& str_set() const { return std::get<std::vector<std::string>>(v); }
  std::vector<std::string>& str_set() { return std::get<std::vector<std::string>>(v); }
  const std::vector<Decimal>& num_set() const { return std::get<std::vector<Decimal>>(v); }
  std::vector<Decimal>& num_set() { return std::get<std::vector<Decimal>>(v); }

  bool is_set() const {
    return type == AttrType::kSS || type == AttrType::kNS || type == AttrType::kBS;
  }
  bool is_scalar_key_type() const {
    return type == AttrType::kS || type == AttrType::kN || type == AttrType::kB;
  }
};

// DynamoDB equality: numbers by value, sets regardless of order, L and M deeply.
bool operator==(const AttributeValue& a, const AttributeValue& b);
inline bool operator!=(const AttributeValue& a, const AttributeValue& b) { return !(a == b); }

// Ordering of two values of the same scalar type (S, N or B): N numerically, S and B by unsigned
// bytes. Returns <0, 0, >0. Precondition: same type, one of S/N/B.
int CompareScalar(const AttributeValue& a, const AttributeValue& b);

// A set's members in DynamoDB's key order (SS and BS by unsigned bytes, NS numerically). DynamoDB
// promises no member order, but clients compare returned sets with arrays, so every set ddblab
// stores or returns is in this one stable order. No-op for a value that is not a set.
void PutSetInKeyOrder(AttributeValue& v);
// Whether `v` (any type) is a set whose members are already in key order, or not a set at all.
bool SetInKeyOrder(const AttributeValue& v);

// Bytes of one value in DynamoDB's item-size formula (S: UTF-8 bytes, B: raw bytes, N: see
// Decimal::ItemSizeBytes, BOOL/NULL: 1, L: 3 + sum(1 + elem), M: 3 + sum(1 + name + value),
// sets: sum of members).
size_t ValueSizeBytes(const AttributeValue& v);
// Item size: sum over attributes of UTF-8 name bytes + value bytes.
size_t ItemSizeBytes(const Item& item);

// DynamoDB's per-value validation beyond JSON shape: set members non-empty and unique (numbers by
// value), NULL must be true, nesting at most 32 levels, attribute names non-empty.
// `depth` is the level of `v` (a top-level attribute is level 1).
Status ValidateValue(const AttributeValue& v, int depth = 1);
// DynamoDB's rule for an attribute name wherever one appears (an item or map, an
// ExpressionAttributeNames value, AttributesToGet, AttributeUpdates, Expected, the legacy
// filters): 1 to 65,535 bytes ("Empty attribute name", "Attribute name is too large, must be
// less than 65536 bytes").
Status ValidateAttributeName(std::string_view name);
Status ValidateItem(const Item& item);

// Order-preserving byte encoding of a key value (S: UTF-8 bytes, B: raw bytes, N:
// Decimal::EncodeOrdered). Keys of one attribute always have one type, so no type tag is
// written; memcmp order of encodings equals DynamoDB's sort order, and for S/B a byte prefix is a
// begins_with prefix.
std::string EncodeKeyValue(const AttributeValue& v);

// Compact binary serialization of items for storage (not a public wire format).
std::string SerializeItem(const Item& item);
Result<Item> DeserializeItem(std::string_view bytes);

}  // namespace ddblab
