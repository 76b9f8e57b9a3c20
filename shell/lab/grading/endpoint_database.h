// Grading on a DynamoDB-compatible endpoint (`ddblab grade --endpoint URL`): one grading run's
// private view of a shared endpoint. Every table the run creates is named with the run's prefix
// ("ddblab-1a2b3c4d-" + the solution's name) at the endpoint, and the prefix is added to every
// request and taken off every answer, so the solution's statements and the exercise's checks run
// unchanged and see only the run's own tables. Afterwards (and after a failure or an interrupt)
// DeletePrefixedTables removes them.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::grade {

// A fresh prefix for one grading run: "ddblab-" + 8 random lowercase hex digits + "-" (a valid
// start of a table name; 4 billion runs before two are likely to meet).
std::string NewRunPrefix();

struct EndpointViewOptions {
  // Tables are named prefix + name at the endpoint.
  std::string prefix;
  // After CreateTable or UpdateTable, calls wait until the table and its indexes are ACTIVE
  // (DynamoDB creates tables and indexes asynchronously), polling DescribeTable at this
  // interval, for at most `active_timeout`.
  std::chrono::milliseconds poll_interval{500};
  std::chrono::seconds active_timeout{600};
  // A read that follows a write waits until this long after the write: DynamoDB's eventually
  // consistent reads and its global secondary indexes may lag a write by a fraction of a
  // second. 0 for endpoints that are strongly consistent (ddblab serve).
  std::chrono::milliseconds settle{0};
};

// The run's view of `endpoint` (which must outlive it). Table names are renamed in TableName,
// RequestItems keys, TransactItems, ARNs (ResourceArn, StreamArn) and in the table a PartiQL
// statement names; ListTables lists only the run's tables. A statement or request whose table
// cannot be found is refused (ValidationException), never sent with a name that could reach
// another table. Answers have the prefix taken off wherever it appears (names, ARNs, messages).
std::unique_ptr<wire::Client> MakeEndpointView(wire::Client& endpoint,
                                               const EndpointViewOptions& options);

// What DeletePrefixedTables did.
struct CleanupResult {
  std::vector<std::string> deleted;  // full names at the endpoint
  std::vector<std::string> left;     // still there when the deadline came, or undeletable
  std::string error;                 // the last error the endpoint gave, if any
};

// Deletes every table of `endpoint` whose name starts with `prefix`. A table still being created
// or updated (ResourceInUseException) is retried until `deadline` from now; one already gone
// counts as deleted.
CleanupResult DeletePrefixedTables(wire::Client& endpoint, const std::string& prefix,
                                   std::chrono::seconds deadline);

// The names of `endpoint`'s tables that start with `prefix` (all pages of ListTables), or an
// error.
Result<std::vector<std::string>> ListPrefixedTables(wire::Client& endpoint,
                                                    const std::string& prefix);

}  // namespace ddblab::grade
