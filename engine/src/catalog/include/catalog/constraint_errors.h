// DynamoDB's constraint-violation envelope: the messages its request model produces before any
// semantic check runs ("1 validation error detected: Value 'x' at 'path' failed to satisfy
// constraint: ..."). Shared by the control-plane validators in this folder.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/error.h"
#include "ddblab/requests.h"

namespace ddblab::catalog {

// Collects constraint violations in the order they are found and renders them as one
// ValidationException.
class ConstraintErrors {
 public:
  // `value` is already rendered: Quote("x"), "null", or a list rendering; empty where DynamoDB
  // leaves the value out.
  void Add(std::string value, std::string path, std::string rule);

  // DynamoDB's rule texts.
  void NotNull(const std::string& path);
  void Enum(const std::string& value, const std::string& path, const std::string& allowed);
  void MinValue(int64_t value, const std::string& path, int64_t min);
  void MinLength(std::string value, const std::string& path, int64_t min);
  void MaxLength(std::string value, const std::string& path, int64_t max);
  void Pattern(const std::string& value, const std::string& path, const std::string& pattern);

  bool empty() const { return messages_.empty(); }

  // Appends `other`'s violations after this one's (a later stage's findings, in member order).
  void Append(const ConstraintErrors& other);

  // Puts the violations in the order of their top-level members in `order` (lowerCamelCase
  // paths separated by spaces), for an operation whose violations DynamoDB does not list in
  // member order.
  void OrderBy(std::string_view order);

  // "N validation error(s) detected: " followed by the violations joined by "; ".
  // DynamoDB: at most 10 violations are listed (the count still says how many there were).
  Error ToError() const;

 private:
  struct Violation {
    std::string path;
    std::string message;
  };
  std::vector<Violation> messages_;
};

// "tableName" from "TableName", below `parent` ("a.b"): the path DynamoDB's constraint messages
// name a member by.
std::string MemberPath(const std::string& parent, std::string_view wire);

// The path of element `index` (from 0) of the list at `path`: DynamoDB names a list element's
// member "tags.1.member.key", counting from 1.
std::string ElementPath(const std::string& path, size_t index);

// 'value' in single quotes, as the envelope shows a present value.
std::string Quote(const std::string& value);

// How the envelope shows a KeySchema list: [KeySchemaElement(attributeName=pk, keyType=HASH)].
std::string RenderKeySchema(const std::vector<KeySchemaElement>& key_schema);

// How DynamoDB shows a list of names inside its messages: "[a, b]".
std::string RenderNameList(const std::vector<std::string>& names);

// A character a table or index name may hold: [a-zA-Z0-9_.-].
bool IsResourceNameChar(char c);

// Appends the table/index name rule violations (pattern, then length) for `name` at `path`.
void CheckResourceName(const std::string& name, const std::string& path, ConstraintErrors* errors);

// Appends the violations of a data-plane TableName member at `path`: a table's name, or at
// "tableName" also its ARN (1..1024 characters; DynamoDB accepts one since 2024).
void CheckTableName(const std::string& name, const std::string& path, ConstraintErrors* errors);

}  // namespace ddblab::catalog
