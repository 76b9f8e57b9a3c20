// Control plane: CreateTable, DescribeTable, ListTables, DeleteTable, UpdateTable.
#include <algorithm>

#include "catalog/stream_rules.h"
#include "exec/catalog_store.h"
#include "exec/engine_impl.h"
#include "exec/keys.h"
#include "exec/request_checks.h"
#include "exec/stream_log.h"
#include "value/item_encoding.h"

namespace ddblab {
namespace {

Error ControlTableNotFound(const std::string& name) {
  // DynamoDB names the table in control-plane "not found" messages.
  return MakeError(ErrorType::kResourceNotFoundException,
                   "Requested resource not found: Table: " + name + " not found");
}

}  // namespace

Result<CreateTableResponse> EngineImpl::CreateTable(const CreateTableRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(TableSchema s, ValidateCreateTable(r));
  if (tables_.count(s.name)) {
    return MakeError(ErrorType::kResourceInUseException, "Table already exists: " + s.name);
  }
  s.creation_date_time = Now();
  if (s.billing_mode == "PAY_PER_REQUEST") s.last_update_to_pay_per_request = s.creation_date_time;
  if (r.stream_specification && *r.stream_specification->stream_enabled) {
    ApplyStreamSpecification(*r.stream_specification, s.creation_date_time, &s);
  }
  s.storage_id = next_storage_id_++;
  for (auto& ix : s.global_secondary_indexes) ix.storage_id = next_storage_id_++;
  for (auto& ix : s.local_secondary_indexes) ix.storage_id = next_storage_id_++;
  DDB_TRY(storage_->Begin());
  auto create = [&]() -> Status {
    DDB_TRY(storage_->CreateItemTable(s.storage_id));
    for (auto& ix : s.global_secondary_indexes) DDB_TRY(storage_->CreateIndexTable(ix.storage_id));
    for (auto& ix : s.local_secondary_indexes) DDB_TRY(storage_->CreateIndexTable(ix.storage_id));
    return storage_->SaveCatalogEntry(s.name, SchemaToText(s));
  };
  if (Status st = create(); !st.ok()) {
    (void)storage_->Rollback();
    return st.error();
  }
  DDB_TRY(storage_->Commit());
  auto [it, inserted] = tables_.emplace(s.name, std::move(s));
  (void)inserted;
  CreateTableResponse resp;
  resp.table_description = DescribeSchema(it->second, options_.region, options_.account_id);
  return resp;
}

Result<DescribeTableResponse> EngineImpl::DescribeTable(const DescribeTableRequest& r) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return ControlTableNotFound(r.table_name);
  const TableSchema& s = it->second;
  DescribeTableResponse resp;
  resp.table = DescribeSchema(s, options_.region, options_.account_id);
  DDB_ASSIGN_OR_RETURN(auto stats, storage_->CountAndSize(s.storage_id, false));
  resp.table.item_count = stats.first;
  resp.table.table_size_bytes = stats.second;
  auto fill = [&](std::vector<IndexDescription>& descs,
                  const std::vector<IndexSchema>& schemas) -> Status {
    for (auto& d : descs) {
      for (const auto& ix : schemas) {
        if (ix.name != d.index_name) continue;
        DDB_ASSIGN_OR_RETURN(auto st, storage_->CountAndSize(ix.storage_id, true));
        d.item_count = st.first;
        d.index_size_bytes = st.second;
      }
    }
    return OkStatus();
  };
  DDB_TRY(fill(resp.table.global_secondary_indexes, s.global_secondary_indexes));
  DDB_TRY(fill(resp.table.local_secondary_indexes, s.local_secondary_indexes));
  return resp;
}

Result<ListTablesResponse> EngineImpl::ListTables(const ListTablesRequest& r) {
  std::lock_guard lock(mutex_);
  int64_t limit = r.limit.value_or(100);
  ListTablesResponse resp;
  // tables_ is ordered by name, the order DynamoDB lists tables in.
  auto it = r.exclusive_start_table_name ? tables_.upper_bound(*r.exclusive_start_table_name)
                                         : tables_.begin();
  for (; it != tables_.end(); ++it) {
    if (static_cast<int64_t>(resp.table_names.size()) == limit) {
      resp.last_evaluated_table_name = resp.table_names.back();
      break;
    }
    resp.table_names.push_back(it->first);
  }
  return resp;
}

Result<DeleteTableResponse> EngineImpl::DeleteTable(const DeleteTableRequest& r) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return ControlTableNotFound(r.table_name);
  const TableSchema& s = it->second;
  DeleteTableResponse resp;
  resp.table_description = DescribeSchema(s, options_.region, options_.account_id);
  DDB_ASSIGN_OR_RETURN(auto stats, storage_->CountAndSize(s.storage_id, false));
  resp.table_description.item_count = stats.first;
  resp.table_description.table_size_bytes = stats.second;
  resp.table_description.table_status = "DELETING";
  // DynamoDB describes the table as it goes without its definition: no AttributeDefinitions,
  // KeySchema, CreationDateTime, indexes or stream (API reference and aws CLI reference,
  // DeleteTable examples).
  TableDescription& gone = resp.table_description;
  gone.attribute_definitions.clear();
  gone.key_schema.clear();
  gone.creation_date_time = 0;
  gone.local_secondary_indexes.clear();
  gone.global_secondary_indexes.clear();
  gone.stream_specification.reset();
  gone.latest_stream_label.reset();
  gone.latest_stream_arn.reset();
  DDB_TRY(storage_->Begin());
  auto drop = [&]() -> Status {
    DDB_TRY(storage_->DropItemTable(s.storage_id));
    for (auto& ix : s.global_secondary_indexes) DDB_TRY(storage_->DropIndexTable(ix.storage_id));
    for (auto& ix : s.local_secondary_indexes) DDB_TRY(storage_->DropIndexTable(ix.storage_id));
    // The table's streams go with it (DynamoDB keeps them readable for a day; see README).
    for (const StreamState& st : s.streams) {
      DDB_TRY(storage_->DeleteStreamRecords(StreamStorageName(s.name, st.label)));
    }
    return storage_->DeleteCatalogEntry(s.name);
  };
  if (Status st = drop(); !st.ok()) {
    (void)storage_->Rollback();
    return st.error();
  }
  DDB_TRY(storage_->Commit());
  if (commits_.wanted()) {
    const std::string table_arn = TableArn(options_.region, options_.account_id, s.name);
    for (const StreamState& st : s.streams) {
      pending_ended_streams_.push_back(StreamArn(table_arn, st.label));
    }
  }
  tables_.erase(it);
  return resp;
}

Result<UpdateTableResponse> EngineImpl::UpdateTable(const UpdateTableRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(ValidateTableName(r.table_name));
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return ControlTableNotFound(r.table_name);
  const TableSchema& old = it->second;
  DDB_ASSIGN_OR_RETURN(TableSchema s, ValidateUpdateTable(old, r));
  s.storage_id = old.storage_id;
  s.creation_date_time = old.creation_date_time;
  s.last_update_to_pay_per_request = old.last_update_to_pay_per_request;
  if (s.billing_mode == "PAY_PER_REQUEST" && old.billing_mode != "PAY_PER_REQUEST") {
    s.last_update_to_pay_per_request = Now();
  }
  s.partition_override = old.partition_override;
  if (r.stream_specification) ApplyStreamSpecification(*r.stream_specification, Now(), &s);

  DDB_TRY(storage_->Begin());
  auto apply = [&]() -> Status {
    // Dropped GSIs.
    for (const auto& ix : old.global_secondary_indexes) {
      if (!s.FindIndex(ix.name)) DDB_TRY(storage_->DropIndexTable(ix.storage_id));
    }
    // Created GSIs: DynamoDB backfills a new index from the items that carry its key
    // attributes; items without them stay out of it (sparse).
    for (auto& ix : s.global_secondary_indexes) {
      if (ix.storage_id != 0) continue;
      ix.storage_id = next_storage_id_++;
      DDB_TRY(storage_->CreateIndexTable(ix.storage_id));
      RangeRead all;
      all.storage_id = s.storage_id;
      Status inner = OkStatus();
      DDB_TRY(storage_->Read(all, [&](RowView& row) {
        auto item = DeserializeItem(row.item);
        if (!item.ok()) {
          inner = item.error();
          return false;
        }
        auto entry = IndexEntryOf(s, ix, *item, false);
        if (!entry.ok()) return true;  // a wrong-typed attribute simply stays out of the index
        if (!*entry) return true;
        Row ir;
        ir.h = (*entry)->h;
        ir.ipk = (*entry)->ipk;
        ir.isk = (*entry)->isk;
        ir.pk = row.pk;
        ir.sk = row.sk;
        ir.size = (*entry)->size;
        ir.item = encoding::SerializeStoredItem((*entry)->projected, ir.size);
        inner = storage_->PutIndexRow(ix.storage_id, ir);
        return inner.ok();
      }));
      DDB_TRY(inner);
    }
    return storage_->SaveCatalogEntry(s.name, SchemaToText(s));
  };
  if (Status st = apply(); !st.ok()) {
    (void)storage_->Rollback();
    return st.error();
  }
  DDB_TRY(storage_->Commit());
  it->second = std::move(s);
  UpdateTableResponse resp;
  resp.table_description = DescribeSchema(it->second, options_.region, options_.account_id);
  DDB_ASSIGN_OR_RETURN(auto stats, storage_->CountAndSize(it->second.storage_id, false));
  resp.table_description.item_count = stats.first;
  resp.table_description.table_size_bytes = stats.second;
  return resp;
}

}  // namespace ddblab
