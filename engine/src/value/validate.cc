// DynamoDB's value rules that JSON shape alone does not enforce.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/base64.h"
#include "ddblab/value.h"

namespace ddblab {

namespace {

constexpr int kMaxNestingLevels = 32;
constexpr std::string_view kInvalidPrefix = "One or more parameter values were invalid: ";

// The input collection printed as Java's List.toString does: "[a, b]".
template <typename Render>
std::string JavaList(const std::vector<std::string>& members, Render render) {
  std::string out = "[";
  for (size_t i = 0; i < members.size(); ++i) {
    if (i > 0) out.append(", ");
    out.append(render(members[i]));
  }
  out.push_back(']');
  return out;
}

bool HasDuplicateStrings(const std::vector<std::string>& members) {
  if (members.size() < 2) return false;
  std::vector<std::string_view> sorted(members.begin(), members.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

bool HasDuplicateNumbers(const std::vector<Decimal>& members) {
  if (members.size() < 2) return false;
  std::vector<const Decimal*> sorted;
  sorted.reserve(members.size());
  for (const Decimal& d : members) sorted.push_back(&d);
  std::sort(sorted.begin(), sorted.end(),
            [](const Decimal* a, const Decimal* b) { return *a < *b; });
  for (size_t i = 1; i < sorted.size(); ++i) {
    if (*sorted[i - 1] == *sorted[i]) return true;
  }
  return false;
}

Error Invalid(std::string_view detail) {
  std::string msg(kInvalidPrefix);
  msg.append(detail);
  return ValidationError(std::move(msg));
}

// DynamoDB rejects empty attribute names; its own text is unverified, this is the wording
// Alternator's DynamoDB-checked tests accept.
Error EmptyName() { return ValidationError("Empty attribute name"); }

constexpr size_t kMaxAttributeNameBytes = 65535;

}  // namespace

Status ValidateValue(const AttributeValue& v, int depth) {
  // DynamoDB: ServiceQuotas — 32 nesting levels, the top-level attribute being level 1.
  if (depth > kMaxNestingLevels) {
    return ValidationError(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  switch (v.type) {
    case AttrType::kL:
      for (const AttributeValue& e : v.list()) DDB_TRY(ValidateValue(e, depth + 1));
      return OkStatus();
    case AttrType::kM:
      for (const auto& [name, value] : v.map()) {
        DDB_TRY(ValidateAttributeName(name));
        DDB_TRY(ValidateValue(value, depth + 1));
      }
      return OkStatus();
    // DynamoDB: HowItWorks.NamingRulesDataTypes — sets are non-empty with unique members; the
    // texts (odd spacing and grammar included) are the service's own.
    case AttrType::kSS:
      if (v.str_set().empty()) return Invalid("An string set  may not be empty");
      if (HasDuplicateStrings(v.str_set())) {
        return Invalid(
            "Input collection " +
            JavaList(v.str_set(), [](const std::string& s) -> const std::string& { return s; }) +
            " contains duplicates.");
      }
      return OkStatus();
    case AttrType::kNS:
      if (v.num_set().empty()) return Invalid("An number set  may not be empty");
      if (HasDuplicateNumbers(v.num_set())) {
        return ValidationError("Input collection contains duplicates");
      }
      return OkStatus();
    case AttrType::kBS:
      if (v.str_set().empty()) return Invalid("Binary sets should not be empty");
      if (HasDuplicateStrings(v.str_set())) {
        return Invalid("Input collection " +
                       JavaList(v.str_set(), [](std::string_view b) { return Base64Encode(b); }) +
                       "of type BS contains duplicates.");
      }
      return OkStatus();
    default:
      return OkStatus();
  }
}

Status ValidateAttributeName(std::string_view name) {
  if (name.empty()) return EmptyName();
  // DynamoDB (ServiceQuotas, "Attribute names"): 1 to 65,535 bytes, with this message for a
  // name that is longer, in an item, a nested map or an update alike.
  if (name.size() > kMaxAttributeNameBytes) {
    return ValidationError("Attribute name is too large, must be less than 65536 bytes");
  }
  return OkStatus();
}

Status ValidateItem(const Item& item) {
  for (const auto& [name, value] : item) {
    DDB_TRY(ValidateAttributeName(name));
    DDB_TRY(ValidateValue(value, 1));
  }
  return OkStatus();
}

}  // namespace ddblab
