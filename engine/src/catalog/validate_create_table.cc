// ValidateCreateTable: every CreateTable rule, checked in the order DynamoDB reports them —
// request-model constraints first (all of them in one envelope), then the semantic rules, first
// failure wins.
#include <set>
#include <string>
#include <vector>

#include "catalog/constraint_errors.h"
#include "catalog/index_rules.h"
#include "catalog/schema.h"
#include "catalog/stream_rules.h"

namespace ddblab {

namespace {

using catalog::kInvalidPrefix;

Error Invalid(const std::string& detail) { return ValidationError(kInvalidPrefix + detail); }

void CheckIndexListShape(const std::optional<std::vector<SecondaryIndexSpec>>& indexes,
                         const std::string& path, bool global, catalog::ConstraintErrors* errors) {
  if (!indexes) return;
  for (size_t i = 0; i < indexes->size(); ++i) {
    const SecondaryIndexSpec& spec = (*indexes)[i];
    const std::string member = catalog::ElementPath(path, i);
    catalog::CheckResourceName(spec.index_name, member + ".indexName", errors);
    catalog::CheckKeySchemaShape(spec.key_schema, member + ".keySchema", errors, global);
    catalog::CheckProjectionShape(spec.projection, member + ".projection", errors);
    if (global && spec.provisioned_throughput) {
      catalog::CheckThroughputShape(*spec.provisioned_throughput, member + ".provisionedThroughput",
                                    errors);
    }
  }
}

std::optional<Error> CheckShape(const CreateTableRequest& r) {
  // DynamoDB reports these constraint violations together, in this member order.
  catalog::ConstraintErrors errors;
  catalog::CheckAttributeDefinitionsShape(r.attribute_definitions, "attributeDefinitions", &errors);
  catalog::CheckResourceName(r.table_name, "tableName", &errors);
  if (r.billing_mode && *r.billing_mode != "PROVISIONED" && *r.billing_mode != "PAY_PER_REQUEST") {
    errors.Enum(*r.billing_mode, "billingMode", "[PROVISIONED, PAY_PER_REQUEST]");
  }
  if (r.provisioned_throughput) {
    catalog::CheckThroughputShape(*r.provisioned_throughput, "provisionedThroughput", &errors);
  }
  catalog::CheckKeySchemaShape(r.key_schema, "keySchema", &errors);
  CheckIndexListShape(r.local_secondary_indexes, "localSecondaryIndexes", false, &errors);
  CheckIndexListShape(r.global_secondary_indexes, "globalSecondaryIndexes", true, &errors);
  if (!errors.empty()) return errors.ToError();
  return std::nullopt;
}

std::optional<Error> CheckBilling(const CreateTableRequest& r) {
  // DynamoDB: BillingMode defaults to PROVISIONED, which needs ProvisionedThroughput;
  // PAY_PER_REQUEST forbids it.
  if (r.billing_mode == "PAY_PER_REQUEST") {
    if (r.provisioned_throughput) {
      return Invalid(
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
          "PAY_PER_REQUEST");
    }
    return std::nullopt;
  }
  if (!r.provisioned_throughput) {
    return Invalid(
        "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is "
        "PROVISIONED");
  }
  return catalog::CheckThroughputBounds(*r.provisioned_throughput);
}

void AddUsed(const std::vector<KeySchemaElement>& key_schema, std::vector<std::string>* used) {
  for (const KeySchemaElement& e : key_schema) {
    bool seen = false;
    for (const std::string& u : *used) seen = seen || u == e.attribute_name;
    if (!seen) used->push_back(e.attribute_name);
  }
}

// DynamoDB: AttributeDefinitions must name exactly the key attributes of the table and its
// indexes. Which of its four messages applies depends on whether the request declares indexes
// and on how the two counts compare.
std::optional<Error> CheckAttributeSet(const CreateTableRequest& r) {
  std::vector<std::string> defined;
  std::set<std::string> defined_set;
  for (const AttributeDefinition& d : r.attribute_definitions) {
    defined.push_back(d.attribute_name);
    defined_set.insert(d.attribute_name);
  }
  std::vector<std::string> used;
  AddUsed(r.key_schema, &used);
  const bool has_indexes = (r.local_secondary_indexes && !r.local_secondary_indexes->empty()) ||
                           (r.global_secondary_indexes && !r.global_secondary_indexes->empty());
  if (r.local_secondary_indexes) {
    for (const SecondaryIndexSpec& s : *r.local_secondary_indexes) AddUsed(s.key_schema, &used);
  }
  if (r.global_secondary_indexes) {
    for (const SecondaryIndexSpec& s : *r.global_secondary_indexes) AddUsed(s.key_schema, &used);
  }
  std::vector<std::string> missing;
  for (const std::string& u : used) {
    if (!defined_set.count(u)) missing.push_back(u);
  }
  std::set<std::string> used_set(used.begin(), used.end());
  bool unused = false;
  for (const std::string& d : defined) unused = unused || !used_set.count(d);

  if (!has_indexes) {
    if (r.key_schema.size() > defined.size()) {
      return ValidationError("Invalid KeySchema: Some index key attribute have no definition");
    }
    if (!missing.empty()) {
      std::vector<std::string> keys;
      for (const KeySchemaElement& e : r.key_schema) keys.push_back(e.attribute_name);
      return Invalid("Some index key attributes are not defined in AttributeDefinitions. Keys: " +
                     catalog::RenderNameList(keys) +
                     ", AttributeDefinitions: " + catalog::RenderNameList(defined));
    }
    if (auto e = catalog::CheckKeyOrder(r.key_schema)) return e;
    if (unused || defined.size() != used.size()) {
      return Invalid(
          "Number of attributes in KeySchema does not exactly match number of attributes defined "
          "in AttributeDefinitions");
    }
    return std::nullopt;
  }
  if (missing.empty() && !unused) return std::nullopt;
  if (defined.size() > used.size()) {
    return Invalid("Some AttributeDefinitions are not used. AttributeDefinitions: " +
                   catalog::RenderNameList(defined) +
                   ", keys used: " + catalog::RenderNameList(used));
  }
  return Invalid("Some index key attributes are not defined in AttributeDefinitions. Keys: " +
                 catalog::RenderNameList(missing) +
                 ", AttributeDefinitions: " + catalog::RenderNameList(defined));
}

std::optional<Error> CheckLocalIndexes(const CreateTableRequest& r, std::set<std::string>* names) {
  if (!r.local_secondary_indexes) return std::nullopt;
  const std::string& table_hash = r.key_schema[0].attribute_name;
  for (const SecondaryIndexSpec& s : *r.local_secondary_indexes) {
    if (auto e = catalog::CheckKeyOrder(s.key_schema)) return e;
    if (s.key_schema.size() != 2) {
      return Invalid("Index KeySchema does not have a range key for index: " + s.index_name);
    }
    // DynamoDB: an LSI shares the table's partition key and only changes the sort key.
    const std::string& index_hash = s.key_schema[0].attribute_name;
    if (index_hash != table_hash) {
      return Invalid(
          "Index KeySchema does not have the same leading hash key as table KeySchema for index: " +
          s.index_name + ". index hash key: " + index_hash + ", table hash key: " + table_hash);
    }
    if (auto e = catalog::CheckProjection(s.projection)) return e;
    if (!names->insert(s.index_name).second) {
      return Invalid("Duplicate index name: " + s.index_name);
    }
  }
  if (r.local_secondary_indexes->size() > catalog::kMaxLocalSecondaryIndexes) {
    return Invalid("Number of LocalSecondaryIndexes exceeds per-table limit of 5");
  }
  return std::nullopt;
}

std::optional<Error> CheckGlobalIndexes(const CreateTableRequest& r, std::set<std::string>* names) {
  if (!r.global_secondary_indexes) return std::nullopt;
  const bool on_demand = r.billing_mode == "PAY_PER_REQUEST";
  for (const SecondaryIndexSpec& s : *r.global_secondary_indexes) {
    if (auto e = catalog::CheckGsiKeySchema(s.key_schema)) return e;
    if (auto e = catalog::CheckProjection(s.projection)) return e;
    // DynamoDB: a GSI follows the table's billing mode, so its own throughput is required on a
    // provisioned table and forbidden on an on-demand one.
    if (on_demand && s.provisioned_throughput) {
      return Invalid("ProvisionedThroughput should not be specified for index: " + s.index_name +
                     " when BillingMode is PAY_PER_REQUEST");
    }
    if (!on_demand) {
      if (!s.provisioned_throughput) {
        return Invalid("ProvisionedThroughput is not specified for index: " + s.index_name);
      }
      if (auto e = catalog::CheckThroughputBounds(*s.provisioned_throughput)) return e;
    }
    if (!names->insert(s.index_name).second) {
      return Invalid("Duplicate index name: " + s.index_name);
    }
  }
  if (r.global_secondary_indexes->size() > catalog::kMaxGlobalSecondaryIndexes) {
    return Invalid("GlobalSecondaryIndex count exceeds the per-table limit of 20");
  }
  return std::nullopt;
}

std::optional<Error> CheckSemantics(const CreateTableRequest& r) {
  if (auto e = CheckBilling(r)) return e;
  if (r.global_secondary_indexes && r.global_secondary_indexes->empty()) {
    return Invalid("List of GlobalSecondaryIndexes is empty");
  }
  if (r.local_secondary_indexes && r.local_secondary_indexes->empty()) {
    return Invalid("List of LocalSecondaryIndexes is empty");
  }
  std::set<std::string> defined;
  for (const AttributeDefinition& d : r.attribute_definitions) {
    if (!defined.insert(d.attribute_name).second) {
      return ValidationError("Attribute Name is duplicated: " + d.attribute_name);
    }
  }
  // DynamoDB reports a missing table sort key before it looks at which attributes the LSIs use.
  if (r.local_secondary_indexes && r.key_schema.size() != 2) {
    return Invalid(
        "Table KeySchema does not have a range key, which is required when specifying a "
        "LocalSecondaryIndex");
  }
  if (auto e = CheckAttributeSet(r)) return e;
  if (auto e = catalog::CheckKeyOrder(r.key_schema)) return e;
  std::set<std::string> index_names;
  if (auto e = CheckLocalIndexes(r, &index_names)) return e;
  if (auto e = CheckGlobalIndexes(r, &index_names)) return e;
  size_t projected = 0;
  for (const auto* list : {&r.local_secondary_indexes, &r.global_secondary_indexes}) {
    if (!*list) continue;
    for (const SecondaryIndexSpec& s : **list) projected += catalog::ProjectedAttributeCount(s);
  }
  if (projected > catalog::kMaxProjectedAttributes) {
    return Invalid("Number of projected attributes in all indexes exceeds limit of 100");
  }
  return std::nullopt;
}

}  // namespace

Result<TableSchema> ValidateCreateTable(const CreateTableRequest& r) {
  if (auto e = CheckShape(r)) return *e;
  if (auto e = CheckSemantics(r)) return *e;
  if (r.stream_specification) {
    if (auto e = CheckCreateStream(*r.stream_specification)) return *e;
  }

  TableSchema schema;
  schema.name = r.table_name;
  schema.attribute_definitions = r.attribute_definitions;
  schema.hash = catalog::MakeKeyDef(r.key_schema[0].attribute_name, r.attribute_definitions);
  if (r.key_schema.size() == 2) {
    schema.range = catalog::MakeKeyDef(r.key_schema[1].attribute_name, r.attribute_definitions);
  }
  schema.billing_mode = r.billing_mode.value_or("PROVISIONED");
  if (r.provisioned_throughput) schema.provisioned_throughput = *r.provisioned_throughput;
  if (r.global_secondary_indexes) {
    for (const SecondaryIndexSpec& s : *r.global_secondary_indexes) {
      schema.global_secondary_indexes.push_back(
          catalog::MakeIndexSchema(s, true, r.attribute_definitions));
    }
  }
  if (r.local_secondary_indexes) {
    for (const SecondaryIndexSpec& s : *r.local_secondary_indexes) {
      IndexSchema index = catalog::MakeIndexSchema(s, false, r.attribute_definitions);
      index.provisioned_throughput.reset();  // LSIs share the table's capacity
      schema.local_secondary_indexes.push_back(std::move(index));
    }
  }
  return schema;
}

}  // namespace ddblab
