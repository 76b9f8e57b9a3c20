#include "ddblab/error.h"

#include <catch2/catch.hpp>

using ddblab::ErrorType;

TEST_CASE("Error names are DynamoDB's exception names") {
  CHECK(ddblab::ErrorTypeName(ErrorType::kValidationException) == "ValidationException");
  CHECK(ddblab::ErrorTypeName(ErrorType::kConditionalCheckFailedException) ==
        "ConditionalCheckFailedException");
  CHECK(ddblab::ErrorTypeName(ErrorType::kRequestLimitExceeded) == "RequestLimitExceeded");
  CHECK(ddblab::ErrorTypeName(ErrorType::kInternalServerError) == "InternalServerError");
  CHECK(ddblab::ErrorTypeName(ErrorType::kItemCollectionSizeLimitExceededException) ==
        "ItemCollectionSizeLimitExceededException");
  for (int t = 0; t <= static_cast<int>(ErrorType::kInternalServerError); ++t) {
    CHECK_FALSE(ddblab::ErrorTypeName(static_cast<ErrorType>(t)).empty());
  }
}

TEST_CASE("Error namespaces follow the service layer that raises them") {
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kValidationException) ==
        "com.amazon.coral.validate#");
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kSerializationException) ==
        "com.amazon.coral.service#");
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kUnknownOperationException) ==
        "com.amazon.coral.service#");
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kThrottlingException) ==
        "com.amazon.coral.availability#");
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kResourceNotFoundException) ==
        "com.amazonaws.dynamodb.v20120810#");
  CHECK(ddblab::ErrorTypeNamespace(ErrorType::kTransactionCanceledException) ==
        "com.amazonaws.dynamodb.v20120810#");
}

TEST_CASE("Only InternalServerError answers HTTP 500") {
  CHECK(ddblab::ErrorHttpStatus(ErrorType::kInternalServerError) == 500);
  CHECK(ddblab::ErrorHttpStatus(ErrorType::kValidationException) == 400);
  CHECK(ddblab::ErrorHttpStatus(ErrorType::kThrottlingException) == 400);
  CHECK(ddblab::ErrorHttpStatus(ErrorType::kProvisionedThroughputExceededException) == 400);
}
