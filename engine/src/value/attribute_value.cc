// AttributeValue builders, type names, equality and scalar ordering.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddblab/value.h"

namespace ddblab {

namespace {

constexpr std::array<std::string_view, 10> kTypeNames = {"S", "N", "B",  "BOOL", "NULL",
                                                         "L", "M", "SS", "NS",   "BS"};

// Multiset equality of two member lists, independent of order. Sorting pointers keeps the
// members themselves untouched and avoids copying strings.
template <typename T, typename Less, typename Eq>
bool SameMembers(const std::vector<T>& a, const std::vector<T>& b, Less less, Eq eq) {
  if (a.size() != b.size()) return false;
  if (a.size() == 1) return eq(a[0], b[0]);
  std::vector<const T*> pa;
  std::vector<const T*> pb;
  pa.reserve(a.size());
  pb.reserve(b.size());
  for (const T& x : a) pa.push_back(&x);
  for (const T& x : b) pb.push_back(&x);
  auto ptr_less = [&](const T* x, const T* y) { return less(*x, *y); };
  std::sort(pa.begin(), pa.end(), ptr_less);
  std::sort(pb.begin(), pb.end(), ptr_less);
  for (size_t i = 0; i < pa.size(); ++i) {
    if (!eq(*pa[i], *pb[i])) return false;
  }
  return true;
}

}  // namespace

std::string_view AttrTypeName(AttrType t) { return kTypeNames[static_cast<size_t>(t)]; }

bool ParseAttrType(std::string_view name, AttrType* out) {
  for (size_t i = 0; i < kTypeNames.size(); ++i) {
    if (kTypeNames[i] == name) {
      *out = static_cast<AttrType>(i);
      return true;
    }
  }
  return false;
}

AttributeValue AttributeValue::S(std::string s) {
  AttributeValue a;
  a.type = AttrType::kS;
  a.v = std::move(s);
  return a;
}

AttributeValue AttributeValue::N(Decimal n) {
  AttributeValue a;
  a.type = AttrType::kN;
  a.v = std::move(n);
  return a;
}

AttributeValue AttributeValue::B(std::string bytes) {
  AttributeValue a;
  a.type = AttrType::kB;
  a.v = std::move(bytes);
  return a;
}

AttributeValue AttributeValue::Bool(bool b) {
  AttributeValue a;
  a.type = AttrType::kBool;
  a.v = b;
  return a;
}

AttributeValue AttributeValue::Null() { return AttributeValue(); }

AttributeValue AttributeValue::L(List l) {
  AttributeValue a;
  a.type = AttrType::kL;
  a.v = std::move(l);
  return a;
}

AttributeValue AttributeValue::M(Map m) {
  AttributeValue a;
  a.type = AttrType::kM;
  a.v = std::move(m);
  return a;
}

AttributeValue AttributeValue::SS(std::vector<std::string> members) {
  AttributeValue a;
  a.type = AttrType::kSS;
  a.v = std::move(members);
  return a;
}

AttributeValue AttributeValue::NS(std::vector<Decimal> members) {
  AttributeValue a;
  a.type = AttrType::kNS;
  a.v = std::move(members);
  return a;
}

AttributeValue AttributeValue::BS(std::vector<std::string> members) {
  AttributeValue a;
  a.type = AttrType::kBS;
  a.v = std::move(members);
  return a;
}

bool operator==(const AttributeValue& a, const AttributeValue& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case AttrType::kS:
    case AttrType::kB:
      return a.str() == b.str();
    case AttrType::kN:
      return a.num() == b.num();
    case AttrType::kBool:
      return a.boolean() == b.boolean();
    case AttrType::kNull:
      return true;
    case AttrType::kL:
      return a.list() == b.list();
    case AttrType::kM:
      return a.map() == b.map();
    case AttrType::kSS:
    case AttrType::kBS:
      return SameMembers(
          a.str_set(), b.str_set(),
          [](const std::string& x, const std::string& y) { return x < y; },
          [](const std::string& x, const std::string& y) { return x == y; });
    case AttrType::kNS:
      return SameMembers(
          a.num_set(), b.num_set(), [](const Decimal& x, const Decimal& y) { return x < y; },
          [](const Decimal& x, const Decimal& y) { return x == y; });
  }
  return false;
}

int CompareScalar(const AttributeValue& a, const AttributeValue& b) {
  if (a.type == AttrType::kN) return a.num().Compare(b.num());
  // DynamoDB: HowItWorks.NamingRulesDataTypes — S and B compare as unsigned bytes;
  // std::char_traits<char> compares as unsigned char.
  const int c = std::string_view(a.str()).compare(b.str());
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

void PutSetInKeyOrder(AttributeValue& v) {
  if (SetInKeyOrder(v)) return;
  if (v.type == AttrType::kNS) {
    std::sort(v.num_set().begin(), v.num_set().end());
  } else {
    std::sort(v.str_set().begin(), v.str_set().end());
  }
}

bool SetInKeyOrder(const AttributeValue& v) {
  switch (v.type) {
    case AttrType::kSS:
    case AttrType::kBS:
      return std::is_sorted(v.str_set().begin(), v.str_set().end());
    case AttrType::kNS:
      return std::is_sorted(v.num_set().begin(), v.num_set().end());
    default:
      return true;
  }
}

}  // namespace ddblab
