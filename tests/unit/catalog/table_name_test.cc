#include <catch2/catch.hpp>

#include "catalog/schema.h"

using ddblab::ValidateTableName;

TEST_CASE("Table names of 3..255 name characters are accepted") {
  CHECK(ValidateTableName("abc").ok());
  CHECK(ValidateTableName("Music_2024.v-1").ok());
  CHECK(ValidateTableName(std::string(255, 'a')).ok());
}

TEST_CASE("A table name outside (a-zA-Z0-9_.-)+ fails the pattern constraint") {
  auto s = ValidateTableName("bad table!@#");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().type == ddblab::ErrorType::kValidationException);
  CHECK(s.error().message ==
        "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to satisfy "
        "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
}

TEST_CASE("A table name shorter than 3 characters fails the length constraint") {
  auto s = ValidateTableName("ab");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3");
}

TEST_CASE("A table name longer than 255 characters fails the length constraint") {
  const std::string name(256, 'a');
  auto s = ValidateTableName(name);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message == "1 validation error detected: Value '" + name +
                                 "' at 'tableName' failed to satisfy constraint: Member must have "
                                 "length less than or equal to 255");
}

TEST_CASE(
    "Several name violations are joined with a semicolon under 'N validation errors detected'") {
  auto s = ValidateTableName("h;", "indexName");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "2 validation errors detected: Value 'h;' at 'indexName' failed to satisfy constraint: "
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'h;' at "
        "'indexName' failed to satisfy constraint: Member must have length greater than or equal "
        "to 3");
}

// DynamoDB (verified against AWS, UpdateItem with TableName ''): a data-plane TableName is a
// table name or an ARN, 1..1024 characters, and an empty one fails that length alone.
TEST_CASE("An empty table name fails only the TableArn length constraint") {
  auto s = ValidateTableName("");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}

TEST_CASE("An empty index name still fails both the pattern and the length constraint") {
  auto s = ValidateTableName("", "indexName");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message ==
        "2 validation errors detected: Value '' at 'indexName' failed to satisfy constraint: "
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value '' at 'indexName' "
        "failed to satisfy constraint: Member must have length greater than or equal to 3");
}
