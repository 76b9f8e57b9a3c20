// ReadValuesText and ReadNamesText (wire.h): an object of attribute values or of names, read from
// its text's tape by the body readers' own value reader.
#include <string>

#include "ddblab/wire.h"
#include "wire/json_read.h"
#include "wire/json_tape.h"

namespace ddblab::wire {
namespace {

using internal::JsonTape;
using internal::TapeValue;

// Whether each attribute value of the object `map` names exactly one of DynamoDB's types and
// nothing else, at every depth (the aws CLI's parameter check refuses any other member, which
// the body reader would pass over).
bool OnlyTypeMembers(const TapeValue& map, int depth);

bool OnlyTypeMember(const TapeValue& value, int depth) {
  AttrType type;
  if (depth > internal::kMaxValueDepth || !value.is_object() || value.size() != 1) return false;
  auto it = value.begin();
  if (!ParseAttrType(it.key(), &type)) return false;
  if (type == AttrType::kM) return !it->is_object() || OnlyTypeMembers(*it, depth + 1);
  if (type == AttrType::kL && it->is_array()) {
    for (const TapeValue& e : *it) {
      if (!OnlyTypeMember(e, depth + 1)) return false;
    }
  }
  return true;
}

bool OnlyTypeMembers(const TapeValue& map, int depth) {
  for (const TapeValue& v : map) {
    if (!OnlyTypeMember(v, depth)) return false;
  }
  return true;
}

// Each member of the object `json` through read(name, value); false if the text is not an object
// or read refuses a member.
template <typename Read>
bool ReadMembers(std::string_view json, Read read) {
  JsonTape& tape = internal::ThreadTape();
  if (!tape.Parse(json) || !tape.root().is_object()) return false;
  const TapeValue& object = tape.root();
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (!read(it.key(), it.value())) return false;
  }
  return true;
}

}  // namespace

bool ReadValuesText(std::string_view json, Item* out) {
  JsonTape& tape = internal::ThreadTape();
  if (!tape.Parse(json) || !tape.root().is_object() || !OnlyTypeMembers(tape.root(), 1)) {
    return false;
  }
  Result<Item> item = internal::ItemFromDoc(tape.root());
  if (!item.ok()) return false;
  *out = std::move(item).value();
  return true;
}

bool ReadValuesText(std::string_view json, ExpressionAttributeValues* out) {
  return ReadMembers(json, [&](std::string_view name, const TapeValue& value) {
    if (!OnlyTypeMember(value, 1)) return false;
    Result<AttributeValue> v = internal::ValueFromDoc(value);
    if (!v.ok()) return false;
    out->insert_or_assign(std::string(name), std::move(v).value());
    return true;
  });
}

bool ReadNamesText(std::string_view json, ExpressionAttributeNames* out) {
  return ReadMembers(json, [&](std::string_view name, const TapeValue& value) {
    if (!value.is_string()) return false;
    out->insert_or_assign(std::string(name), std::string(value.str()));
    return true;
  });
}

}  // namespace ddblab::wire
