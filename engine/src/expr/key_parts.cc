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

// DynamoDB names the partition-key attribute that lacks an equality. No full text of this
// message was found published; DynamoDB's answers are known to say "HASH key attributes <name>
// must have equality conditions", worded like the RANGE message below.
Error HashNeedsEquality(const std::string& name) {
  return ValidationError("HASH key attributes " + name +
                         " must have equality conditions specified in the query");
}

// A sort-key attribute named (or skipped) before a later one needs an equality. This is the
// wording DynamoDB gives, naming the earlier attribute and the later one.
Error RangeNeedsEquality(const std::string& earlier, const std::string& later) {
  return ValidationError("RANGE key attributes " + earlier +
                         " must have equality conditions specified in the query because a "
                         "condition is present on key attribute " +
                         later);
}

}  // namespace

Result<size_t> CheckMultiAttributeKeyNames(const KeySchemaView& keys,
                                           const std::vector<std::pair<std::string, bool>>& named) {
  for (const KeyPartView& k : keys.hash) {
    const auto* n = Find(named, k.name);
    if (!n || !n->second) return HashNeedsEquality(k.name);
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
  size_t reach = 0;
  for (size_t i = 0; i < keys.range.size(); ++i) {
    if (Find(named, keys.range[i].name)) reach = i + 1;
  }
  for (size_t i = 0; i + 1 < reach; ++i) {
    const auto* n = Find(named, keys.range[i].name);
    if (n && n->second) continue;
    // Skipped, or a range condition before a later one: name the next attribute conditioned.
    std::string later;
    for (size_t j = i + 1; j < reach && later.empty(); ++j) {
      if (Find(named, keys.range[j].name)) later = keys.range[j].name;
    }
    return RangeNeedsEquality(keys.range[i].name, later);
  }
  return reach;
}

}  // namespace ddblab::expr
