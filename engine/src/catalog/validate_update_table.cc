// ValidateUpdateTable: BillingMode and ProvisionedThroughput changes and GSI Create / Update /
// Delete, checked in the order DynamoDB reports them.
#include <map>
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

Error InvalidUpdate(const std::string& detail) { return ValidationError(kInvalidPrefix + detail); }

std::string ThroughputText(const ProvisionedThroughput& current,
                           const ProvisionedThroughput& requested, const std::string& what) {
  return "Current ReadCapacityUnits provisioned for " + what + ": " +
         std::to_string(current.read_capacity_units) +
         ". Requested ReadCapacityUnits: " + std::to_string(requested.read_capacity_units) +
         ". Current WriteCapacityUnits provisioned for " + what + ": " +
         std::to_string(current.write_capacity_units) +
         ". Requested WriteCapacityUnits: " + std::to_string(requested.write_capacity_units) +
         ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request "
         "higher limits.";
}

bool SameThroughput(const ProvisionedThroughput& a, const ProvisionedThroughput& b) {
  return a.read_capacity_units == b.read_capacity_units &&
         a.write_capacity_units == b.write_capacity_units;
}

int ActionCount(const GlobalSecondaryIndexUpdate& u) {
  return (u.create ? 1 : 0) + (u.delete_index_name ? 1 : 0) + (u.update ? 1 : 0);
}

std::string ActionIndexName(const GlobalSecondaryIndexUpdate& u) {
  if (u.create) return u.create->index_name;
  if (u.update) return u.update->index_name;
  return u.delete_index_name.value_or("");
}

std::optional<Error> CheckShape(const UpdateTableRequest& r) {
  catalog::ConstraintErrors errors;
  if (r.attribute_definitions) {
    catalog::CheckAttributeDefinitionsShape(*r.attribute_definitions, "attributeDefinitions",
                                            &errors);
  }
  catalog::CheckResourceName(r.table_name, "tableName", &errors);
  if (r.billing_mode && *r.billing_mode != "PROVISIONED" && *r.billing_mode != "PAY_PER_REQUEST") {
    errors.Enum(*r.billing_mode, "billingMode", "[PROVISIONED, PAY_PER_REQUEST]");
  }
  if (r.provisioned_throughput) {
    catalog::CheckThroughputShape(*r.provisioned_throughput, "provisionedThroughput", &errors);
  }
  if (r.global_secondary_index_updates) {
    const auto& updates = *r.global_secondary_index_updates;
    for (size_t i = 0; i < updates.size(); ++i) {
      const std::string member = catalog::ElementPath("globalSecondaryIndexUpdates", i) + ".";
      const GlobalSecondaryIndexUpdate& u = updates[i];
      if (u.update) {
        catalog::CheckResourceName(u.update->index_name, member + "update.indexName", &errors);
        // DynamoDB: an Update action carries ProvisionedThroughput and nothing else.
        if (!u.update->provisioned_throughput) {
          errors.NotNull(member + "update.provisionedThroughput");
        } else {
          catalog::CheckThroughputShape(*u.update->provisioned_throughput,
                                        member + "update.provisionedThroughput", &errors);
        }
      }
      if (u.create) {
        catalog::CheckResourceName(u.create->index_name, member + "create.indexName", &errors);
        catalog::CheckKeySchemaShape(u.create->key_schema, member + "create.keySchema", &errors,
                                     /*multi_attribute=*/true);
        catalog::CheckProjectionShape(u.create->projection, member + "create.projection", &errors);
        if (u.create->provisioned_throughput) {
          catalog::CheckThroughputShape(*u.create->provisioned_throughput,
                                        member + "create.provisionedThroughput", &errors);
        }
      }
      if (u.delete_index_name) {
        catalog::CheckResourceName(*u.delete_index_name, member + "delete.indexName", &errors);
      }
    }
  }
  if (!errors.empty()) return errors.ToError();
  return std::nullopt;
}

// The request's GSI actions taken one by one, before any of them is applied.
std::optional<Error> CheckActionList(const UpdateTableRequest& r) {
  const auto& updates = *r.global_secondary_index_updates;
  if (updates.empty()) return InvalidUpdate("List of GlobalSecondaryIndexUpdates is empty");
  std::set<std::string> names;
  int online = 0;
  for (const GlobalSecondaryIndexUpdate& u : updates) {
    const int actions = ActionCount(u);
    if (actions == 0) {
      return InvalidUpdate(
          "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
          "GlobalSecondaryIndexUpdate.Delete must not be null");
    }
    if (actions > 1) {
      return InvalidUpdate(
          "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate "
          "object");
    }
    const std::string name = ActionIndexName(u);
    if (!names.insert(name).second) {
      return InvalidUpdate(
          "Only one global secondary index update per index is allowed simultaneously. Index: " +
          name);
    }
    if (u.create || u.delete_index_name) ++online;
  }
  // DynamoDB: building or dropping an index is an online operation, one at a time per table.
  if (online > 1) {
    return MakeError(ErrorType::kLimitExceededException,
                     "Subscriber limit exceeded: Only 1 online index can be created or deleted "
                     "simultaneously per table");
  }
  if (online > 0 && r.provisioned_throughput) {
    return InvalidUpdate("You cannot create or delete index while updating table IOPS");
  }
  return std::nullopt;
}

std::optional<Error> CheckBilling(const TableSchema& current, const UpdateTableRequest& r) {
  const std::string target = r.billing_mode.value_or(current.billing_mode);
  if (target == "PAY_PER_REQUEST") {
    if (r.provisioned_throughput) {
      return InvalidUpdate(
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
          "PAY_PER_REQUEST");
    }
    return std::nullopt;
  }
  const bool switching = current.billing_mode != "PROVISIONED";
  if (switching && !r.provisioned_throughput) {
    return InvalidUpdate("ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
  }
  if (!r.provisioned_throughput) return std::nullopt;
  if (auto e = catalog::CheckThroughputBounds(*r.provisioned_throughput)) return e;
  if (switching) {
    // DynamoDB assigns no GSI capacity on the switch: every remaining GSI needs an Update.
    for (const IndexSchema& gsi : current.global_secondary_indexes) {
      bool updated = false;
      bool deleted = false;
      if (r.global_secondary_index_updates) {
        for (const GlobalSecondaryIndexUpdate& u : *r.global_secondary_index_updates) {
          updated = updated || (u.update && u.update->index_name == gsi.name);
          deleted = deleted || u.delete_index_name == gsi.name;
        }
      }
      if (!updated && !deleted) {
        return InvalidUpdate("ProvisionedThroughput must be specified for index: " + gsi.name);
      }
    }
    return std::nullopt;
  }
  if (SameThroughput(current.provisioned_throughput, *r.provisioned_throughput)) {
    return ValidationError(
        "The provisioned throughput for the table will not change. The requested value equals "
        "the current value. " +
        ThroughputText(current.provisioned_throughput, *r.provisioned_throughput, "the table"));
  }
  return std::nullopt;
}

bool IsLocalIndex(const TableSchema& t, const std::string& name) {
  for (const IndexSchema& i : t.local_secondary_indexes) {
    if (i.name == name) return true;
  }
  return false;
}

Error IndexNotFound(const TableSchema& t, const std::string& name) {
  return MakeError(
      ErrorType::kResourceNotFoundException,
      "Requested resource not found: Table: " + t.name + " index: " + name + " not found");
}

std::optional<Error> CheckDelete(const TableSchema& t, const std::string& name) {
  if (IsLocalIndex(t, name)) {
    return ValidationError("Cannot delete an index that is not a GlobalSecondaryIndex: " + name);
  }
  if (!t.FindIndex(name)) return IndexNotFound(t, name);
  return std::nullopt;
}

std::optional<Error> CheckUpdate(const TableSchema& t, const std::string& target,
                                 const SecondaryIndexSpec& spec) {
  if (IsLocalIndex(t, spec.index_name)) {
    return ValidationError("Cannot update an index that is not a GlobalSecondaryIndex: " +
                           spec.index_name);
  }
  const IndexSchema* index = t.FindIndex(spec.index_name);
  if (!index) return IndexNotFound(t, spec.index_name);
  if (target == "PAY_PER_REQUEST") {
    return InvalidUpdate(
        "The only Updates for index: " + spec.index_name +
        " when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, "
        "WarmThroughput");
  }
  const ProvisionedThroughput& requested = *spec.provisioned_throughput;
  if (auto e = catalog::CheckThroughputBounds(requested)) return e;
  if (index->provisioned_throughput && t.billing_mode == "PROVISIONED" &&
      SameThroughput(*index->provisioned_throughput, requested)) {
    return ValidationError("The provisioned throughput for the index " + spec.index_name +
                           " will not change. The requested value equals the current value. " +
                           ThroughputText(*index->provisioned_throughput, requested, "the index"));
  }
  return std::nullopt;
}

// Whether `name` is a partition (HASH) or sort (RANGE) key of the table or one of its indexes.
std::string ExistingKeyType(const TableSchema& t, const std::string& name) {
  if (t.hash.name == name) return "HASH";
  if (t.range && t.range->name == name) return "RANGE";
  for (const auto* list : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    for (const IndexSchema& i : *list) {
      for (const KeyDef& k : i.hash_keys) {
        if (k.name == name) return "HASH";
      }
      for (const KeyDef& k : i.range_keys) {
        if (k.name == name) return "RANGE";
      }
    }
  }
  return "HASH";
}

// A key attribute of the new index that the table already knows with another type.
std::optional<Error> CheckRedefinition(const TableSchema& t, const SecondaryIndexSpec& spec,
                                       const std::vector<AttributeDefinition>& definitions) {
  for (const KeySchemaElement& e : spec.key_schema) {
    const AttributeDefinition* existing =
        catalog::FindDefinition(t.attribute_definitions, e.attribute_name);
    const AttributeDefinition* requested = catalog::FindDefinition(definitions, e.attribute_name);
    if (!existing || !requested || existing->attribute_type == requested->attribute_type) {
      continue;
    }
    // DynamoDB names the existing key element that uses the attribute.
    const std::string existing_key_type = ExistingKeyType(t, e.attribute_name);
    return InvalidUpdate(
        "Attributes cannot be redefined. Please check that your attribute has the same type as "
        "previously defined. Existing schema: Schema:[SchemaElement: key{" +
        e.attribute_name + ":" + existing->attribute_type + ":" + existing_key_type +
        "}] New schema: Schema:[SchemaElement: key{" + e.attribute_name + ":" +
        requested->attribute_type + ":" + e.key_type + "}]");
  }
  return std::nullopt;
}

std::optional<Error> CheckCreate(const TableSchema& t, const UpdateTableRequest& r,
                                 const std::string& target, const SecondaryIndexSpec& spec) {
  // DynamoDB checks the name before anything else about the new index, and GSI and LSI names
  // share one namespace.
  if (t.FindIndex(spec.index_name)) {
    return ValidationError("Attempting to create an index which already exists");
  }
  // DynamoDB: the new index's key attributes must be (re)declared in this request's
  // AttributeDefinitions, even when the table already defines them.
  if (!r.attribute_definitions) {
    return InvalidUpdate("AttributeDefinitions is not specified for index: " + spec.index_name);
  }
  std::vector<std::string> missing;
  for (const KeySchemaElement& e : spec.key_schema) {
    if (!catalog::FindDefinition(*r.attribute_definitions, e.attribute_name)) {
      missing.push_back(e.attribute_name);
    }
  }
  if (!missing.empty()) {
    std::vector<std::string> defined;
    for (const AttributeDefinition& d : *r.attribute_definitions) {
      defined.push_back(d.attribute_name);
    }
    return InvalidUpdate(
        "Some index key attributes are not defined in AttributeDefinitions. Keys: " +
        catalog::RenderNameList(missing) +
        ", AttributeDefinitions: " + catalog::RenderNameList(defined));
  }
  if (auto e = catalog::CheckGsiKeySchema(spec.key_schema)) return e;
  if (auto e = CheckRedefinition(t, spec, *r.attribute_definitions)) return e;
  if (auto e = catalog::CheckProjection(spec.projection)) return e;
  if (target == "PAY_PER_REQUEST" && spec.provisioned_throughput) {
    return InvalidUpdate(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: " +
        spec.index_name + " when BillingMode is PAY_PER_REQUEST");
  }
  if (target == "PROVISIONED") {
    if (!spec.provisioned_throughput) {
      return InvalidUpdate(
          "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: " +
          spec.index_name);
    }
    if (auto e = catalog::CheckThroughputBounds(*spec.provisioned_throughput)) return e;
  }
  if (t.global_secondary_indexes.size() + 1 > catalog::kMaxGlobalSecondaryIndexes) {
    return MakeError(ErrorType::kLimitExceededException,
                     "One or more parameter values were invalid: GlobalSecondaryIndex count "
                     "exceeds the per-table limit of 20");
  }
  size_t projected = catalog::ProjectedAttributeCount(spec);
  for (const auto* list : {&t.global_secondary_indexes, &t.local_secondary_indexes}) {
    for (const IndexSchema& i : *list) {
      if (i.projection_type == "INCLUDE") projected += i.non_key_attributes.size();
    }
  }
  if (projected > catalog::kMaxProjectedAttributes) {
    return InvalidUpdate("Number of projected attributes in all indexes exceeds limit of 100");
  }
  return std::nullopt;
}

void Apply(const UpdateTableRequest& r, const std::string& target, TableSchema* t) {
  const bool to_on_demand = target == "PAY_PER_REQUEST";
  t->billing_mode = target;
  if (to_on_demand) {
    t->provisioned_throughput = ProvisionedThroughput{};
  } else if (r.provisioned_throughput) {
    t->provisioned_throughput = *r.provisioned_throughput;
  }
  if (to_on_demand) {
    for (IndexSchema& gsi : t->global_secondary_indexes) gsi.provisioned_throughput.reset();
  }
  if (!r.global_secondary_index_updates) return;
  for (const GlobalSecondaryIndexUpdate& u : *r.global_secondary_index_updates) {
    if (u.delete_index_name) {
      std::erase_if(t->global_secondary_indexes,
                    [&](const IndexSchema& i) { return i.name == *u.delete_index_name; });
      // DynamoDB lists only the attributes a key uses: a deleted index's own key attributes
      // leave AttributeDefinitions, so a later index may define them with another type.
      auto used = [&](const std::string& name) {
        if (t->IsKeyAttribute(name)) return true;
        for (const auto* list : {&t->global_secondary_indexes, &t->local_secondary_indexes}) {
          for (const IndexSchema& i : *list) {
            if (i.IsIndexKey(name)) return true;
          }
        }
        return false;
      };
      std::erase_if(t->attribute_definitions,
                    [&](const AttributeDefinition& d) { return !used(d.attribute_name); });
    }
    if (u.update && !to_on_demand) {
      for (IndexSchema& gsi : t->global_secondary_indexes) {
        if (gsi.name == u.update->index_name) {
          gsi.provisioned_throughput = u.update->provisioned_throughput;
        }
      }
    }
    if (u.create) {
      // DynamoDB keeps only the definitions a key uses: the new index's attributes are added,
      // the rest of the request's AttributeDefinitions are ignored.
      for (const KeySchemaElement& e : u.create->key_schema) {
        if (!catalog::FindDefinition(t->attribute_definitions, e.attribute_name)) {
          t->attribute_definitions.push_back(
              *catalog::FindDefinition(*r.attribute_definitions, e.attribute_name));
        }
      }
      IndexSchema index = catalog::MakeIndexSchema(*u.create, true, t->attribute_definitions);
      index.storage_id = 0;
      if (to_on_demand) index.provisioned_throughput.reset();
      t->global_secondary_indexes.push_back(std::move(index));
    }
  }
}

}  // namespace

Result<TableSchema> ValidateUpdateTable(const TableSchema& current, const UpdateTableRequest& r) {
  if (auto e = CheckShape(r)) return *e;
  // DynamoDB: an empty GlobalSecondaryIndexUpdates counts as absent for this check (and
  // AttributeDefinitions alone changes nothing).
  const bool has_index_updates =
      r.global_secondary_index_updates && !r.global_secondary_index_updates->empty();
  if (!r.provisioned_throughput && !r.billing_mode && !has_index_updates &&
      !r.stream_specification) {
    return ValidationError(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
        "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
        "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is "
        "required");
  }
  if (r.stream_specification) {
    if (auto e = CheckUpdateStream(current, r)) return *e;
  }
  if (r.global_secondary_index_updates) {
    if (auto e = CheckActionList(r)) return *e;
  }
  if (auto e = CheckBilling(current, r)) return *e;
  const std::string target = r.billing_mode.value_or(current.billing_mode);
  if (r.global_secondary_index_updates) {
    for (const GlobalSecondaryIndexUpdate& u : *r.global_secondary_index_updates) {
      std::optional<Error> e;
      if (u.delete_index_name) e = CheckDelete(current, *u.delete_index_name);
      if (u.update) e = CheckUpdate(current, target, *u.update);
      if (u.create) e = CheckCreate(current, r, target, *u.create);
      if (e) return *e;
    }
  }
  TableSchema next = current;
  Apply(r, target, &next);
  return next;
}

}  // namespace ddblab
