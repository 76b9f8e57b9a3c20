#include "exec/write_actions.h"

#include <unordered_map>

#include "exec/op_common.h"
#include "exec/request_checks.h"
#include "expr/legacy.h"

namespace ddblab {
namespace {

const std::optional<std::string> kNoString;
const std::optional<ExpressionAttributeNames> kNoNames;
const std::optional<ExpectedAttributes> kNoExpected;
const std::optional<AttributeUpdates> kNoUpdates;

const std::optional<std::string>& Get(const std::optional<std::string>* p) {
  return p ? *p : kNoString;
}

// DynamoDB: items are limited to 400 KB (409,600 bytes), names and values included.
constexpr int64_t kMaxItemBytes = 409600;

struct Parsed {
  std::shared_ptr<const expr::Condition> condition;
  std::shared_ptr<const expr::Update> update;
};

// Parsed conditions that name no values, by their text and names: a PartiQL INSERT's
// attribute_not_exists(#k) and an SDK's conditional put repeat the same text on every call.
// A parsed condition is immutable, so it can be shared; each thread keeps its own few.
class ConditionCache {
 public:
  static std::string Key(const std::string& text, const ExpressionAttributeNames* names) {
    // Each part with its length first: a name may hold any character, separators included.
    std::string key;
    auto add = [&key](const std::string& part) {
      key += std::to_string(part.size());
      key += ':';
      key += part;
    };
    add(text);
    if (names != nullptr) {
      for (const auto& [placeholder, name] : *names) {
        add(placeholder);
        add(name);
      }
    }
    return key;
  }
  std::shared_ptr<const expr::Condition> Find(const std::string& key) const {
    auto it = parsed_.find(key);
    return it == parsed_.end() ? nullptr : it->second;
  }
  void Keep(std::string key, std::shared_ptr<const expr::Condition> condition) {
    if (parsed_.size() >= kMaxEntries) parsed_.clear();
    parsed_.emplace(std::move(key), std::move(condition));
  }

 private:
  static constexpr size_t kMaxEntries = 64;
  std::unordered_map<std::string, std::shared_ptr<const expr::Condition>> parsed_;
};

Result<Parsed> ParseExpressions(const ExpressionInputs& in, bool allow_update) {
  const auto& cond = Get(in.condition_expression);
  const auto& upd = Get(in.update_expression);
  const auto& names = in.names ? *in.names : kNoNames;
  const auto& values = in.values ? *in.values : kNoValues;
  const auto& expected = in.expected ? *in.expected : kNoExpected;
  const auto& cond_op = Get(in.conditional_operator);
  const auto& attr_updates = in.attribute_updates ? *in.attribute_updates : kNoUpdates;
  // DynamoDB: one request uses either the legacy members or expressions (API reference,
  // "Legacy conditional parameters"), in this order in the message.
  if (allow_update) {
    DDB_TRY(expr::CheckExpressionStyle(
        {{"AttributeUpdates", attr_updates.has_value()},
         {"Expected", expected.has_value()},
         {"ConditionalOperator", cond_op.has_value()}},
        {{"UpdateExpression", upd.has_value()}, {"ConditionExpression", cond.has_value()}}));
  } else {
    DDB_TRY(expr::CheckExpressionStyle(
        {{"Expected", expected.has_value()}, {"ConditionalOperator", cond_op.has_value()}},
        {{"ConditionExpression", cond.has_value()}}));
  }
  DDB_TRY(CheckEnum(Get(in.return_values_on_condition_check_failure),
                    "returnValuesOnConditionCheckFailure", {"ALL_OLD", "NONE"}));
  if (in.built != nullptr) {
    // Checked as a parse is, in the same order: the update, then the condition.
    Parsed p;
    if (allow_update && in.built->update) {
      DDB_ASSIGN_OR_RETURN(p.update, expr::UpdateFromActions(*in.built->update));
    }
    if (in.built->condition) {
      DDB_ASSIGN_OR_RETURN(p.condition,
                           expr::ConditionFromTree(in.built->condition, expr::Kind::kCondition));
    }
    return p;
  }
  expr::Context ctx(names, values);
  bool any = cond.has_value() || (allow_update && upd.has_value());
  std::string nulls =
      allow_update ? "UpdateExpression and ConditionExpression" : "ConditionExpression";
  if (allow_update && upd && !cond) nulls = "ConditionExpression";
  if (allow_update && !upd && cond) nulls = "UpdateExpression";
  // CheckMaps adds " is null" / " are null".
  DDB_TRY(ctx.CheckMaps(any, nulls));
  Parsed p;
  // Only a lone condition without values is kept: values would make the key as long as the
  // request, and the other members are checked above on every call.
  const bool cacheable = cond && !(allow_update && upd) && !values && !attr_updates;
  std::string cache_key;
  thread_local ConditionCache cache;
  if (cacheable) {
    cache_key = ConditionCache::Key(*cond, names ? &*names : nullptr);
    if ((p.condition = cache.Find(cache_key))) return p;
  }
  if (allow_update && upd) {
    DDB_ASSIGN_OR_RETURN(p.update, expr::ParseUpdate(*upd, ctx));
  }
  if (cond) {
    DDB_ASSIGN_OR_RETURN(p.condition, expr::ParseCondition(*cond, expr::Kind::kCondition, ctx));
  }
  DDB_TRY(ctx.CheckAllUsed());
  if (cacheable) cache.Keep(std::move(cache_key), p.condition);
  if (allow_update && attr_updates && !attr_updates->empty()) {
    DDB_ASSIGN_OR_RETURN(p.update, expr::AttributeUpdatesUpdate(*attr_updates));
  }
  if (!cond) {
    DDB_ASSIGN_OR_RETURN(p.condition, expr::ExpectedCondition(expected, cond_op));
  }
  return p;
}

bool ReturnOld(const ExpressionInputs& in) {
  const auto& v = Get(in.return_values_on_condition_check_failure);
  return v && *v == "ALL_OLD";
}

// Whether `name` is a key attribute of one of the table's secondary indexes.
bool IsIndexKeyAttribute(const TableSchema& t, const std::string& name) {
  for (const auto* indexes : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    for (const IndexSchema& ix : *indexes) {
      for (const auto* keys : {&ix.hash_keys, &ix.range_keys}) {
        for (const KeyDef& k : *keys) {
          if (k.name == name) return true;
        }
      }
    }
  }
  return false;
}

}  // namespace

Result<WriteAction> MakePutAction(const TableSchema& t, const Item& item,
                                  const ExpressionInputs& in, bool transactional) {
  DDB_TRY(ValidateItem(item));
  WriteAction a;
  a.kind = WriteAction::Kind::kPut;
  a.table = &t;
  Result<KeyBytes> key = KeyFromItem(t, item);
  if (!key.ok() && !transactional) return key.error();
  if (static_cast<int64_t>(ItemSizeBytes(item)) > kMaxItemBytes) {
    return ValidationError("Item size has exceeded the maximum allowed size");
  }
  // Index keys are checked here too, so a bad put never reaches storage (a table without
  // indexes has none to check, and preparing would only copy the item).
  const bool indexed = !t.global_secondary_indexes.empty() || !t.local_secondary_indexes.empty();
  if (!key.ok()) {
    // DynamoDB (TransactWriteItems): a Put whose key has the wrong type cancels the transaction
    // with a ValidationError reason for that action.
    a.item_error = key.error();
  } else {
    a.key = std::move(key).value();
    if (indexed) {
      Result<PreparedWrite> prepared = PrepareWrite(t, a.key, item, false);
      if (!prepared.ok()) {
        if (!transactional) return prepared.error();
        a.item_error = prepared.error();
      }
    }
  }
  DDB_ASSIGN_OR_RETURN(Parsed p, ParseExpressions(in, false));
  a.condition = std::move(p.condition);
  a.put_item = &item;
  a.return_old_on_failure = ReturnOld(in);
  return a;
}

Result<WriteAction> MakeUpdateAction(const TableSchema& t, const Key& key,
                                     const ExpressionInputs& in) {
  WriteAction a;
  a.kind = WriteAction::Kind::kUpdate;
  a.table = &t;
  DDB_ASSIGN_OR_RETURN(a.key, KeyFromKeyMap(t, key));
  DDB_ASSIGN_OR_RETURN(Parsed p, ParseExpressions(in, true));
  if (p.update) {
    for (const std::string& name : p.update->TargetTopLevelAttributes()) {
      // A secondary index's key is a scalar too: DynamoDB refuses writing into it by a nested
      // path before looking at the item.
      if (!t.IsKeyAttribute(name) && IsIndexKeyAttribute(t, name) &&
          p.update->TargetsNestedPathOf(name)) {
        return ValidationError(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
            "allowed: IndexKey: " +
            name);
      }
      if (!t.IsKeyAttribute(name)) continue;
      if (p.update->TargetsNestedPathOf(name)) {
        return ValidationError(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
            "allowed: Key: " +
            name);
      }
      return ValidationError("One or more parameter values were invalid: Cannot update attribute " +
                             name + ". This attribute is part of the key");
    }
  }
  a.condition = std::move(p.condition);
  a.update = std::move(p.update);
  a.key_attrs = key;
  a.return_old_on_failure = ReturnOld(in);
  return a;
}

Result<WriteAction> MakeDeleteAction(const TableSchema& t, const Key& key,
                                     const ExpressionInputs& in) {
  WriteAction a;
  a.kind = WriteAction::Kind::kDelete;
  a.table = &t;
  DDB_ASSIGN_OR_RETURN(a.key, KeyFromKeyMap(t, key));
  a.key_attrs = key;
  DDB_ASSIGN_OR_RETURN(Parsed p, ParseExpressions(in, false));
  a.condition = std::move(p.condition);
  a.return_old_on_failure = ReturnOld(in);
  return a;
}

Result<WriteAction> MakeCheckAction(const TableSchema& t, const Key& key,
                                    const ExpressionInputs& in) {
  DDB_ASSIGN_OR_RETURN(WriteAction a, MakeDeleteAction(t, key, in));
  a.kind = WriteAction::Kind::kCheck;
  return a;
}

namespace {

Result<EvaluatedAction> EvaluateWrite(Storage& s, const WriteAction& a) {
  const TableSchema& t = *a.table;
  EvaluatedAction e;
  DDB_ASSIGN_OR_RETURN(e.old, ReadItem(s, t, a.key));
  const Item* old_item = nullptr;
  // Decoded only for what reads it: a condition or an update (ApplyWrite decodes it for old
  // index entries, callers for ReturnValues).
  if (e.old && (a.condition || a.kind == WriteAction::Kind::kUpdate))
    old_item = &e.old->item.item();
  if (a.condition && !a.condition->Evaluate(old_item)) {
    e.condition_failed = true;
    return e;
  }
  switch (a.kind) {
    case WriteAction::Kind::kCheck:
      return e;
    case WriteAction::Kind::kPut: {
      DDB_ASSIGN_OR_RETURN(auto w, PrepareWrite(t, a.key, *a.put_item, false));
      e.write = std::move(w);
      return e;
    }
    case WriteAction::Kind::kDelete: {
      DDB_ASSIGN_OR_RETURN(auto w, PrepareWrite(t, a.key, std::nullopt, false));
      e.write = std::move(w);
      return e;
    }
    case WriteAction::Kind::kUpdate:
      break;
  }
  Item new_item;
  if (a.update) {
    DDB_ASSIGN_OR_RETURN(expr::Update::Outcome out, a.update->Apply(old_item, a.key_attrs));
    // DynamoDB: an update that only removes attributes does not create a missing item.
    if (!out.exists) return e;
    new_item = std::move(out.new_item);
    e.updated_old = std::move(out.updated_old);
    e.updated_new = std::move(out.updated_new);
  } else {
    // An UpdateItem with no UpdateExpression creates the key-only item, or leaves it as is.
    new_item = old_item ? *old_item : a.key_attrs;
  }
  if (static_cast<int64_t>(ItemSizeBytes(new_item)) > kMaxItemBytes) {
    return ValidationError("Item size to update has exceeded the maximum allowed size");
  }
  DDB_ASSIGN_OR_RETURN(auto w, PrepareWrite(t, a.key, std::move(new_item), true));
  e.write = std::move(w);
  return e;
}

const char* ActionName(WriteAction::Kind kind) {
  switch (kind) {
    case WriteAction::Kind::kPut:
      return "PutItem";
    case WriteAction::Kind::kUpdate:
      return "UpdateItem";
    case WriteAction::Kind::kDelete:
      return "DeleteItem";
    case WriteAction::Kind::kCheck:
      return "ConditionCheck";
  }
  return "";
}

// Notes what the action found and will leave, for the call's Effect. The caller's outcome
// decides whether it is written: a failed call's items keep their before images (ExecuteRequest).
void NoteEffect(Effect& into, const WriteAction& a, const EvaluatedAction& e) {
  const TableSchema& t = *a.table;
  ItemEffect fx;
  fx.action = ActionName(a.kind);
  fx.table = t.name;
  if (e.old) fx.before = e.old->item.item();
  fx.written = e.write.has_value();
  fx.after = fx.written ? e.write->new_item : fx.before;
  const Item& keyed = a.put_item != nullptr ? *a.put_item : a.key_attrs;
  for (const std::string* name : {&t.hash.name, t.range ? &t.range->name : nullptr}) {
    if (name == nullptr) continue;
    if (auto it = keyed.find(*name); it != keyed.end()) fx.key.emplace(it->first, it->second);
  }
  into.items.push_back(std::move(fx));
}

}  // namespace

Result<EvaluatedAction> EvaluateAction(Storage& s, const WriteAction& a) {
  Result<EvaluatedAction> e = EvaluateWrite(s, a);
  if (Effect* into = CaptureEffect::Current(); into != nullptr && e.ok()) NoteEffect(*into, a, *e);
  return e;
}

Error ConditionFailedError(const WriteAction& a, const EvaluatedAction& e) {
  Error err =
      MakeError(ErrorType::kConditionalCheckFailedException, "The conditional request failed");
  if (a.return_old_on_failure && e.old) err.item = std::make_shared<Item>(e.old->item);
  return err;
}

}  // namespace ddblab
