// CreateTable's and UpdateTable's request bodies -> request structs. Their parts that are
// modelled shapes (ddblab/model/) are read by the model; the operations' own member order and
// messages are kept here until their requests move to the model too.
#include "wire/codec.h"
#include "wire/json_read.h"
#include "wire/model_codec.h"

namespace ddblab::wire::internal {
namespace {

std::optional<ProvisionedThroughput> ReadThroughput(Decoder& d, const Json& obj,
                                                    const std::string& path) {
  const Json* pt = d.Struct(obj, "ProvisionedThroughput", "ProvisionedThroughput");
  if (pt == nullptr) return std::nullopt;
  ProvisionedThroughput out;
  std::optional<int64_t> rcu = d.Integer(*pt, "ReadCapacityUnits", "Long");
  std::optional<int64_t> wcu = d.Integer(*pt, "WriteCapacityUnits", "Long");
  if (!rcu && !d.failed()) d.Missing(path + ".readCapacityUnits");
  if (!wcu && !d.failed()) d.Missing(path + ".writeCapacityUnits");
  out.read_capacity_units = rcu.value_or(0);
  out.write_capacity_units = wcu.value_or(0);
  return out;
}

// An optional member of modelled shape T, as the model reads it.
template <model::Modelled T>
std::optional<T> ReadModelled(Decoder& d, const Json& obj, std::string_view member,
                              const std::string& path) {
  std::optional<T> out;
  model_codec::ReadValue(d, obj, model::MemberInfo{member, model::kOptional, {}}, path, &out);
  return out;
}

// One index of CreateTable's GlobalSecondaryIndexes / LocalSecondaryIndexes or of
// UpdateTable's Create action.
SecondaryIndexSpec ReadIndexSpec(Decoder& d, const Json& obj, const std::string& path,
                                 bool with_throughput) {
  SecondaryIndexSpec s;
  s.index_name = d.RequiredString(obj, "IndexName", path + ".indexName");
  const Json* ks = d.List(obj, "KeySchema");
  if (ks != nullptr) {
    s.key_schema = model_codec::ReadElements<KeySchemaElement>(d, *ks, path + ".keySchema");
  } else if (!d.failed()) {
    d.Missing(path + ".keySchema");
  }
  std::optional<Projection> projection =
      ReadModelled<Projection>(d, obj, "Projection", path + ".projection");
  if (projection) {
    s.projection = std::move(*projection);
  } else if (!d.failed()) {
    d.Missing(path + ".projection");
  }
  if (with_throughput) {
    s.provisioned_throughput = ReadThroughput(d, obj, path + ".provisionedThroughput");
  }
  return s;
}

std::optional<std::vector<SecondaryIndexSpec>> ReadIndexes(Decoder& d, const Json& obj,
                                                           std::string_view member,
                                                           const std::string& path,
                                                           bool with_throughput) {
  const Json* list = d.List(obj, member);
  if (list == nullptr) return std::nullopt;
  std::vector<SecondaryIndexSpec> out;
  const std::string_view shape = with_throughput ? "GlobalSecondaryIndex" : "LocalSecondaryIndex";
  for (size_t i = 0; i < list->size(); ++i) {
    if (!d.StructElement((*list)[i], shape)) continue;
    out.push_back(ReadIndexSpec(d, (*list)[i], catalog::ElementPath(path, i), with_throughput));
  }
  return out;
}

}  // namespace

Status FromJson(const Json& j, CreateTableRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  const Json* defs = d.List(j, "AttributeDefinitions");
  if (defs != nullptr)
    r->attribute_definitions =
        model_codec::ReadElements<AttributeDefinition>(d, *defs, "attributeDefinitions");
  r->table_name = d.RequiredString(j, "TableName", "tableName");
  const Json* ks = d.List(j, "KeySchema");
  if (ks != nullptr)
    r->key_schema = model_codec::ReadElements<KeySchemaElement>(d, *ks, "keySchema");
  r->global_secondary_indexes =
      ReadIndexes(d, j, "GlobalSecondaryIndexes", "globalSecondaryIndexes", true);
  r->local_secondary_indexes =
      ReadIndexes(d, j, "LocalSecondaryIndexes", "localSecondaryIndexes", false);
  r->billing_mode = d.String(j, "BillingMode");
  r->provisioned_throughput = ReadThroughput(d, j, "provisionedThroughput");
  r->stream_specification =
      ReadModelled<StreamSpecification>(d, j, "StreamSpecification", "streamSpecification");
  // Tags as TagResource reads them (the model's Tag shape).
  model_codec::ReadValue(d, j, model::MemberInfo{"Tags", model::kOptional, {}}, "tags", &r->tags);
  if (!d.failed()) {
    // DynamoDB lists the missing top-level members in this order.
    if (defs == nullptr) d.Missing("attributeDefinitions");
    if (ks == nullptr) d.Missing("keySchema");
  }
  return d.Finish();
}

Status FromJson(const Json& j, UpdateTableRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->table_name = d.RequiredString(j, "TableName", "tableName");
  const Json* defs = d.List(j, "AttributeDefinitions");
  if (defs != nullptr) {
    r->attribute_definitions =
        model_codec::ReadElements<AttributeDefinition>(d, *defs, "attributeDefinitions");
  }
  r->billing_mode = d.String(j, "BillingMode");
  r->provisioned_throughput = ReadThroughput(d, j, "provisionedThroughput");
  r->stream_specification =
      ReadModelled<StreamSpecification>(d, j, "StreamSpecification", "streamSpecification");
  const Json* updates = d.List(j, "GlobalSecondaryIndexUpdates");
  if (updates != nullptr) {
    std::vector<GlobalSecondaryIndexUpdate> out;
    for (size_t i = 0; i < updates->size(); ++i) {
      const Json& u = (*updates)[i];
      if (!d.StructElement(u, "GlobalSecondaryIndexUpdate")) continue;
      const std::string path = catalog::ElementPath("globalSecondaryIndexUpdates", i);
      GlobalSecondaryIndexUpdate g;
      if (const Json* c = d.Struct(u, "Create", "CreateGlobalSecondaryIndexAction")) {
        g.create = ReadIndexSpec(d, *c, path + ".create", true);
      }
      if (const Json* del = d.Struct(u, "Delete", "DeleteGlobalSecondaryIndexAction")) {
        g.delete_index_name = d.RequiredString(*del, "IndexName", path + ".delete.indexName");
      }
      if (const Json* up = d.Struct(u, "Update", "UpdateGlobalSecondaryIndexAction")) {
        SecondaryIndexSpec s;
        s.index_name = d.RequiredString(*up, "IndexName", path + ".update.indexName");
        s.provisioned_throughput = ReadThroughput(d, *up, path + ".update.provisionedThroughput");
        if (!s.provisioned_throughput && !d.failed()) {
          d.Missing(path + ".update.provisionedThroughput");
        }
        g.update = std::move(s);
      }
      out.push_back(std::move(g));
    }
    r->global_secondary_index_updates = std::move(out);
  }
  return d.Finish();
}

}  // namespace ddblab::wire::internal
