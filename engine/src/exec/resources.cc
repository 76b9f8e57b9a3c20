// TagResource, UntagResource, ListTagsOfResource, UpdateTimeToLive, DescribeTimeToLive,
// DescribeEndpoints and DescribeLimits: table settings kept in the catalog with the schema, so a
// file database keeps them across reopening.
#include <regex>

#include "exec/catalog_store.h"
#include "exec/engine_impl.h"

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

}  // namespace

Status EngineImpl::SaveSchema(const TableSchema& s) {
  DDB_TRY(storage_->SaveCatalogEntry(s.name, SchemaToText(s)));
  tables_[s.name] = s;
  return OkStatus();
}

Result<const TableSchema*> EngineImpl::TableForArn(const std::optional<std::string>& arn,
                                                   const std::string& operation) {
  (void)operation;
  // DynamoDB: a missing ResourceArn is "Invalid TableArn" (API reference, TagResource).
  if (!arn) return ValidationError("Invalid TableArn");
  // DynamoDB: tags belong to tables only; an index ARN or anything else that is not
  // arn:aws:dynamodb:<region>:<account>:table/<name> is refused with this text. (DynamoDB answers
  // some malformed ARNs with an AccessDeniedException from IAM instead; ddblab has no IAM.)
  static const std::regex kTableArn("^arn:aws:dynamodb:[^:]+:[0-9]+:table/([^/]+)$");
  std::smatch m;
  if (!std::regex_match(*arn, m, kTableArn)) {
    return ValidationError("Invalid TableArn: Invalid ResourceArn provided as input " + *arn);
  }
  auto it = tables_.find(m[1].str());
  if (it == tables_.end() || *arn != TableArn(options_.region, options_.account_id, it->first)) {
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
  // DynamoDB: Tag.Key is 1 to 128 characters, Tag.Value 0 to 256 (API reference, Tag).
  for (size_t i = 0; i < r.tags->size(); ++i) {
    const Tag& t = (*r.tags)[i];
    std::string path = "tags." + std::to_string(i + 1) + ".member.";
    if (t.key.empty()) {
      return ValidationError(Constraint(Quoted(t.key), path + "key",
                                        "Member must have length greater than or equal to 1"));
    }
    if (t.key.size() > kMaxTagKeyLength) {
      return ValidationError(Constraint(Quoted(t.key), path + "key",
                                        "Member must have length less than or equal to 128"));
    }
    if (t.value.size() > kMaxTagValueLength) {
      return ValidationError(Constraint(Quoted(t.value), path + "value",
                                        "Member must have length less than or equal to 256"));
    }
  }
  DDB_ASSIGN_OR_RETURN(const TableSchema* table, TableForArn(r.resource_arn, "TagResource"));
  if (r.tags->empty()) return ValidationError("Atleast one Tag needs to be provided as Input.");
  TableSchema s = *table;
  for (const Tag& t : *r.tags) s.tags[t.key] = t.value;
  if (s.tags.size() > kMaxTagsPerTable) {
    // DynamoDB: at most 50 tags per table (developer guide, "Tagging restrictions"). No
    // published text for the refusal was found; this one names the limit.
    return MakeError(ErrorType::kLimitExceededException,
                     "The number of tags on table " + s.name + " would exceed the limit of 50");
  }
  DDB_TRY(SaveSchema(s));
  return TagResourceResponse{};
}

Result<UntagResourceResponse> EngineImpl::UntagResource(const UntagResourceRequest& r) {
  std::lock_guard lock(mutex_);
  if (!r.resource_arn) return ValidationError("Invalid TableArn");
  if (!r.tag_keys) {
    return ValidationError(Constraint("null", "tagKeys", "Member must not be null"));
  }
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
  DDB_TRY(ValidateTableName(r.table_name));
  if (!r.time_to_live_specification) {
    return ValidationError(
        Constraint("null", "timeToLiveSpecification", "Member must not be null"));
  }
  const TimeToLiveSpecification& spec = *r.time_to_live_specification;
  // DynamoDB: AttributeName is 1 to 255 characters (API reference, TimeToLiveSpecification).
  if (spec.attribute_name.empty()) {
    return ValidationError("TimeToLiveSpecification.AttributeName must be non empty");
  }
  if (spec.attribute_name.size() > kMaxTtlAttributeNameLength) {
    return ValidationError(Constraint(Quoted(spec.attribute_name),
                                      "timeToLiveSpecification.attributeName",
                                      "Member must have length less than or equal to 255"));
  }
  auto it = tables_.find(r.table_name);
  if (it == tables_.end()) return TableNotFound(r.table_name);
  TableSchema s = it->second;
  // DynamoDB refuses a change that changes nothing, and a new attribute name while enabled
  // (developer guide, "Enabling Time to Live"); the attribute changes only through a disable.
  if (spec.enabled && s.ttl_attribute) {
    return ValidationError("TimeToLive is already enabled");
  }
  if (!spec.enabled && !s.ttl_attribute) {
    return ValidationError("TimeToLive is already disabled");
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
  DDB_TRY(ValidateTableName(r.table_name));
  auto it = tables_.find(r.table_name);
  if (it == tables_.end()) return TableNotFound(r.table_name);
  DescribeTimeToLiveResponse resp;
  // DynamoDB moves through ENABLING and DISABLING for up to an hour; ddblab applies the change
  // at once, so only the settled states appear.
  if (it->second.ttl_attribute) {
    resp.time_to_live_status = "ENABLED";
    resp.attribute_name = it->second.ttl_attribute;
  }
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
  // DynamoDB's default quotas: 80,000 read and write units per account, 40,000 per table
  // (developer guide, "Service, account, and table quotas").
  return DescribeLimitsResponse{};
}

}  // namespace ddblab
