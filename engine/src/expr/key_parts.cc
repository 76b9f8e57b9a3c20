#include "expr/key_parts.h"

namespace ddblab::expr {
namespace {

const std::pair<std::string, bool>* Find(const std::vector<std::pair<std::string, bool>>& named,
                                         const std::string& name) {
  for (const auto& n : named) {
    if (n.first == name) return &n;
  }
  return nullptr;
}

bool IsKey(const KeySchemaView& keys, const std::string& name) {
  for (const auto* list : {&keys.hash, &keys.range}) {
    for (const KeyPartView& k : *list) {
      if (k.name == name) return true;
    }
  }
  return false;
}

Error NotSupported() { return ValidationError("Query key condition not supported"); }

}  // namespace

Result<size_t> CheckMultiAttributeKeyNames(const KeySchemaView& keys,
                                           const std::vector<std::pair<std::string, bool>>& named) {
  for (const KeyPartView& k : keys.hash) {
    if (!Find(named, k.name)) {
      return ValidationError("Query condition missed key schema element: " + k.name);
    }
  }
  for (const auto& n : named) {
    if (IsKey(keys, n.first)) continue;
    // As for a single-attribute key, a condition on another attribute is reported as the key
    // element it leaves out.
    for (const KeyPartView& k : keys.range) {
      if (!Find(named, k.name)) {
        return ValidationError("Query condition missed key schema element: " + k.name);
      }
    }
    return NotSupported();
  }
  for (const KeyPartView& k : keys.hash) {
    if (!Find(named, k.name)->second) return NotSupported();
  }
  size_t reach = 0;
  for (size_t i = 0; i < keys.range.size(); ++i) {
    if (Find(named, keys.range[i].name)) reach = i + 1;
  }
  for (size_t i = 0; i + 1 < reach; ++i) {
    const auto* n = Find(named, keys.range[i].name);
    if (!n) {
      // No DynamoDB text was found in its documentation; this is the wording moto gives in its
      // tests of this rule, which were checked against DynamoDB for naming the skipped attribute.
      std::string later;
      for (size_t j = i + 1; j < reach && later.empty(); ++j) {
        if (Find(named, keys.range[j].name)) later = keys.range[j].name;
      }
      return ValidationError("RANGE key attributes " + keys.range[i].name +
                             " must have equality conditions specified in the query because a "
                             "condition is present on key attribute " +
                             later);
    }
    if (!n->second) return NotSupported();
  }
  return reach;
}

}  // namespace ddblab::expr
