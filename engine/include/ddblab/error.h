// Errors are values: every engine call returns Result<T>, which holds either the response or an
// Error named after the DynamoDB exception it stands for, carrying DynamoDB's own message text.
// Nothing in the engine's public API throws.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ddblab/capacity.h"

namespace ddblab {

struct AttributeValue;
using Item = std::map<std::string, AttributeValue, std::less<>>;

// DynamoDB's exception names. ErrorTypeName() returns the exact name (no namespace).
enum class ErrorType {
  kValidationException,
  kSerializationException,
  kUnknownOperationException,
  kResourceNotFoundException,
  kResourceInUseException,
  kLimitExceededException,
  kConditionalCheckFailedException,
  kTransactionCanceledException,
  kTransactionConflictException,
  kTransactionInProgressException,
  kIdempotentParameterMismatchException,
  kDuplicateItemException,
  kItemCollectionSizeLimitExceededException,
  kProvisionedThroughputExceededException,
  kThrottlingException,
  kRequestLimitExceeded,
  kExpiredIteratorException,  // DynamoDB Streams: a shard iterator older than 15 minutes
  kTableNotFoundException,    // the continuous backups operations' missing table
  kPolicyNotFoundException,   // the resource policy operations: no policy, or another revision
  kInternalServerError,
};

std::string_view ErrorTypeName(ErrorType type);

// The `__type` namespace DynamoDB uses on the wire for this error, e.g.
// "com.amazon.coral.validate#" for ValidationException.
std::string_view ErrorTypeNamespace(ErrorType type);

// HTTP status DynamoDB answers with for this error (400 for almost all, 500 for internal).
int ErrorHttpStatus(ErrorType type);

// One entry of TransactionCanceledException.CancellationReasons, in request order.
struct CancellationReason {
  std::string code = "None";   // None, ConditionalCheckFailed, ValidationError, ...
  std::string message;         // empty when DynamoDB sends no Message
  std::shared_ptr<Item> item;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
};

// One entry of ThrottlingReasons on a throttling error (DynamoDB API reference,
// ThrottlingReason): e.g. {"TableWriteKeyRangeThroughputExceeded", "arn:aws:dynamodb:...:table/T"}.
struct ThrottlingReason {
  std::string reason;
  std::string resource;
};

struct Error {
  ErrorType type = ErrorType::kValidationException;
  std::string message;
  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD.
  std::shared_ptr<Item> item;
  // TransactionCanceledException only.
  std::vector<CancellationReason> cancellation_reasons;
  // ProvisionedThroughputExceededException and ThrottlingException from the throughput model.
  std::vector<ThrottlingReason> throttling_reasons;
  // Parse errors: 1-based column of the offending token in the input statement, 0 if unknown.
  int column = 0;
  // What a refused call still consumed and touched: a write whose condition failed, a cancelled
  // transaction. DynamoDB's error body carries neither (front ends show them; the wire does not).
  std::vector<ConsumedCapacity> consumed_capacity;
  std::shared_ptr<const Trace> trace;
};

inline Error MakeError(ErrorType type, std::string message) {
  Error e;
  e.type = type;
  e.message = std::move(message);
  return e;
}
inline Error ValidationError(std::string message) {
  return MakeError(ErrorType::kValidationException, std::move(message));
}

// Result<T>: a T or an Error, in the spirit of std::expected (C++23).
template <typename T>
class [[nodiscard]] Result {
 public:
  // By reference rather than by value: a response (a trace, capacity and items) is then moved
  // once into the result, not twice.
  Result(const T& value) : v_(std::in_place_index<0>, value) {}          // NOLINT
  Result(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}    // NOLINT
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT
  // A default T built in place, for a function that fills its response where it will be returned
  // (one named result and one return, so the compiler elides the move).
  explicit Result(std::in_place_t) : v_(std::in_place_index<0>) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }
  Error& error() { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Result<void> equivalent.
struct Ok {};
using Status = Result<Ok>;
inline Status OkStatus() { return Ok{}; }

// Propagates an error from an expression returning Result<...> or Status.
#define DDB_TRY(expr)                                          \
  do {                                                         \
    auto ddb_try_result_ = (expr);                             \
    if (!ddb_try_result_.ok()) return ddb_try_result_.error(); \
  } while (0)

#define DDB_CONCAT_INNER_(a, b) a##b
#define DDB_CONCAT_(a, b) DDB_CONCAT_INNER_(a, b)
// DDB_ASSIGN_OR_RETURN(auto x, Foo()); declares x from a Result or returns its error.
#define DDB_ASSIGN_OR_RETURN(decl, expr)                                                 \
  auto DDB_CONCAT_(ddb_r_, __LINE__) = (expr);                                           \
  if (!DDB_CONCAT_(ddb_r_, __LINE__).ok()) return DDB_CONCAT_(ddb_r_, __LINE__).error(); \
  decl = std::move(DDB_CONCAT_(ddb_r_, __LINE__)).value()

}  // namespace ddblab
