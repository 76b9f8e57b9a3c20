#include "exec/request_checks.h"

#include <algorithm>

namespace ddblab {
namespace {

using catalog::ConstraintErrors;

bool IsAbsentMember(const AbsentMembers& absent, std::string_view member) {
  return std::find(absent.begin(), absent.end(), member) != absent.end();
}

// "[A, B]", as the envelope lists an enum's values.
std::string EnumValueSet(std::initializer_list<const char*> allowed) {
  std::string set;
  for (const char* a : allowed) set += set.empty() ? a : std::string(", ") + a;
  return "[" + set + "]";
}

void RuleEnum(const std::optional<std::string>& value, const char* path,
              std::initializer_list<const char*> allowed, ConstraintErrors* errors) {
  if (!value) return;
  for (const char* a : allowed) {
    if (*value == a) return;
  }
  errors->Enum(*value, path, EnumValueSet(allowed));
}

void RuleRequired(const AbsentMembers& absent, const char* path, ConstraintErrors* errors) {
  if (IsAbsentMember(absent, path)) errors->NotNull(path);
}

// DynamoDB's enum members, with the value sets in the order its messages list them.
void RuleReturnConsumedCapacity(const std::optional<std::string>& v, ConstraintErrors* errors) {
  RuleEnum(v, "returnConsumedCapacity", {"INDEXES", "TOTAL", "NONE"}, errors);
}
void RuleReturnItemCollectionMetrics(const std::optional<std::string>& v,
                                     ConstraintErrors* errors) {
  RuleEnum(v, "returnItemCollectionMetrics", {"SIZE", "NONE"}, errors);
}

// DynamoDB: a transaction has 1 to 100 actions.
void RuleTransactItems(size_t n, const AbsentMembers& absent, ConstraintErrors* errors) {
  if (IsAbsentMember(absent, "transactItems")) {
    errors->NotNull("transactItems");
  } else if (n == 0) {
    errors->MinLength("'[]'", "transactItems", 1);
  } else if (n > 100) {
    // Captured from DynamoDB: the list is not echoed.
    errors->Add("", "transactItems", "Member must have length less than or equal to 100");
  }
}

// DynamoDB: an idempotency token is 1..36 characters.
void RuleClientRequestToken(const std::optional<std::string>& token, ConstraintErrors* errors) {
  if (token && token->empty()) {
    errors->MinLength("''", "clientRequestToken", 1);
  } else if (token && token->size() > 36) {
    errors->MaxLength(catalog::Quote(*token), "clientRequestToken", 36);
  }
}

}  // namespace

using catalog::ConstraintErrors;

void CheckMembers(const BatchGetItemRequest& r, const AbsentMembers& absent,
                  ConstraintErrors* errors) {
  RuleRequired(absent, "requestItems", errors);
  RuleReturnConsumedCapacity(r.return_consumed_capacity, errors);
}

void CheckMembers(const BatchWriteItemRequest& r, const AbsentMembers& absent,
                  ConstraintErrors* errors) {
  RuleRequired(absent, "requestItems", errors);
  RuleReturnConsumedCapacity(r.return_consumed_capacity, errors);
  RuleReturnItemCollectionMetrics(r.return_item_collection_metrics, errors);
}

void CheckMembers(const TransactGetItemsRequest& r, const AbsentMembers& absent,
                  ConstraintErrors* errors) {
  RuleTransactItems(r.transact_items.size(), absent, errors);
  RuleReturnConsumedCapacity(r.return_consumed_capacity, errors);
}

void CheckMembers(const TransactWriteItemsRequest& r, const AbsentMembers& absent,
                  ConstraintErrors* errors) {
  RuleClientRequestToken(r.client_request_token, errors);
  RuleReturnConsumedCapacity(r.return_consumed_capacity, errors);
  RuleReturnItemCollectionMetrics(r.return_item_collection_metrics, errors);
  RuleTransactItems(r.transact_items.size(), absent, errors);
}

// The PartiQL operations, in the order of their members in DynamoDB's API model.
Status CheckEnum(const std::optional<std::string>& value, const char* field,
                 std::initializer_list<const char*> allowed) {
  ConstraintErrors errors;
  RuleEnum(value, field, allowed, &errors);
  if (!errors.empty()) return errors.ToError();
  return OkStatus();
}
Error InValidationEnvelope(Error e) {
  static constexpr std::string_view kPrefix = "1 validation error detected: ";
  // The leading words that name each wrapped family (the messages' own fixed starts, never text
  // a request supplies).
  static constexpr std::string_view kFamilies[] = {
      "Invalid UpdateExpression: ",
      "Invalid ConditionExpression: ",
      "Value provided in ExpressionAttributeNames unused in expressions",
      "Value provided in ExpressionAttributeValues unused in expressions",
      "ExpressionAttributeValues can only be specified when using expressions",
      "ExpressionAttributeValues must not be empty",
      "ExpressionAttributeValues contains invalid",
      "ExpressionAttributeNames contains invalid",
      "Can not use both expression and non-expression parameters",
      "One or more parameter values were invalid: An string set  may not be empty",
      "One or more parameter values were invalid: An number set  may not be empty",
      "One or more parameter values were invalid: Binary sets should not be empty",
      "One or more parameter values were invalid: Input collection ",
      "One or more parameter values were invalid: Null attribute value types must have the "
      "value of true",
  };
  if (e.type != ErrorType::kValidationException) return e;
  for (std::string_view family : kFamilies) {
    if (e.message.starts_with(family)) {
      e.message.insert(0, kPrefix);
      break;
    }
  }
  return e;
}

}  // namespace ddblab
