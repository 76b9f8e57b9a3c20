// AttributeUpdates: UpdateItem's legacy PUT / ADD / DELETE actions on top-level attributes.
#include <string>

#include "expr/legacy.h"
#include "expr/set_members.h"

namespace ddblab::expr {
namespace {

const std::string kLegacyUpdateInvalid = "One or more parameter values were invalid: ";

bool IsSet(AttrType t) { return t == AttrType::kSS || t == AttrType::kNS || t == AttrType::kBS; }

// DynamoDB's message when ADD or DELETE meets an attribute of another type (API reference,
// UpdateItem "AttributeUpdates").
Error TypeMismatch() { return ValidationError("Type mismatch for attribute to update"); }

// ADD: numbers add (a missing attribute counts as 0), sets union, and, unlike UpdateExpression's
// ADD, lists append.
Status LegacyAddTo(AttributeValue& target, const AttributeValue& v) {
  if (target.type != v.type) return TypeMismatch();
  switch (v.type) {
    case AttrType::kN: {
      DDB_ASSIGN_OR_RETURN(Decimal sum, target.num().Add(v.num()));
      target = AttributeValue::N(std::move(sum));
      return OkStatus();
    }
    case AttrType::kL:
      for (const AttributeValue& e : v.list()) target.list().push_back(e);
      return OkStatus();
    case AttrType::kNS:
      AddSetMembers(target, v);
      return OkStatus();
    default:  // SS, BS
      AddSetMembers(target, v);
      return OkStatus();
  }
}

// DELETE with a set: removes its members; returns whether the set is now empty.
Result<bool> LegacyDeleteFrom(AttributeValue& target, const AttributeValue& v) {
  if (target.type != v.type) return TypeMismatch();
  return RemoveSetMembers(target, v);
}

class AttributeUpdatesImpl : public Update {
 public:
  explicit AttributeUpdatesImpl(AttributeUpdates updates) : updates_(std::move(updates)) {}

  std::vector<std::string> TargetTopLevelAttributes() const override {
    std::vector<std::string> out;
    for (const auto& [name, u] : updates_) out.push_back(name);
    return out;
  }
  bool TargetsNestedPathOf(const std::string&) const override { return false; }

  Result<Outcome> Apply(const Item* old_item, const Key& key) const override {
    Outcome out;
    out.new_item = old_item ? *old_item : key;
    // DynamoDB: on a missing item PUT and ADD create it; DELETE alone does nothing.
    bool creates = old_item != nullptr;
    for (const auto& [name, u] : updates_) {
      const std::string action = u.action.value_or("PUT");
      auto it = out.new_item.find(name);
      bool had = it != out.new_item.end();
      if (had) out.updated_old[name] = it->second;
      if (action == "PUT") {
        out.new_item.insert_or_assign(name, *u.value);
        creates = true;
      } else if (action == "ADD") {
        creates = true;
        if (had) {
          DDB_TRY(LegacyAddTo(it->second, *u.value));
        } else {
          out.new_item.emplace(name, *u.value);
        }
      } else if (had && !u.value) {  // DELETE of the attribute
        out.new_item.erase(it);
      } else if (had) {  // DELETE of set members
        DDB_ASSIGN_OR_RETURN(bool empty, LegacyDeleteFrom(it->second, *u.value));
        if (empty) out.new_item.erase(it);
      }
      auto now = out.new_item.find(name);
      if (now != out.new_item.end()) out.updated_new[name] = now->second;
    }
    if (!creates) {
      out.exists = false;
      out.new_item.clear();
      out.updated_new.clear();
    }
    return out;
  }

 private:
  AttributeUpdates updates_;
};

}  // namespace

Result<std::shared_ptr<const Update>> AttributeUpdatesUpdate(const AttributeUpdates& updates) {
  for (const auto& [name, u] : updates) {
    DDB_TRY(ValidateAttributeName(name));
    if (u.action && *u.action != "ADD" && *u.action != "PUT" && *u.action != "DELETE") {
      return ValidationError("1 validation error detected: Value '" + *u.action +
                             "' at 'attributeUpdates." + name +
                             ".member.action' failed to satisfy constraint: Member must satisfy "
                             "enum value set: [ADD, PUT, DELETE]");
    }
    const std::string action = u.action.value_or("PUT");
    // DynamoDB: API reference "AttributeValueUpdate"; messages as DynamoDB words them.
    if (!u.value) {
      if (action != "DELETE") {
        return ValidationError(
            kLegacyUpdateInvalid +
            "Only DELETE action is allowed when no attribute value is specified");
      }
      continue;
    }
    AttrType t = u.value->type;
    if (action == "DELETE" && !IsSet(t)) {
      return ValidationError(kLegacyUpdateInvalid +
                             "DELETE action with value is not supported for the type " +
                             std::string(AttrTypeName(t)));
    }
    if (action == "ADD" && !IsSet(t) && t != AttrType::kN && t != AttrType::kL) {
      return ValidationError(kLegacyUpdateInvalid + "ADD action is not supported for the type " +
                             std::string(AttrTypeName(t)));
    }
  }
  return std::shared_ptr<const Update>(std::make_shared<AttributeUpdatesImpl>(updates));
}

}  // namespace ddblab::expr
