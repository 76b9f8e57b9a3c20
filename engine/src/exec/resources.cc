// TagResource, UntagResource, ListTagsOfResource, UpdateTimeToLive, DescribeTimeToLive,
// DescribeEndpoints and DescribeLimits: table settings kept in the catalog with the schema, so a
// file database keeps them across reopening.
#include <regex>
#include <set>
#include <string_view>

#include "catalog/quotas.h"
#include "exec/catalog_store.h"
#include "exec/engine_impl.h"
#include "exec/tag_rules.h"

namespace ddblab {
namespace {

constexpr size_t kMaxTagsPerTable = 50;
constexpr size_t kMaxTagKeyLength = 128;
constexpr size_t kMaxTagValueLength = 256;
constexpr size_t kMaxTtlAttributeNameLength = 255;

Error TableNotFound(const std::string& name) {
  return MakeError(ErrorType::kResourceNotFoundException,
                   "Requested resource not found: Table: " + name + " not found");
}

std::string Quoted(const std::string& s) { return "'" + s + "'"; }

// DynamoDB's model-constraint message for one member.
std::string Constraint(const std::string& value, const std::string& path, const std::string& rule) {
  return "1 validation error detected: Value " + value + " at '" + path +
         "' failed to satisfy constraint: " + rule;
}

// The table an ARN names, or DynamoDB's refusal of its form. Tags belong to tables only: an index
// ARN or anything else that is not arn:aws:dynamodb:<region>:<account>:table/<name> is refused.
// (DynamoDB answers some malformed ARNs with an AccessDeniedException from IAM instead; ddblab has
// no IAM.)
Result<std::string> TableNameOfArn(const std::string& arn) {
  if (arn.rfind("arn:", 0) != 0) {
    return ValidationError(
        "One or more parameter values were invalid: ARNs must start with 'arn:': " + arn);
  }
  static const std::regex kTableArn("^arn:aws:dynamodb:[^:]+:[0-9]+:table/([^/]+)$");
  std::smatch m;
  // ResourceArn is at most 1,283 characters (API reference); the length is checked before the
  // regex, whose engine recurses per character.
  if (arn.size() > 1283 || !std::regex_match(arn, m, kTableArn)) {
    return ValidationError("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
  }
  return m[1].str();
}

// DynamoDB's refusal of one tag key, or OK (developer guide, "Tagging restrictions in DynamoDB";
// the texts are DynamoDB's own).
Status CheckTagKey(const std::optional<std::string>& key) {
  if (!key) return ValidationError("The Tag Key provided is invalid, Key: null");
  const size_t chars = Utf8CharacterCount(*key);
  if (chars < 1 || chars > kMaxTagKeyLength || !TagCharactersAllowed(*key)) {
    return ValidationError("The Tag Key provided is invalid, Key: " + *key);
  }
  if (TagKeyReserved(*key)) {
    return ValidationError("Tag Key cannot be prefixed with aws:, Key: " + *key);
  }
  return OkStatus();
}

Status CheckTagValue(const std::optional<std::string>& value) {
  if (!value) return ValidationError("The Tag Value provided is invalid, Value: null");
  if (Utf8CharacterCount(*value) > kMaxTagValueLength || !TagCharactersAllowed(*value)) {
    return ValidationError("The Tag Value provided is invalid, Value: " + *value);
  }
  return OkStatus();
}

// DynamoDB counts a table's tags after the request is merged in; over 50 is a ValidationException.
Error TooManyTags() {
  return ValidationError("Number of Tags exceed the current limit for the provided ResourceArn");
}

}  // namespace

Status EngineImpl::SaveSchema(const TableSchema& s) {
  DDB_TRY(storage_->SaveCatalogEntry(s.name, SchemaToText(s)));
  tables_[s.name] = s;
  if (s.ttl_attribute && !ttl_in_use_.exchange(true, std::memory_order_acq_rel)) {
    // Until now every call skipped the sweep; DynamoDB-wise it is as if one ran at the start of
    // this call and found nothing, so the first one is due when the clock next moves a second.
    next_sweep_at_.store(Now() + 1.0, std::memory_order_release);
  }
  return OkStatus();
}

Result<const TableSchema*> EngineImpl::TableForArn(const std::optional<std::string>& arn,
                                                   const std::string& operation) {
  (void)operation;
  // DynamoDB: a missing ResourceArn is "Invalid TableArn" (API reference, TagResource).
  if (!arn) return ValidationError("Invalid TableArn");
  DDB_ASSIGN_OR_RETURN(std::string name, TableNameOfArn(*arn));
  auto it = tables_.find(name);
  // One catalog answers every region a client signs for: only the account is compared.
  if (it == tables_.end() || TableNameOf(*arn, options_.account_id) != it->first) {
    // DynamoDB spells the member "ResourcArn" in this message.
    return MakeError(ErrorType::kResourceNotFoundException,
                     "Requested resource not found: ResourcArn: " + *arn + " not found");
  }
  return &it->second;
}

Result<TagResourceResponse> EngineImpl::TagResource(const TagResourceRequest& r) {
  std::lock_guard lock(mutex_);
  if (!r.resource_arn) return ValidationError("Invalid TableArn");
  if (!r.tags) {
    return ValidationError(Constraint("null", "tags", "Member must not be null"));
  }
  // Every tag is checked before any is applied: one bad tag fails the whole request.
  std::set<std::string_view> seen;
  for (const Tag& t : *r.tags) {
    DDB_TRY(CheckTagKey(t.key));
    DDB_TRY(CheckTagValue(t.value));
    if (!seen.insert(*t.key).second) {
      return ValidationError("Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
                             *t.key);
    }
  }
  if (r.tags->size() > kMaxTagsPerTable) return TooManyTags();
  // An empty list is refused once the ARN's form is checked, before the table is looked up.
  if (r.tags->empty()) {
    DDB_TRY(TableNameOfArn(*r.resource_arn));
    return ValidationError("Atleast one Tag needs to be provided as Input.");
  }
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, TableForArn(r.resource_arn, "TagResource"));
  TableSchema s = *table;
  for (const Tag& t : *r.tags) s.tags[*t.key] = *t.value;
  if (s.tags.size() > kMaxTagsPerTable) return TooManyTags();
  DDB_TRY(SaveSchema(s));
  return TagResourceResponse{};
}

Result<UntagResourceResponse> EngineImpl::UntagResource(const UntagResourceRequest& r) {
  std::lock_guard lock(mutex_);
  if (!r.resource_arn) return ValidationError("Invalid TableArn");
  if (!r.tag_keys) {
    return ValidationError(Constraint("null", "tagKeys", "Member must not be null"));
  }
  for (const std::string& k : *r.tag_keys) DDB_TRY(CheckTagKey(k));
  if (r.tag_keys->size() > kMaxTagsPerTable) return TooManyTags();
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, TableForArn(r.resource_arn, "UntagResource"));
  if (r.tag_keys->empty()) {
    return ValidationError("Atleast one Tag Key needs to be provided as Input.");
  }
  TableSchema s = *table;
  // DynamoDB: removing a key the table does not carry is not an error.
  for (const std::string& k : *r.tag_keys) s.tags.erase(k);
  DDB_TRY(SaveSchema(s));
  return UntagResourceResponse{};
}

Result<ListTagsOfResourceResponse> EngineImpl::ListTagsOfResource(
    const ListTagsOfResourceRequest& r) {
  std::lock_guard lock(mutex_);
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, TableForArn(r.resource_arn, "ListTagsOfResource"));
  // At most 50 tags fit one page (DynamoDB pages at 10 but a table holds 50; ddblab answers in
  // one page and never sends NextToken).
  ListTagsOfResourceResponse resp;
  for (const auto& [k, v] : table->tags) resp.tags.push_back(Tag{k, v});
  return resp;
}

Result<UpdateTimeToLiveResponse> EngineImpl::UpdateTimeToLive(const UpdateTimeToLiveRequest& r) {
  std::lock_guard lock(mutex_);
  const TimeToLiveSpecification& spec = r.time_to_live_specification;
  // DynamoDB: AttributeName is 1 to 255 characters (API reference, TimeToLiveSpecification).
  if (spec.attribute_name.empty()) {
    return ValidationError(Constraint("''", "timeToLiveSpecification.attributeName",
                                      "Member must have length greater than or equal to 1"));
  }
  if (Utf8CharacterCount(spec.attribute_name) > kMaxTtlAttributeNameLength) {
    return ValidationError(Constraint(Quoted(spec.attribute_name),
                                      "timeToLiveSpecification.attributeName",
                                      "Member must have length less than or equal to 255"));
  }
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return TableNotFound(r.table_name);
  TableSchema s = it->second;
  // DynamoDB refuses a change that changes nothing, and a new attribute name while enabled
  // (developer guide, "Enabling Time to Live"); the attribute changes only through a disable.
  if (!spec.enabled && !s.ttl_attribute) {
    return ValidationError("TimeToLive is already disabled");
  }
  // Enabling another attribute, or disabling by another name, names the one that is enabled.
  if (s.ttl_attribute && *s.ttl_attribute != spec.attribute_name) {
    return ValidationError(
        "TimeToLive is active on a different AttributeName: current AttributeName is " +
        *s.ttl_attribute);
  }
  if (spec.enabled && s.ttl_attribute) {
    return ValidationError("TimeToLive is already enabled");
  }
  if (spec.enabled) {
    s.ttl_attribute = spec.attribute_name;
  } else {
    s.ttl_attribute.reset();
  }
  DDB_TRY(SaveSchema(s));
  UpdateTimeToLiveResponse resp;
  resp.time_to_live_specification = spec;
  return resp;
}

Result<DescribeTimeToLiveResponse> EngineImpl::DescribeTimeToLive(
    const DescribeTimeToLiveRequest& r) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(TableNameOf(r.table_name, options_.account_id));
  if (it == tables_.end()) return TableNotFound(r.table_name);
  // DynamoDB moves through ENABLING and DISABLING for up to an hour; ddblab applies the change
  // at once, so only the settled states appear. DynamoDB always answers with the description.
  TimeToLiveDescription description;
  description.time_to_live_status = it->second.ttl_attribute ? "ENABLED" : "DISABLED";
  description.attribute_name = it->second.ttl_attribute;
  DescribeTimeToLiveResponse resp;
  resp.time_to_live_description = std::move(description);
  return resp;
}

Result<DescribeEndpointsResponse> EngineImpl::DescribeEndpoints(const DescribeEndpointsRequest&) {
  // DynamoDB: one endpoint, cached for 1440 minutes (API reference, DescribeEndpoints).
  DescribeEndpointsResponse resp;
  EndpointDescription e;
  e.address = options_.endpoint_address.empty() ? "dynamodb." + options_.region + ".amazonaws.com"
                                                : options_.endpoint_address;
  e.cache_period_in_minutes = 1440;
  resp.endpoints.push_back(e);
  return resp;
}

Result<DescribeLimitsResponse> EngineImpl::DescribeLimits(const DescribeLimitsRequest&) {
  DescribeLimitsResponse resp;
  resp.account_max_read_capacity_units = kAccountMaxReadCapacityUnits;
  resp.account_max_write_capacity_units = kAccountMaxWriteCapacityUnits;
  resp.table_max_read_capacity_units = kTableMaxReadCapacityUnits;
  resp.table_max_write_capacity_units = kTableMaxWriteCapacityUnits;
  return resp;
}

}  // namespace ddblab
