// Builders for control-plane requests used by the catalog tests.
#pragma once

#include <string>
#include <vector>

#include "catalog/schema.h"
#include "ddblab/requests.h"

namespace ddblab::testing {

inline AttributeDefinition Def(std::string name, std::string type = "S") {
  return {std::move(name), std::move(type)};
}
inline KeySchemaElement Hash(std::string name) { return {std::move(name), "HASH"}; }
inline KeySchemaElement Range(std::string name) { return {std::move(name), "RANGE"}; }
inline ProvisionedThroughput Units(int64_t read, int64_t write) { return {read, write}; }

inline Projection ProjectAll() { return Projection{"ALL", std::nullopt}; }

inline SecondaryIndexSpec Index(std::string name, std::vector<KeySchemaElement> keys,
                                Projection projection = ProjectAll()) {
  SecondaryIndexSpec s;
  s.index_name = std::move(name);
  s.key_schema = std::move(keys);
  s.projection = std::move(projection);
  return s;
}

// pk (S, HASH) only, 5/5 provisioned.
inline CreateTableRequest SimpleTable(std::string name = "Music") {
  CreateTableRequest r;
  r.table_name = std::move(name);
  r.attribute_definitions = {Def("pk")};
  r.key_schema = {Hash("pk")};
  r.provisioned_throughput = Units(5, 5);
  return r;
}

// pk (S, HASH) + sk (S, RANGE), 5/5 provisioned.
inline CreateTableRequest CompositeTable(std::string name = "Music") {
  CreateTableRequest r = SimpleTable(std::move(name));
  r.attribute_definitions.push_back(Def("sk"));
  r.key_schema.push_back(Range("sk"));
  return r;
}

// The message of a failed result, or "" when it succeeded.
template <typename T>
std::string MessageOf(const Result<T>& r) {
  return r.ok() ? std::string() : r.error().message;
}

// A validated table, for UpdateTable tests.
inline TableSchema MustCreate(const CreateTableRequest& r) {
  auto result = ValidateCreateTable(r);
  return result.ok() ? result.value() : TableSchema{};
}

}  // namespace ddblab::testing
