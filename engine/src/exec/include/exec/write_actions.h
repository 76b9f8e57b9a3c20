// A write (Put, Update, Delete, or a transaction's ConditionCheck) in three stages, shared by the
// single-item operations, BatchWriteItem and TransactWriteItems:
//   Make*Action  — request-level validation and expression parsing (no storage access);
//   EvaluateAction — reads the current item, evaluates the condition, builds the new image;
//   ApplyWrite (write_path.h) — stores it and maintains the indexes.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "exec/write_path.h"
#include "expr/built.h"
#include "expr/expr.h"

namespace ddblab {

struct WriteAction {
  enum class Kind { kPut, kUpdate, kDelete, kCheck };
  Kind kind = Kind::kPut;
  const TableSchema* table = nullptr;
  KeyBytes key;
  // The key's attributes (not for puts, whose item holds them): the item an update creates.
  Key key_attrs;
  // Puts only: the item, in the caller's request (which outlives the action: every caller makes,
  // evaluates and applies an action within one call).
  const Item* put_item = nullptr;
  std::shared_ptr<const expr::Condition> condition;
  std::shared_ptr<const expr::Update> update;
  bool return_old_on_failure = false;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
  // Transactions only: an item-level problem of a Put's item (its key or index-key attributes)
  // that DynamoDB reports as the action's ValidationError cancellation reason rather than as a
  // ValidationException for the whole request. `key` is unset when the primary key is at fault.
  std::optional<Error> item_error;
};

struct ExpressionInputs {
  // A write request's condition, placeholders and failure return, and where it has them the
  // legacy condition of a single-item write and an update's expression and legacy updates.
  template <typename W>
  explicit ExpressionInputs(const W& w)
      : condition_expression(&w.condition_expression),
        names(&w.expression_attribute_names),
        values(&w.expression_attribute_values),
        return_values_on_condition_check_failure(&w.return_values_on_condition_check_failure) {
    if constexpr (requires { w.expected; }) {
      expected = &w.expected;
      conditional_operator = &w.conditional_operator;
    }
    if constexpr (requires { w.update_expression; }) update_expression = &w.update_expression;
    if constexpr (requires { w.attribute_updates; }) attribute_updates = &w.attribute_updates;
  }
  ExpressionInputs() = default;

  const std::optional<std::string>* condition_expression = nullptr;
  const std::optional<std::string>* update_expression = nullptr;
  const std::optional<ExpressionAttributeNames>* names = nullptr;
  const std::optional<ExpressionAttributeValues>* values = nullptr;
  const std::optional<std::string>* return_values_on_condition_check_failure = nullptr;
  // Legacy members (PutItem, UpdateItem, DeleteItem only).
  const std::optional<ExpectedAttributes>* expected = nullptr;
  const std::optional<std::string>* conditional_operator = nullptr;
  const std::optional<AttributeUpdates>* attribute_updates = nullptr;
  // A PartiQL statement's condition and update, built as trees; the request then has none of the
  // members above but the failure return.
  const expr::Built* built = nullptr;
};

// `transactional`: item-level errors go to WriteAction::item_error instead of failing the call.
// The action keeps a pointer to `item`, which must outlive it.
Result<WriteAction> MakePutAction(const TableSchema& t, const Item& item,
                                  const ExpressionInputs& in, bool transactional = false);
Result<WriteAction> MakeUpdateAction(const TableSchema& t, const Key& key,
                                     const ExpressionInputs& in);
Result<WriteAction> MakeDeleteAction(const TableSchema& t, const Key& key,
                                     const ExpressionInputs& in);
Result<WriteAction> MakeCheckAction(const TableSchema& t, const Key& key,
                                    const ExpressionInputs& in);

struct EvaluatedAction {
  std::optional<StoredItem> old;
  bool condition_failed = false;
  // The write to apply; nullopt for a ConditionCheck, a failed condition, or an update that
  // creates nothing (REMOVE on a missing item).
  std::optional<PreparedWrite> write;
  Item updated_old, updated_new;  // UpdateItem's UPDATED_OLD / UPDATED_NEW
};

// Errors here are ValidationExceptions found while applying (an update's document path, an item
// grown past 400 KB, a wrong-typed index key).
Result<EvaluatedAction> EvaluateAction(Storage& s, const WriteAction& a);

// "The conditional request failed", carrying the old item when asked for.
Error ConditionFailedError(const WriteAction& a, const EvaluatedAction& e);

}  // namespace ddblab
