// KeyConditions: the legacy form of KeyConditionExpression, turned into the same KeyCondition.
#include <string>

#include "expr/key_parts.h"
#include "expr/legacy.h"
#include "expr/render.h"

namespace ddblab::expr {
namespace {

bool IsIndexable(const std::string& op) {
  return op == "EQ" || op == "LE" || op == "LT" || op == "GE" || op == "GT" ||
         op == "BEGINS_WITH" || op == "BETWEEN";
}

std::string Render(const std::string& name, const ddblab::Condition& c) {
  const std::string& op = *c.comparison_operator;
  const auto& v = *c.attribute_value_list;
  if (op == "BETWEEN") {
    return name + " BETWEEN " + RenderValue(v[0]) + " AND " + RenderValue(v[1]);
  }
  if (op == "BEGINS_WITH") return "begins_with(" + name + ", " + RenderValue(v[0]) + ")";
  const char* sym = op == "EQ"   ? "="
                    : op == "LE" ? "<="
                    : op == "LT" ? "<"
                    : op == "GE" ? ">="
                                 : ">";
  return name + " " + sym + " " + RenderValue(v[0]);
}

void SetSortCondition(const std::string& op, const std::vector<AttributeValue>& values,
                      KeyCondition* out) {
  out->sort_value = values[0];
  if (op == "EQ") out->sort_op = SortOp::kEq;
  if (op == "LE") out->sort_op = SortOp::kLe;
  if (op == "LT") out->sort_op = SortOp::kLt;
  if (op == "GE") out->sort_op = SortOp::kGe;
  if (op == "GT") out->sort_op = SortOp::kGt;
  if (op == "BEGINS_WITH") out->sort_op = SortOp::kBeginsWith;
  if (op == "BETWEEN") {
    out->sort_op = SortOp::kBetween;
    out->sort_value2 = values[1];
  }
}

// KeyConditions on a GSI with multi-attribute keys: one entry per key attribute named, under the
// same rules as KeyConditionExpression (all partition-key attributes by EQ, sort-key attributes
// left to right, only the last one named by another operator).
Result<KeyCondition> MultiAttributeFromLegacy(const Conditions& conditions,
                                              const KeySchemaView& keys) {
  std::vector<std::pair<std::string, bool>> named;
  for (const auto& [name, c] : conditions) {
    if (!IsIndexable(*c.comparison_operator)) {
      return ValidationError("Attempted conditional constraint is not an indexable operation");
    }
    named.emplace_back(name, *c.comparison_operator == "EQ");
  }
  DDB_ASSIGN_OR_RETURN(size_t reach, CheckMultiAttributeKeyNames(keys, named));
  KeyCondition out;
  std::string text;
  auto take = [&](const KeyPartView& k) -> Result<const std::vector<AttributeValue>*> {
    const ddblab::Condition& c = conditions.at(k.name);
    for (const AttributeValue& v : *c.attribute_value_list) {
      if (v.type != k.type) {
        return ValidationError(
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type");
      }
    }
    text += (text.empty() ? "" : " AND ") + Render(k.name, c);
    return &*c.attribute_value_list;
  };
  for (const KeyPartView& k : keys.hash) {
    DDB_ASSIGN_OR_RETURN(const std::vector<AttributeValue>* values, take(k));
    out.hash_values.push_back((*values)[0]);
  }
  for (size_t i = 0; i < reach; ++i) {
    DDB_ASSIGN_OR_RETURN(const std::vector<AttributeValue>* values, take(keys.range[i]));
    if (i + 1 < reach) {
      out.sort_prefix.push_back((*values)[0]);
    } else {
      SetSortCondition(*conditions.at(keys.range[i].name).comparison_operator, *values, &out);
    }
  }
  out.text = text;
  return out;
}

}  // namespace

Result<KeyCondition> KeyConditionFromLegacy(const Conditions& conditions,
                                            const KeySchemaView& keys) {
  DDB_TRY(ValidateConditions(conditions, "keyConditions"));
  if (keys.MultiAttribute()) return MultiAttributeFromLegacy(conditions, keys);
  // DynamoDB: API reference, Query "KeyConditions"; messages as DynamoDB words them.
  if (conditions.size() != 1 && conditions.size() != 2) {
    return ValidationError("Conditions can be of length 1 or 2 only");
  }
  KeyCondition out;
  std::string text;
  struct KeyPart {
    const std::string* name;
    AttrType type;
    bool hash;
  };
  std::vector<KeyPart> parts{{&keys.hash[0].name, keys.hash[0].type, true}};
  if (!keys.range.empty()) parts.push_back({&keys.range[0].name, keys.range[0].type, false});
  for (const KeyPart& part : parts) {
    if (part.hash && parts.size() == 1 && conditions.size() > 1) {
      return ValidationError("Query key condition not supported");
    }
    auto it = conditions.find(*part.name);
    if (it == conditions.end()) {
      if (part.hash || conditions.size() > 1) {
        return ValidationError("Query condition missed key schema element: " + *part.name);
      }
      continue;
    }
    const std::string& op = *it->second.comparison_operator;
    if (!IsIndexable(op)) {
      return ValidationError("Attempted conditional constraint is not an indexable operation");
    }
    const std::vector<AttributeValue>& values = *it->second.attribute_value_list;
    for (const AttributeValue& v : values) {
      if (v.type != part.type) {
        return ValidationError(
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type");
      }
    }
    if (part.hash) {
      if (op != "EQ") return ValidationError("Query key condition not supported");
      out.hash_values.push_back(values[0]);
    } else {
      SetSortCondition(op, values, &out);
    }
    text += (text.empty() ? "" : " AND ") + Render(*part.name, it->second);
  }
  out.text = text;
  return out;
}

}  // namespace ddblab::expr
