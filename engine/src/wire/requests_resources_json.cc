// Request bodies of TagResource and UntagResource -> request structs.
#include "wire/codec.h"
#include "wire/json_read.h"

namespace ddblab::wire::internal {

std::optional<std::vector<TagInput>> TagsMember(Decoder& d, const Json& j) {
  const Json* tags = d.List(j, "Tags");
  if (tags == nullptr) return std::nullopt;
  std::vector<TagInput> out;
  for (const Json& t : *tags) {
    if (!d.StructElement(t, "Tag")) continue;
    TagInput tag;
    tag.key = d.String(t, "Key");
    tag.value = d.String(t, "Value");
    out.push_back(std::move(tag));
  }
  return out;
}

Status FromJson(const Json& j, TagResourceRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->resource_arn = d.String(j, "ResourceArn");
  r->tags = TagsMember(d, j);
  return d.Finish();
}

Status FromJson(const Json& j, UntagResourceRequest* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  r->resource_arn = d.String(j, "ResourceArn");
  r->tag_keys = d.StringList(j, "TagKeys");
  return d.Finish();
}

}  // namespace ddblab::wire::internal
