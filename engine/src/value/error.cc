// Names, wire namespaces and HTTP statuses of DynamoDB's exceptions.
#include "ddblab/error.h"

namespace ddblab {

std::string_view ErrorTypeName(ErrorType type) {
  switch (type) {
    case ErrorType::kValidationException:
      return "ValidationException";
    case ErrorType::kSerializationException:
      return "SerializationException";
    case ErrorType::kUnknownOperationException:
      return "UnknownOperationException";
    case ErrorType::kResourceNotFoundException:
      return "ResourceNotFoundException";
    case ErrorType::kResourceInUseException:
      return "ResourceInUseException";
    case ErrorType::kLimitExceededException:
      return "LimitExceededException";
    case ErrorType::kConditionalCheckFailedException:
      return "ConditionalCheckFailedException";
    case ErrorType::kTransactionCanceledException:
      return "TransactionCanceledException";
    case ErrorType::kTransactionConflictException:
      return "TransactionConflictException";
    case ErrorType::kTransactionInProgressException:
      return "TransactionInProgressException";
    case ErrorType::kIdempotentParameterMismatchException:
      return "IdempotentParameterMismatchException";
    case ErrorType::kDuplicateItemException:
      return "DuplicateItemException";
    case ErrorType::kItemCollectionSizeLimitExceededException:
      return "ItemCollectionSizeLimitExceededException";
    case ErrorType::kProvisionedThroughputExceededException:
      return "ProvisionedThroughputExceededException";
    case ErrorType::kThrottlingException:
      return "ThrottlingException";
    case ErrorType::kRequestLimitExceeded:
      return "RequestLimitExceeded";
    case ErrorType::kExpiredIteratorException:
      return "ExpiredIteratorException";
    case ErrorType::kTableNotFoundException:
      return "TableNotFoundException";
    case ErrorType::kPolicyNotFoundException:
      return "PolicyNotFoundException";
    case ErrorType::kInternalServerError:
      return "InternalServerError";
  }
  return "InternalServerError";
}

// DynamoDB: Programming.Errors — the `__type` prefix differs by the service layer that raised
// the error (reference section 11.3).
std::string_view ErrorTypeNamespace(ErrorType type) {
  switch (type) {
    case ErrorType::kValidationException:
      return "com.amazon.coral.validate#";
    case ErrorType::kSerializationException:
    case ErrorType::kUnknownOperationException:
      return "com.amazon.coral.service#";
    case ErrorType::kThrottlingException:
      return "com.amazon.coral.availability#";
    default:
      return "com.amazonaws.dynamodb.v20120810#";
  }
}

int ErrorHttpStatus(ErrorType type) { return type == ErrorType::kInternalServerError ? 500 : 400; }

}  // namespace ddblab
