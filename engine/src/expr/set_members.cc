#include "expr/set_members.h"

#include <algorithm>

namespace ddblab::expr {
namespace {

template <typename T>
void Union(std::vector<T>& into, const std::vector<T>& add) {
  for (const T& m : add) {
    if (std::find(into.begin(), into.end(), m) == into.end()) into.push_back(m);
  }
}

template <typename T>
bool Subtract(std::vector<T>& from, const std::vector<T>& remove) {
  for (const T& m : remove) {
    auto it = std::find(from.begin(), from.end(), m);
    if (it != from.end()) from.erase(it);
  }
  return from.empty();
}

}  // namespace

void AddSetMembers(AttributeValue& target, const AttributeValue& v) {
  if (v.type == AttrType::kNS) {
    Union(target.num_set(), v.num_set());
  } else {
    Union(target.str_set(), v.str_set());
  }
}

bool RemoveSetMembers(AttributeValue& target, const AttributeValue& v) {
  if (v.type == AttrType::kNS) return Subtract(target.num_set(), v.num_set());
  return Subtract(target.str_set(), v.str_set());
}

}  // namespace ddblab::expr
