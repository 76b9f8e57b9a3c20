// PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy: a resource-based policy on a
// table or on one of its streams, kept in the catalog with the schema (so a file database keeps
// it, and DeleteTable removes it with the table) and returned as given. ddblab has no IAM: a
// policy is never enforced, so ConfirmRemoveSelfResourceAccess has nothing to confirm.
//
// The messages are DynamoDB's, as AWS answered them in 2026 (captures of the service verified
// against AWS; the API reference for ExpectedRevisionId and NO_POLICY).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string_view>

#include "exec/engine_impl.h"

namespace ddblab {
namespace {

// DynamoDB counts whitespace: the document as sent is at most 20 KB.
constexpr size_t kMaxPolicyBytes = 20480;
// ExpectedRevisionId's value for "only if the resource has no policy yet".
constexpr std::string_view kNoPolicy = "NO_POLICY";

Error InvalidParameter(const std::string& what) {
  return ValidationError("One or more parameter values were invalid: " + what);
}

// What a ResourceArn names: a table (stream_label empty) or one of its streams.
struct PolicyResource {
  std::string table;
  std::string stream_label;
};

// Splits `arn` at its first five colons: arn, partition, service, region, account, resource (a
// stream's label holds colons of its own).
std::vector<std::string> ArnParts(const std::string& arn) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (parts.size() < 5) {
    size_t colon = arn.find(':', start);
    if (colon == std::string::npos) break;
    parts.push_back(arn.substr(start, colon - start));
    start = colon + 1;
  }
  parts.push_back(arn.substr(start));
  return parts;
}

std::vector<std::string> SlashParts(const std::string& resource) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t slash = resource.find('/', start);
    parts.push_back(resource.substr(start, slash - start));
    if (slash == std::string::npos) return parts;
    start = slash + 1;
  }
}

// The resource a ResourceArn names, or DynamoDB's refusal of its form. One catalog answers every
// region a client signs for, so the region is not compared; the account is.
Result<PolicyResource> PolicyResourceOf(const std::string& arn, const std::string& account_id) {
  if (!arn.starts_with("arn:")) return InvalidParameter("ARNs must start with 'arn:': " + arn);
  const std::vector<std::string> parts = ArnParts(arn);
  if (parts.size() < 6 || parts[2] != "dynamodb") {
    return InvalidParameter("Provided Arn is not a DynamoDB resource arn: " + arn);
  }
  if (parts[1] != "aws" || parts[3].empty()) {
    return InvalidParameter("Invalid resource Arn: " + arn);
  }
  if (parts[4] != account_id) {
    return ValidationError(
        "This action is only supported by accounts that match the resource owner\u2019s account.");
  }
  const std::vector<std::string> path = SlashParts(parts[5]);
  if (path[0] != "table" || path.size() < 2 || path[1].empty()) {
    return InvalidParameter("Provided Arn is not a DynamoDB resource arn: " + arn);
  }
  if (path.size() == 2) return PolicyResource{path[1], ""};
  if (path.size() == 4 && path[2] == "stream" && !path[3].empty()) {
    return PolicyResource{path[1], path[3]};
  }
  if (path[2] == "index") {
    return InvalidParameter(
        "Invalid resource arn provided, only table or stream is accepted. Provided resource "
        "arn: " +
        arn);
  }
  return InvalidParameter("Provided Arn is not a DynamoDB resource arn: " + arn);
}

Error InvalidPolicyDocument(const std::string& why) {
  return InvalidParameter("Invalid policy document: " + why);
}

// A statement names what it governs (Resource, or NotResource for everything else).
bool NamesResource(const nlohmann::json& statement) {
  return statement.is_object() &&
         (statement.contains("Resource") || statement.contains("NotResource"));
}

// DynamoDB's checks of the document itself: its size, that it is JSON, and that its statements
// are there and name their resources. (IAM's further grammar, principals and DynamoDB's
// least-privilege guardrail are not checked: ddblab does not enforce policies.)
Status CheckPolicyDocument(const std::string& policy) {
  if (policy.size() > kMaxPolicyBytes) {
    return InvalidParameter("Maximum policy size of " + std::to_string(kMaxPolicyBytes) +
                            " bytes exceeded");
  }
  const nlohmann::json doc = nlohmann::json::parse(policy, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) {
    return InvalidPolicyDocument("This policy contains invalid Json");
  }
  auto statement = doc.find("Statement");
  if (statement == doc.end()) return OkStatus();
  if (statement->is_array()) {
    if (statement->empty()) {
      return InvalidPolicyDocument("Could not parse the policy: Statement is empty!");
    }
    for (const nlohmann::json& one : *statement) {
      if (!NamesResource(one)) return InvalidPolicyDocument("Missing required field Resource");
    }
  } else if (!NamesResource(*statement)) {
    return InvalidPolicyDocument("Missing required field Resource");
  }
  return OkStatus();
}

Error PolicyNotFound(const std::string& detail) {
  return MakeError(ErrorType::kPolicyNotFoundException,
                   "Resource-based policy not found for the provided ResourceArn: " + detail);
}

// ExpectedRevisionId against the policy in place (null when none): DynamoDB refuses a mismatch,
// or an expected revision where there is no policy, with PolicyNotFoundException.
Status CheckExpectedRevision(const std::optional<std::string>& expected,
                             const TableSchema::ResourcePolicy* current, const std::string& arn,
                             const std::string& table) {
  if (!expected) return OkStatus();
  if (*expected == kNoPolicy) {
    if (!current) return OkStatus();
    return PolicyNotFound("Requested policy update expecting none to be present for table " +
                          table + ", but a policy exists with revision id " + current->revision_id +
                          ".");
  }
  if (!current) return PolicyNotFound(arn);
  if (current->revision_id == *expected) return OkStatus();
  return PolicyNotFound("Requested update for policy with revision id " + *expected +
                        ", but the policy associated to target table " + table +
                        " has revision id " + current->revision_id + ".");
}

// DynamoDB's revision ids are the time of the change in milliseconds, so later ones compare
// greater; a change within the same millisecond of the engine clock still gets a greater one.
std::string NextRevisionId(const TableSchema& table, double now_seconds) {
  int64_t next = static_cast<int64_t>(std::floor(now_seconds * 1000));
  for (const auto& [resource, p] : table.resource_policies) {
    int64_t in_place = 0;
    // Written by this function; a catalog edited by hand that holds something else is skipped.
    const char* end = p.revision_id.data() + p.revision_id.size();
    if (std::from_chars(p.revision_id.data(), end, in_place).ptr == end) {
      next = std::max<int64_t>(next, in_place + 1);
    }
  }
  return std::to_string(next);
}

}  // namespace

Result<TableSchema*> EngineImpl::PolicyTable(const std::string& arn, std::string* key) {
  DDB_ASSIGN_OR_RETURN(PolicyResource resource, PolicyResourceOf(arn, options_.account_id));
  auto it = tables_.find(resource.table);
  if (it == tables_.end()) {
    return MakeError(ErrorType::kResourceNotFoundException,
                     "Requested resource not found: Table: " + resource.table + " not found");
  }
  if (!resource.stream_label.empty()) {
    const std::vector<StreamState>& streams = it->second.streams;
    if (std::none_of(streams.begin(), streams.end(),
                     [&](const StreamState& s) { return s.label == resource.stream_label; })) {
      return MakeError(ErrorType::kResourceNotFoundException,
                       "Requested resource not found: Stream: " + resource.stream_label +
                           " not found for Table: " + resource.table);
    }
  }
  *key = resource.stream_label;
  return &it->second;
}

Result<PutResourcePolicyResponse> EngineImpl::PutResourcePolicy(const PutResourcePolicyRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_TRY(PolicyResourceOf(r.resource_arn, options_.account_id));
  DDB_TRY(CheckPolicyDocument(r.policy));
  std::string key;
  DDB_ASSIGN_OR_RETURN(TableSchema * table, PolicyTable(r.resource_arn, &key));
  auto current = table->resource_policies.find(key);
  const TableSchema::ResourcePolicy* in_place =
      current == table->resource_policies.end() ? nullptr : &current->second;
  DDB_TRY(CheckExpectedRevision(r.expected_revision_id, in_place, r.resource_arn, table->name));
  PutResourcePolicyResponse resp;
  // DynamoDB: putting the policy in place again changes nothing and keeps its revision.
  if (in_place && in_place->document == r.policy) {
    resp.revision_id = in_place->revision_id;
    return resp;
  }
  TableSchema s = *table;
  s.resource_policies[key] = TableSchema::ResourcePolicy{r.policy, NextRevisionId(s, Now())};
  resp.revision_id = s.resource_policies[key].revision_id;
  DDB_TRY(SaveSchema(s));
  return resp;
}

Result<GetResourcePolicyResponse> EngineImpl::GetResourcePolicy(const GetResourcePolicyRequest& r) {
  std::lock_guard lock(mutex_);
  std::string key;
  DDB_ASSIGN_OR_RETURN(TableSchema * table, PolicyTable(r.resource_arn, &key));
  auto it = table->resource_policies.find(key);
  if (it == table->resource_policies.end()) return PolicyNotFound(r.resource_arn);
  GetResourcePolicyResponse resp;
  resp.policy = it->second.document;
  resp.revision_id = it->second.revision_id;
  return resp;
}

Result<DeleteResourcePolicyResponse> EngineImpl::DeleteResourcePolicy(
    const DeleteResourcePolicyRequest& r) {
  std::lock_guard lock(mutex_);
  std::string key;
  DDB_ASSIGN_OR_RETURN(TableSchema * table, PolicyTable(r.resource_arn, &key));
  auto it = table->resource_policies.find(key);
  const TableSchema::ResourcePolicy* in_place =
      it == table->resource_policies.end() ? nullptr : &it->second;
  DDB_TRY(CheckExpectedRevision(r.expected_revision_id, in_place, r.resource_arn, table->name));
  DeleteResourcePolicyResponse resp;
  // DynamoDB: deleting where there is no policy succeeds with an empty body.
  if (!in_place) return resp;
  TableSchema s = *table;
  resp.revision_id = NextRevisionId(s, Now());
  s.resource_policies.erase(key);
  DDB_TRY(SaveSchema(s));
  return resp;
}

}  // namespace ddblab
