// Engine: DynamoDB's data plane on SQLite. One method per DynamoDB operation, each taking the
// operation's request struct and returning its response (with ConsumedCapacity and a Trace) or
// DynamoDB's error. Calls are serialized by an internal mutex, so one Engine may be shared by
// threads (the server does). The engine never prints.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ddblab/effect.h"
#include "ddblab/error.h"
#include "ddblab/model/streams.h"
#include "ddblab/operations.h"
#include "ddblab/plan.h"
#include "ddblab/requests.h"
#include "ddblab/requests_resources.h"
#include "ddblab/throughput.h"

namespace ddblab {

struct EngineOptions {
  // ":memory:" (default) for a transient database, or a file path (opened in WAL mode, created
  // when missing). A file restores every table, index and item written to it.
  std::string path = ":memory:";
  // Seconds since the epoch for CreationDateTime and similar; tests fix it for stable output.
  // Default: the system clock.
  std::function<double()> clock;
  // Region and account used to build ARNs. us-east-1 is the region the AWS CLI and SDKs fall
  // back to; `serve` writes each reply's ARNs in the region its caller signed for, and reads an
  // ARN of any region (one catalog answers them all).
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
  // What DescribeEndpoints answers as the Address; empty gives "dynamodb.<region>.amazonaws.com"
  // as DynamoDB does (the server sets its own host:port).
  std::string endpoint_address;
  // Throughput and throttling (README, "Throughput and throttling"): when set, every data-plane
  // call is charged to per-partition token buckets on `clock`, and a call that does not fit
  // fails with ProvisionedThroughputExceededException (ThrottlingException on demand). Off by
  // default: the REPL, scripts and `serve` run on wall time for people, and `ddblab simulate`
  // turns it on with a virtual clock.
  bool model_throughput = false;
  // The most a database file keeps of its pages in memory, in KiB (a bound, not an allocation;
  // each extra reading connection keeps up to 8 MiB, never more than this). 64 MiB lets a bulk
  // load into one big table run without re-reading pages; a server holding a database per
  // student (`serve --db-per-key`) keeps each small, so memory stays flat as their files grow.
  int64_t page_cache_kib = 64 * 1024;
};

// The simulated physical layout of one table or index (a ddblab extension).
struct PartitionInfo {
  int partition = 0;
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  int64_t item_collections = 0;                    // distinct partition-key values
  std::vector<std::string> sample_partition_keys;  // up to 5, rendered as text
};
struct PartitionMap {
  std::string table;
  std::string index;
  int partition_count = 0;
  bool overridden = false;  // set by SetPartitionCount rather than derived
  std::string model;        // one line: how the count was derived
  std::vector<PartitionInfo> partitions;
};

class Engine {
 public:
  // Opens (or creates) the database described by `options`.
  static Result<std::unique_ptr<Engine>> Open(const EngineOptions& options = {});
  virtual ~Engine() = default;

  // Every operation below validates its whole request before it changes anything: a request
  // DynamoDB would refuse fails with DynamoDB's error type and message and leaves the database
  // as it was. Any call may also fail with InternalServerError when the storage fails (a full
  // disk, a damaged file), and, with EngineOptions::model_throughput, a data-plane call that
  // does not fit its partitions' capacity fails with ProvisionedThroughputExceededException
  // (ThrottlingException on demand) having changed and consumed nothing.

  // ---- Tables

  // Creates a table with its key schema, indexes, billing mode and stream; the table is ACTIVE
  // at once. Returns its TableDescription. ResourceInUseException when the name is taken;
  // ValidationException for a bad schema (undeclared or unused attribute definitions, index
  // limits, projections, capacity that the billing mode forbids); LimitExceededException past
  // the account's table count.
  virtual Result<CreateTableResponse> CreateTable(const CreateTableRequest& r) = 0;
  // Changes billing mode, throughput, stream, or creates, updates or deletes one GSI (built from
  // the existing items at once). Returns the new description. ValidationException when nothing
  // would change or the change is not allowed; LimitExceededException for more than one index
  // created or deleted at once, or past 20 GSIs; ResourceNotFoundException for an unknown table
  // or index.
  virtual Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& r) = 0;

  // ---- Items. Each returns ConsumedCapacity by DynamoDB's rounding rules and a Trace; a
  // ResourceNotFoundException names an unknown table or index.

  // The single-item operations, Query and Scan are modelled (model/items.h, model/reads.h), their
  // methods declared below:
  // - GetItem: the item with the full primary key `key`, projected; no item is not an error.
  //   Charged on the whole item (0.5 RCU per 4 KB eventually consistent, 1 strongly), at least
  //   the minimum.
  // - PutItem: stores the item whole, replacing any item with its key, and maintains every
  //   index (sparse: an item without an index's keys is not in it).
  //   ConditionalCheckFailedException (with the old item when asked) when the condition fails:
  //   nothing is written, the write is charged.
  // - UpdateItem: applies the update expression (or AttributeUpdates) to the item, creating it
  //   when missing; returns the attributes ReturnValues asks for. Errors as PutItem, plus
  //   ValidationException for an update that cannot apply (a path into a missing map, a key
  //   attribute changed, an ADD on the wrong type).
  // - DeleteItem: deletes the item with `key` (deleting nothing is not an error). Errors as
  //   PutItem.
  // - Query: the items of one partition key (of the table or an index) matching the key
  //   condition, in sort-key order (reversed by ScanIndexForward false), filtered and projected
  //   after reading. A page stops at Limit items read or 1 MB, with LastEvaluatedKey; capacity is
  //   the bytes read, rounded once per page.
  // - Scan: every item of the table or index (one segment of TotalSegments when asked), in
  //   partition order, with Query's paging, filtering and capacity.

  // ---- Batches and transactions

  // Up to 100 keys over several tables; each item charged on its own. Missing items are left
  // out; keys the throughput model refuses come back as UnprocessedKeys.
  virtual Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r) = 0;
  // Up to 25 puts and deletes, each applied on its own (no conditions); entries the throughput
  // model refuses come back as UnprocessedItems. ValidationException for a key named twice.
  virtual Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r) = 0;
  // Up to 100 gets read as one snapshot, charged twice the consistent rate.
  virtual Result<TransactGetItemsResponse> TransactGetItems(const TransactGetItemsRequest& r) = 0;
  // Up to 100 puts, updates, deletes and condition checks on distinct items, all or none,
  // charged twice the standard rate. TransactionCanceledException with one reason per action
  // when any condition fails (the cancelled actions are charged);
  // IdempotentParameterMismatchException when a ClientRequestToken is reused with another
  // request within 10 minutes.
  virtual Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) = 0;

  // The modelled operations (ddblab/model/): one method each, named as the operation. A typed
  // request is held to its model's constraints as a JSON one is (ranges, lengths, enums, table
  // names). Among them:
  // - DescribeTable: the TableDescription: schema, indexes with their item counts and sizes,
  //   billing, stream. ResourceNotFoundException for an unknown table.
  // - DeleteTable: deletes a table with its items, indexes and stream records; returns its last
  //   description (status DELETING). ResourceNotFoundException for an unknown table.
  // - ListTables: table names in ascending order, at most Limit (100 by default) after
  //   ExclusiveStartTableName, with LastEvaluatedTableName when more follow.
  // - Tags and Time to Live: expired items of a table with Time to Live enabled are deleted by a
  //   sweep at the start of a call once the clock has moved on (see README, "Time to Live").
  // - DynamoDB Streams (model/streams.h): the change records of tables whose
  //   StreamSpecification enables a stream, kept 24 hours on the engine's clock, in one open
  //   shard per physical partition (see README, "DynamoDB Streams"). Their errors:
  //   ValidationException (a malformed ARN, iterator or sequence number; limits),
  //   ResourceNotFoundException (an unknown stream or shard), ExpiredIteratorException (an
  //   iterator older than 15 minutes). A position older than the records kept reads from the
  //   oldest one kept.
  // - PartiQL (model/partiql.h): ExecuteStatement runs one statement as the GetItem, Query, Scan,
  //   lookups or write it plans into (Explain* shows the plan): ValidationException for a
  //   statement that does not parse (with a column) or that DynamoDB's PartiQL refuses;
  //   ConditionalCheckFailedException for an UPDATE or DELETE of a missing item;
  //   DuplicateItemException for an INSERT of an existing key. BatchExecuteStatement runs up to
  //   25 single-item statements, all reads or all writes, each succeeding or failing alone (its
  //   error in its own response). ExecuteTransaction runs up to 100 statements, all reads or all
  //   writes (EXISTS counts as a write), as one transaction: TransactionCanceledException as
  //   TransactWriteItems.
#define DDBLAB_MODELLED_METHOD(Name, How) \
  virtual Result<Name##Response> Name(const Name##Request& r) = 0;
  DDBLAB_MODELLED_OPERATIONS(DDBLAB_MODELLED_METHOD)
#undef DDBLAB_MODELLED_METHOD

  // EXPLAIN: the plan a PartiQL statement, a Query, a Scan or a GetItem would run, without
  // running it. Errors as the operation itself would give before reading anything.
  virtual Result<Plan> ExplainStatement(const ExecuteStatementRequest& r) = 0;
  virtual Result<Plan> ExplainGetItem(const GetItemRequest& r) = 0;
  virtual Result<Plan> ExplainQuery(const QueryRequest& r) = 0;
  virtual Result<Plan> ExplainScan(const ScanRequest& r) = 0;

  // The simulated partition layout of a table (index empty) or one of its indexes.
  virtual Result<PartitionMap> DescribePartitions(const std::string& table,
                                                  const std::string& index = "") = 0;
  // Teaching override of a table's partition count (and its indexes'); 0 restores the derived
  // count. Persisted with the table.
  virtual Status SetPartitionCount(const std::string& table, int count) = 0;

  // Commit notifications (ddblab/effect.h): `subscriber` is told of every commit from now on,
  // until Unsubscribe with the id returned, or until the engine is destroyed. Engines without
  // storage of their own refuse.
  virtual Result<int> Subscribe(CommitSubscriber subscriber) {
    (void)subscriber;
    return ValidationError("this database does not notify its commits");
  }
  virtual void Unsubscribe(int id) { (void)id; }

  // What every partition served and refused under the throughput model (empty, with `enabled`
  // false, when EngineOptions::model_throughput is off).
  virtual ThroughputReport DescribeThroughput() = 0;

  // Writes a copy of the whole database (tables, items, indexes, settings) to a new file at
  // `path`, which must not exist yet; the engine keeps using its own database. For the shell's
  // .save, which keeps an in-memory session. Engines without storage of their own refuse it.
  virtual Status SaveCopy(const std::string& path) {
    (void)path;
    return ValidationError("this database cannot be saved to a file");
  }
};

}  // namespace ddblab
