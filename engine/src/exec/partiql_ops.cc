// ExecuteStatement, BatchExecuteStatement, ExecuteTransaction and ExplainStatement: PartiQL is a
// front door onto the engine's own operations. Each statement is parsed and planned into one
// typed request (partiql/planner.h), which runs through the same public operation a DynamoDB
// API call would, so capacity, traces, conditions and errors are the engine's own.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "catalog/model_constraints.h"
#include "ddblab/base64.h"
#include "exec/engine_impl.h"
#include "exec/multi_item_trace.h"
#include "exec/request_checks.h"
#include "partiql/parser.h"
#include "partiql/planner.h"

namespace ddblab {

namespace {

using partiql::PlannedStatement;
using partiql::PlanOptions;
using partiql::Statement;
using partiql::StatementKind;

// ---------------------------------------------------------------- NextToken

// NextToken is opaque to clients. It carries the LastEvaluatedKey (the engine's compact item
// serialization, base64url) behind a hash of the statement text, so a token handed to a
// different statement is refused rather than silently resuming somewhere meaningless.

std::string StatementHash(std::string_view statement) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (char c : statement) {
    h ^= static_cast<uint8_t>(c);
    h *= 1099511628211ull;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(h >> shift) & 15];
  return out;
}

std::string EncodeNextToken(const std::string& statement, const Key& key) {
  return StatementHash(statement) + "." + Base64Encode(SerializeItem(key), Base64Alphabet::kUrl);
}

Result<Key> DecodeNextToken(const std::string& statement, const std::string& token) {
  size_t dot = token.find('.');
  Error invalid = ValidationError("Invalid NextToken");
  if (dot == std::string::npos) return invalid;
  if (token.substr(0, dot) != StatementHash(statement)) {
    return ValidationError("NextToken does not match request");
  }
  std::optional<std::string> bytes = Base64UrlDecode(std::string_view(token).substr(dot + 1));
  if (!bytes) return invalid;
  Result<Item> key = DeserializeItem(*bytes);
  if (!key.ok() || key->empty()) return invalid;
  return *key;
}

// ---------------------------------------------------------------- helpers

Error DuplicateItem() {
  // DynamoDB: INSERT of an existing key (developer guide, "PartiQL insert statements").
  return MakeError(ErrorType::kDuplicateItemException, "Duplicate primary key exists in table");
}

Trace StatementTrace(Trace t, const std::string& operation) {
  t.operation = operation;
  t.steps.clear();
  return t;
}

void AddCapacity(std::map<std::string, ConsumedCapacity>& by_table, const ConsumedCapacity& c) {
  auto [it, inserted] = by_table.emplace(c.table_name, c);
  if (inserted) return;
  ConsumedCapacity& into = it->second;
  into.total.Add(c.total);
  into.table.Add(c.table);
  for (const auto& [name, cap] : c.global_secondary_indexes) {
    into.global_secondary_indexes[name].Add(cap);
  }
  for (const auto& [name, cap] : c.local_secondary_indexes) {
    into.local_secondary_indexes[name].Add(cap);
  }
}

std::vector<ConsumedCapacity> CapacityList(const std::map<std::string, ConsumedCapacity>& m) {
  std::vector<ConsumedCapacity> out;
  for (const auto& [name, c] : m) out.push_back(c);
  return out;
}

// What one executed statement produced.
struct StatementOutcome {
  std::vector<ResultItem> items;
  std::optional<Key> last_evaluated_key;
  // What the NextToken carries when it is not last_evaluated_key (a SELECT run as several key
  // lookups resumes at a lookup, not only at a key).
  std::optional<Key> resume_key;
  ConsumedCapacity consumed_capacity;
  Trace trace;
};

TransactWriteItem ToTransactWrite(PlannedStatement& p) {
  TransactWriteItem w;
  // The condition, its placeholders and the failure return move across.
  auto take = [&w](auto& request, const char* action) {
    w.condition_expression = std::move(request.condition_expression);
    w.expression_attribute_names = std::move(request.expression_attribute_names);
    w.expression_attribute_values = std::move(request.expression_attribute_values);
    w.return_values_on_condition_check_failure =
        std::move(request.return_values_on_condition_check_failure);
    w.action = action;
    w.table_name = std::move(request.table_name);
  };
  if (auto* put = std::get_if<PutItemRequest>(&p.call.request)) {
    take(*put, "Put");
    w.item = std::move(put->item);
  } else if (auto* update = std::get_if<UpdateItemRequest>(&p.call.request)) {
    take(*update, "Update");
    w.key = std::move(update->key);
  } else if (auto* del = std::get_if<DeleteItemRequest>(&p.call.request)) {
    take(*del, "Delete");
    w.key = std::move(del->key);
  } else if (auto* check = std::get_if<TransactWriteItem>(&p.call.request)) {
    w = std::move(*check);
  }
  return w;
}

std::string CancellationMessage(const std::vector<CancellationReason>& reasons) {
  std::string codes;
  for (size_t i = 0; i < reasons.size(); ++i) {
    if (i > 0) codes += ", ";
    codes += reasons[i].code;
  }
  return "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes +
         "]";
}

Error InTransaction(size_t i, const std::string& message) {
  return ValidationError("Validation failed in TransactStatements[" + std::to_string(i) +
                         "]: " + message);
}

}  // namespace

// ---------------------------------------------------------------- ExecuteStatement

namespace {

// ---------------------------------------------------------------- key lookups

// Where a NextToken resumes a SELECT that runs one lookup per partition-key value: the lookup's
// position, and for a Query the key it stopped after. These names cannot be attribute names
// (they begin with a control character no client key carries), and the token is
// opaque to clients.
constexpr char kLookupAt[] =
    "\x01"
    "lookup";
constexpr char kLookupAfter[] =
    "\x01"
    "after";

Key LookupToken(size_t lookup, const std::optional<Key>& after) {
  Key k;
  k.emplace(kLookupAt, AttributeValue::N(Decimal::FromInt(static_cast<int64_t>(lookup))));
  if (after) k.emplace(kLookupAfter, AttributeValue::M(*after));
  return k;
}

void MergeTrace(Trace& into, Trace step) {
  into.items_read += step.items_read;
  into.items_returned += step.items_returned;
  into.bytes_read += step.bytes_read;
  std::vector<int> hit = into.partitions_hit;
  hit.insert(hit.end(), step.partitions_hit.begin(), step.partitions_hit.end());
  std::sort(hit.begin(), hit.end());
  hit.erase(std::unique(hit.begin(), hit.end()), hit.end());
  into.partitions_hit = std::move(hit);
  into.partitions_total = step.partitions_total;
  into.consistent_read = step.consistent_read;
  into.filtered = into.filtered || step.filtered;
  into.steps.push_back(std::move(step));
}

void MergeCapacity(ConsumedCapacity& into, const ConsumedCapacity& c, bool first) {
  if (first) {
    into = c;
    return;
  }
  into.total.Add(c.total);
  into.table.Add(c.table);
  for (const auto& [name, cap] : c.global_secondary_indexes) {
    into.global_secondary_indexes[name].Add(cap);
  }
  for (const auto& [name, cap] : c.local_secondary_indexes) {
    into.local_secondary_indexes[name].Add(cap);
  }
}

// Runs the lookups of a SELECT that names several partition-key values, in the order written.
// Limit counts the items evaluated across all of them (a GetItem evaluates one key); a Query
// that stops early (Limit or its 1 MB page) ends the page there, and the NextToken resumes it.
Result<StatementOutcome> RunLookups(EngineImpl& engine, PlannedStatement& p) {
  size_t first = 0;
  std::optional<Key> after;
  if (p.lookup_start) {
    const Key& start = *p.lookup_start;
    auto at = start.find(kLookupAt);
    if (at == start.end() || at->second.type != AttrType::kN) {
      return ValidationError("Invalid NextToken");
    }
    std::string digits = at->second.num().ToString();
    size_t index = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec != std::errc() || end != digits.data() + digits.size() || index >= p.lookups.size()) {
      return ValidationError("Invalid NextToken");
    }
    first = index;
    auto a = start.find(kLookupAfter);
    if (a != start.end() && a->second.type == AttrType::kM) after = a->second.map();
  }
  StatementOutcome out;
  out.trace.operation = p.plan.operation;
  out.trace.table = p.plan.table;
  out.trace.index = p.plan.index;
  out.trace.key_condition = p.plan.key_condition;
  std::optional<int64_t> remaining = p.lookup_limit;
  bool any = false;
  for (size_t i = first; i < p.lookups.size(); ++i) {
    if (remaining && *remaining <= 0) {
      out.resume_key = LookupToken(i, std::nullopt);
      break;
    }
    const expr::Built* built = &p.lookups[i].expressions;
    if (auto* get = std::get_if<GetItemRequest>(&p.lookups[i].request)) {
      DDB_TRY(catalog::CheckModelMembers(*get));
      DDB_ASSIGN_OR_RETURN(GetItemResponse r, engine.GetItem(*get, built));
      if (r.item) out.items.push_back(std::move(*r.item));
      MergeCapacity(out.consumed_capacity, r.consumed_capacity, !any);
      MergeTrace(out.trace, StatementTrace(std::move(r.trace), "GetItem"));
      if (remaining) {
        --*remaining;
        if (*remaining <= 0 && i + 1 < p.lookups.size()) out.last_evaluated_key = get->key;
      }
    } else {
      QueryRequest q = std::get<QueryRequest>(p.lookups[i].request);
      if (i == first && after) q.exclusive_start_key = after;
      q.limit = remaining;
      DDB_TRY(catalog::CheckModelMembers(q));
      DDB_ASSIGN_OR_RETURN(QueryResponse r, engine.Query(q, built));
      for (ResultItem& item : r.items) out.items.push_back(std::move(item));
      MergeCapacity(out.consumed_capacity, r.consumed_capacity, !any);
      MergeTrace(out.trace, StatementTrace(std::move(r.trace), "Query"));
      if (remaining) *remaining -= r.scanned_count;
      if (r.last_evaluated_key) {
        out.resume_key = LookupToken(i, r.last_evaluated_key);
        out.last_evaluated_key = std::move(r.last_evaluated_key);
        any = true;
        break;
      }
    }
    any = true;
  }
  if (!out.resume_key) out.last_evaluated_key.reset();
  return out;
}

// Runs one planned statement through the engine's typed operation.
Result<StatementOutcome> RunPlanned(EngineImpl& engine, PlannedStatement& p) {
  if (!p.lookups.empty()) return RunLookups(engine, p);
  StatementOutcome out;
  const expr::Built* built = &p.call.expressions;
  const partiql::PlannedRequest& request = p.call.request;
  // The engine's front door (sweeping_engine.cc) checks a modelled operation's request; a
  // statement's planned call comes in behind it, so a SELECT that became a GetItem answers a bad
  // table name as GetItem does.
  DDB_TRY(std::visit(
      [](const auto& r) -> Status {
        if constexpr (model::Modelled<std::remove_cvref_t<decltype(r)>>) {
          return catalog::CheckModelMembers(r);
        } else {
          return OkStatus();
        }
      },
      request));
  if (auto* get = std::get_if<GetItemRequest>(&request)) {
    DDB_ASSIGN_OR_RETURN(GetItemResponse r, engine.GetItem(*get, built));
    if (r.item) out.items.push_back(std::move(*r.item));
    out.consumed_capacity = std::move(r.consumed_capacity);
    out.trace = StatementTrace(std::move(r.trace), "GetItem");
  } else if (auto* query = std::get_if<QueryRequest>(&request)) {
    DDB_ASSIGN_OR_RETURN(QueryResponse r, engine.Query(*query, built));
    out.items = std::move(r.items);
    out.last_evaluated_key = std::move(r.last_evaluated_key);
    out.consumed_capacity = std::move(r.consumed_capacity);
    out.trace = StatementTrace(std::move(r.trace), "Query");
  } else if (auto* scan = std::get_if<ScanRequest>(&request)) {
    DDB_ASSIGN_OR_RETURN(ScanResponse r, engine.Scan(*scan, built));
    out.items = std::move(r.items);
    out.last_evaluated_key = std::move(r.last_evaluated_key);
    out.consumed_capacity = std::move(r.consumed_capacity);
    out.trace = StatementTrace(std::move(r.trace), "Scan");
    out.trace.scan_reason = p.plan.reason;
  } else if (auto* put = std::get_if<PutItemRequest>(&request)) {
    Result<PutItemResponse> r = engine.PutItem(*put, built);
    if (!r.ok()) {
      if (r.error().type == ErrorType::kConditionalCheckFailedException) {
        Error e = DuplicateItem();
        e.item = r.error().item;
        e.consumed_capacity = r.error().consumed_capacity;  // the refused write's cost
        e.trace = r.error().trace;
        return e;
      }
      return r.error();
    }
    out.consumed_capacity = std::move(r->consumed_capacity);
    out.trace = StatementTrace(std::move(r->trace), "PutItem");
  } else if (auto* update = std::get_if<UpdateItemRequest>(&request)) {
    DDB_ASSIGN_OR_RETURN(UpdateItemResponse r, engine.UpdateItem(*update, built));
    if (update->return_values && r.attributes) out.items.push_back(std::move(*r.attributes));
    out.consumed_capacity = std::move(r.consumed_capacity);
    out.trace = StatementTrace(std::move(r.trace), "UpdateItem");
  } else if (auto* del = std::get_if<DeleteItemRequest>(&request)) {
    DDB_ASSIGN_OR_RETURN(DeleteItemResponse r, engine.DeleteItem(*del, built));
    if (del->return_values && r.attributes) out.items.push_back(std::move(*r.attributes));
    out.consumed_capacity = std::move(r.consumed_capacity);
    out.trace = StatementTrace(std::move(r.trace), "DeleteItem");
  } else {
    return ValidationError("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  return out;
}

// Notes statement `i` (of `count`) as planned in the call's effect (ddblab/effect.h), so a
// lesson reads the request a statement became without planning it again.
void NotePlan(size_t i, size_t count, const PlannedStatement& p) {
  Effect* into = CaptureEffect::Current();
  if (into == nullptr) return;
  if (into->statements.size() < count) into->statements.resize(count);
  Plan plan = p.plan;
  plan.request = partiql::ShapeOf(p.call);
  into->statements[i] = std::move(plan);
}

}  // namespace

Result<ExecuteStatementResponse> EngineImpl::ExecuteStatement(const ExecuteStatementRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(Statement st, partiql::Parse(r.statement));
  if (st.kind == StatementKind::kExists) {
    return ValidationError("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  const std::vector<AttributeValue>* params = r.parameters ? &*r.parameters : nullptr;
  DDB_TRY(partiql::CheckParameterCount(st, params));
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, FindTable(st.table));
  PlanOptions o;
  o.parameters = params;
  o.consistent_read = r.consistent_read;
  o.limit = r.limit;
  o.return_consumed_capacity = r.return_consumed_capacity;
  o.return_values_on_condition_check_failure = r.return_values_on_condition_check_failure;
  if (r.next_token) {
    DDB_ASSIGN_OR_RETURN(Key start, DecodeNextToken(r.statement, *r.next_token));
    o.exclusive_start_key = std::move(start);
  }
  DDB_ASSIGN_OR_RETURN(PlannedStatement plan, partiql::PlanStatement(st, *table, o));
  NotePlan(0, 1, plan);
  DDB_ASSIGN_OR_RETURN(StatementOutcome outcome, RunPlanned(*this, plan));
  ExecuteStatementResponse resp;
  resp.items = std::move(outcome.items);
  if (outcome.resume_key) {
    resp.next_token = EncodeNextToken(r.statement, *outcome.resume_key);
    resp.last_evaluated_key = std::move(outcome.last_evaluated_key);
  } else if (outcome.last_evaluated_key) {
    resp.next_token = EncodeNextToken(r.statement, *outcome.last_evaluated_key);
    resp.last_evaluated_key = std::move(outcome.last_evaluated_key);
  }
  resp.consumed_capacity = std::move(outcome.consumed_capacity);
  resp.trace = std::move(outcome.trace);
  return resp;
}

// ---------------------------------------------------------------- BatchExecuteStatement

Result<BatchExecuteStatementResponse> EngineImpl::BatchExecuteStatement(
    const BatchExecuteStatementRequest& r) {
  std::lock_guard lock(mutex_);
  std::vector<std::optional<Statement>> parsed(r.statements.size());
  std::vector<std::optional<Error>> errors(r.statements.size());
  bool any_read = false;
  bool any_write = false;
  for (size_t i = 0; i < r.statements.size(); ++i) {
    const BatchStatementRequest& s = r.statements[i];
    Result<Statement> st = partiql::Parse(s.statement);
    if (!st.ok()) {
      // A malformed member fails alone; its siblings still run.
      errors[i] = st.error();
      continue;
    }
    (st->is_read() ? any_read : any_write) = true;
    parsed[i] = std::move(*st);
  }
  // DynamoDB: a batch is all reads or all writes (developer guide, "Running batch operations
  // with PartiQL").
  if (any_read && any_write) {
    return ValidationError(
        "Unsupported operation: Mixing of read and write statements in a batch is not supported");
  }

  BatchExecuteStatementResponse resp;
  resp.trace.operation = "BatchExecuteStatement";
  std::map<std::string, ConsumedCapacity> capacity;
  for (size_t i = 0; i < r.statements.size(); ++i) {
    const BatchStatementRequest& s = r.statements[i];
    BatchStatementResponse out;
    auto run = [&]() -> Status {
      if (errors[i]) return *errors[i];
      const Statement& st = *parsed[i];
      out.table_name = st.table;
      if (st.kind == StatementKind::kExists) {
        return ValidationError("EXISTS can only be used in ExecuteTransaction write requests.");
      }
      const std::vector<AttributeValue>* params = s.parameters ? &*s.parameters : nullptr;
      DDB_TRY(partiql::CheckParameterCount(st, params));
      DDB_ASSIGN_OR_RETURN(const TableSchema* table, FindTable(st.table));
      PlanOptions o;
      o.parameters = params;
      o.consistent_read = s.consistent_read;
      o.return_consumed_capacity = r.return_consumed_capacity;
      o.return_values_on_condition_check_failure = s.return_values_on_condition_check_failure;
      DDB_ASSIGN_OR_RETURN(PlannedStatement plan, partiql::PlanStatement(st, *table, o));
      NotePlan(i, r.statements.size(), plan);
      if (plan.read &&
          (!plan.lookups.empty() || !std::holds_alternative<GetItemRequest>(plan.call.request))) {
        // DynamoDB: batch reads are single-item reads by full primary key, nothing more.
        return ValidationError(
            "Select statements within BatchExecuteStatement must specify the primary key in the "
            "where clause.");
      }
      DDB_ASSIGN_OR_RETURN(StatementOutcome outcome, RunPlanned(*this, plan));
      if (plan.read && !outcome.items.empty()) out.item = std::move(outcome.items.front());
      AddCapacity(capacity, outcome.consumed_capacity);
      resp.trace.steps.push_back(std::move(outcome.trace));
      return OkStatus();
    };
    Status status = run();
    if (!status.ok()) {
      out.error = status.error();
      // DynamoDB charges a write whose condition failed (the error carries what it consumed),
      // in a batch as on its own.
      for (const ConsumedCapacity& c : out.error->consumed_capacity) AddCapacity(capacity, c);
      if (out.error->trace) resp.trace.steps.push_back(*out.error->trace);
    }
    resp.responses.push_back(std::move(out));
  }
  // The batch read (and returned) what its statements did, as BatchGetItem counts its keys.
  for (const Trace& step : resp.trace.steps) {
    resp.trace.items_read += step.items_read;
    resp.trace.items_returned += step.items_returned;
    resp.trace.bytes_read += step.bytes_read;
  }
  SummarizeSteps(&resp.trace);
  resp.consumed_capacity = CapacityList(capacity);
  return resp;
}

// ---------------------------------------------------------------- ExecuteTransaction

Result<ExecuteTransactionResponse> EngineImpl::ExecuteTransaction(
    const ExecuteTransactionRequest& r) {
  std::lock_guard lock(mutex_);
  const auto& statements = r.transact_statements;
  std::vector<Statement> parsed;
  bool any_read = false;
  bool any_write = false;
  for (size_t i = 0; i < statements.size(); ++i) {
    DDB_ASSIGN_OR_RETURN(Statement st, partiql::Parse(statements[i].statement));
    if (!st.returning.empty()) {
      return InTransaction(i, "RETURNING is not supported in transactions");
    }
    (st.is_read() ? any_read : any_write) = true;
    parsed.push_back(std::move(st));
  }
  // DynamoDB: a transaction is all reads or all writes; EXISTS counts as a write (a
  // ConditionCheck) (developer guide, "Performing transactions with PartiQL").
  if (any_read && any_write) return ValidationError("Unsupported operation in transaction.");

  // Statement `i` planned, or the error that refuses the transaction because of it.
  auto plan_one = [&](size_t i) -> Result<PlannedStatement> {
    const Statement& st = parsed[i];
    const ParameterizedStatement& s = statements[i];
    const std::vector<AttributeValue>* params = s.parameters ? &*s.parameters : nullptr;
    DDB_TRY(partiql::CheckParameterCount(st, params));
    DDB_ASSIGN_OR_RETURN(const TableSchema* table, FindTable(st.table));
    if (!st.index.empty()) {
      return InTransaction(i, st.is_read()
                                  ? "Reads on indices are not supported within transactions."
                                  : "Operations on indices are not supported in transactions");
    }
    PlanOptions o;
    o.parameters = params;
    o.return_values_on_condition_check_failure = s.return_values_on_condition_check_failure;
    Result<PlannedStatement> plan = partiql::PlanStatement(st, *table, o);
    if (!plan.ok()) {
      const std::string& m = plan.error().message;
      if (m.rfind("EXISTS()", 0) == 0 || m.rfind("Where clause", 0) == 0) {
        return InTransaction(i, m);
      }
      return plan.error();
    }
    if (plan->read &&
        (!plan->lookups.empty() || !std::holds_alternative<GetItemRequest>(plan->call.request))) {
      return InTransaction(i,
                           "Select statements within ExecuteTransaction must specify the primary "
                           "key in the where clause.");
    }
    return plan;
  };
  std::vector<PlannedStatement> plans;
  for (size_t i = 0; i < parsed.size(); ++i) {
    Result<PlannedStatement> plan = plan_one(i);
    if (!plan.ok()) {
      // The effect still says what the statements after the refused one would have been.
      for (size_t j = i + 1; j < parsed.size(); ++j) {
        if (Result<PlannedStatement> later = plan_one(j); later.ok()) {
          NotePlan(j, parsed.size(), *later);
        }
      }
      return plan.error();
    }
    NotePlan(i, parsed.size(), *plan);
    plans.push_back(std::move(*plan));
  }

  ExecuteTransactionResponse resp;
  std::vector<const expr::Built*> built;
  for (const PlannedStatement& p : plans) built.push_back(&p.call.expressions);
  if (any_read) {
    TransactGetItemsRequest req;
    req.return_consumed_capacity = r.return_consumed_capacity;
    for (PlannedStatement& p : plans) {
      GetItemRequest& get = std::get<GetItemRequest>(p.call.request);
      TransactGet g;
      g.table_name = get.table_name;
      g.key = std::move(get.key);
      req.transact_items.push_back(std::move(g));
    }
    DDB_ASSIGN_OR_RETURN(TransactGetItemsResponse got, TransactGetItems(req, built));
    resp.responses = std::move(got.responses);
    resp.consumed_capacity = std::move(got.consumed_capacity);
    resp.trace = std::move(got.trace);
    resp.trace.operation = "TransactGetItems";
    return resp;
  }

  TransactWriteItemsRequest req;
  req.client_request_token = r.client_request_token;
  req.return_consumed_capacity = r.return_consumed_capacity;
  for (PlannedStatement& p : plans) req.transact_items.push_back(ToTransactWrite(p));
  Result<TransactWriteItemsResponse> wrote = TransactWriteItems(req, built);
  if (!wrote.ok()) {
    Error e = wrote.error();
    if (e.type == ErrorType::kTransactionCanceledException) {
      // An INSERT's failed attribute_not_exists is a duplicate key, as DynamoDB reports it.
      bool changed = false;
      for (size_t i = 0; i < e.cancellation_reasons.size() && i < plans.size(); ++i) {
        CancellationReason& reason = e.cancellation_reasons[i];
        if (plans[i].insert && reason.code == "ConditionalCheckFailed") {
          reason.code = "DuplicateItem";
          reason.message = "Duplicate primary key exists in table";
          changed = true;
        }
      }
      if (changed) e.message = CancellationMessage(e.cancellation_reasons);
    }
    return e;
  }
  resp.consumed_capacity = std::move(wrote->consumed_capacity);
  resp.trace = std::move(wrote->trace);
  resp.trace.operation = "TransactWriteItems";
  return resp;
}

// ---------------------------------------------------------------- ExplainStatement

Result<Plan> EngineImpl::ExplainStatement(const ExecuteStatementRequest& r) {
  std::lock_guard lock(mutex_);
  // EXPLAIN is not a DynamoDB operation, so the engine's wrapper does not check its request's
  // members as it checks an operation's; the statement is held to the same model here.
  DDB_TRY(catalog::CheckModelMembers(r));
  DDB_ASSIGN_OR_RETURN(Statement st, partiql::Parse(r.statement));
  const std::vector<AttributeValue>* params = r.parameters ? &*r.parameters : nullptr;
  DDB_TRY(partiql::CheckParameterCount(st, params));
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, FindTable(st.table));
  PlanOptions o;
  o.parameters = params;
  o.consistent_read = r.consistent_read;
  o.limit = r.limit;
  DDB_ASSIGN_OR_RETURN(PlannedStatement plan, partiql::PlanStatement(st, *table, o));
  plan.plan.request = partiql::ShapeOf(plan.call);
  return plan.plan;
}

}  // namespace ddblab
