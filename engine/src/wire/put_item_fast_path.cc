#include "wire/put_item_fast_path.h"

#include <string>
#include <utility>

#include "catalog/model_constraints.h"
#include "ddblab/value.h"
#include "wire/json_cursor.h"

namespace ddblab::wire::internal {
namespace {

bool ReadString(JsonCursor& c, std::string* out) { return c.Peek() == '"' && c.String(out); }

// `"name" :` with the space around it; the name in *name.
bool ReadMemberName(JsonCursor& c, std::string* name) {
  if (!ReadString(c, name)) return false;
  c.SkipSpace();
  if (!c.Consume(':')) return false;
  c.SkipSpace();
  return true;
}

// Calls read(name) for each member of an object, which must have at least one; read reads the
// member's value.
template <typename F>
bool ReadObject(JsonCursor& c, F&& read) {
  if (!c.Consume('{')) return false;
  c.SkipSpace();
  for (;;) {
    std::string name;
    if (!ReadMemberName(c, &name) || !read(std::move(name))) return false;
    c.SkipSpace();
    if (c.Consume(',')) {
      c.SkipSpace();
      continue;
    }
    return c.Consume('}');
  }
}

// An attribute value's type name. The four this reader takes are matched as written, quotes
// included, without building a string; anything else is read as a string (and then declined).
bool ReadTypeName(JsonCursor& c, std::string_view* type, std::string* spelled) {
  static constexpr std::string_view kQuoted[] = {"\"S\"", "\"N\"", "\"BOOL\"", "\"NULL\""};
  for (std::string_view quoted : kQuoted) {
    if (c.Literal(quoted)) {
      *type = quoted.substr(1, quoted.size() - 2);
      return true;
    }
  }
  if (!ReadString(c, spelled)) return false;
  *type = *spelled;
  return true;
}

// The value of an attribute value's one member, of type `type`.
bool ReadTyped(JsonCursor& c, std::string_view type, AttributeValue* out) {
  if (type == "S") {
    // Read in place: a long string is not moved again.
    out->type = AttrType::kS;
    return ReadString(c, &out->v.emplace<std::string>());
  }
  if (type == "N") {
    std::string text;
    if (!ReadString(c, &text)) return false;
    Result<Decimal> n = Decimal::Parse(text);
    if (!n.ok()) return false;
    *out = AttributeValue::N(std::move(n).value());
    return true;
  }
  if (type == "BOOL") {
    if (c.Literal("true")) {
      *out = AttributeValue::Bool(true);
    } else if (c.Literal("false")) {
      *out = AttributeValue::Bool(false);
    } else {
      return false;
    }
    return true;
  }
  if (type == "NULL" && c.Literal("true")) {
    *out = AttributeValue::Null();
    return true;
  }
  return false;
}

// {"S": "..."}, {"N": "..."}, {"BOOL": true|false} or {"NULL": true}: one member (a second one
// declines, and the full path says which error).
bool ReadValue(JsonCursor& c, AttributeValue* out) {
  if (!c.Consume('{')) return false;
  c.SkipSpace();
  std::string_view type;
  std::string spelled;
  if (!ReadTypeName(c, &type, &spelled)) return false;
  c.SkipSpace();
  if (!c.Consume(':')) return false;
  c.SkipSpace();
  if (!ReadTyped(c, type, out)) return false;
  c.SkipSpace();
  return c.Consume('}');
}

// An object of attribute values by name, none repeated.
template <typename Map>
bool ReadValueMap(JsonCursor& c, Map* out) {
  return ReadObject(c, [&](std::string name) {
    auto [slot, fresh] = out->try_emplace(std::move(name));
    return fresh && ReadValue(c, &slot->second);
  });
}

bool ReadOptionalString(JsonCursor& c, std::optional<std::string>* out) {
  if (out->has_value()) return false;
  std::string s;
  if (!ReadString(c, &s)) return false;
  *out = std::move(s);
  return true;
}

// The whole text is one object that `read` reads, with whitespace around it.
template <typename Map, typename Read>
bool ReadWhole(std::string_view json, Map* out, Read read) {
  JsonCursor c(json);
  c.SkipSpace();
  if (!read(c, out)) return false;
  c.SkipSpace();
  return c.AtEnd();
}

bool ReadNameMap(JsonCursor& c, ExpressionAttributeNames* names) {
  return ReadObject(c, [&](std::string placeholder) {
    std::string name;
    return ReadString(c, &name) && names->emplace(std::move(placeholder), std::move(name)).second;
  });
}

}  // namespace

bool FastPutItemRequest(std::string_view body, PutItemRequest* r) {
  JsonCursor c(body);
  c.SkipSpace();
  bool table = false, item = false;
  bool ok = ReadObject(c, [&](std::string member) {
    if (member == "TableName") {
      if (table) return false;
      table = true;
      return ReadString(c, &r->table_name);
    }
    if (member == "Item") {
      if (item) return false;
      item = true;
      return ReadValueMap(c, &r->item);
    }
    if (member == "ConditionExpression") return ReadOptionalString(c, &r->condition_expression);
    if (member == "ReturnValues") return ReadOptionalString(c, &r->return_values);
    if (member == "ReturnConsumedCapacity") {
      return ReadOptionalString(c, &r->return_consumed_capacity);
    }
    if (member == "ExpressionAttributeNames") {
      if (r->expression_attribute_names) return false;
      return ReadNameMap(c, &r->expression_attribute_names.emplace());
    }
    if (member == "ExpressionAttributeValues") {
      if (r->expression_attribute_values) return false;
      return ReadValueMap(c, &r->expression_attribute_values.emplace());
    }
    return false;
  });
  c.SkipSpace();
  // The full path checks the item as it decodes it (ItemFromJson); a problem is left to it.
  // A request the model refuses is left to the full reader, which reports why.
  return ok && c.AtEnd() && table && item && ValidateItem(r->item).ok() &&
         catalog::CheckModelMembers(*r).ok();
}

}  // namespace ddblab::wire::internal

namespace ddblab::wire {

bool ReadEverydayValues(std::string_view json, Item* out) {
  return internal::ReadWhole(json, out, internal::ReadValueMap<Item>);
}

bool ReadEverydayValues(std::string_view json, ExpressionAttributeValues* out) {
  return internal::ReadWhole(json, out, internal::ReadValueMap<ExpressionAttributeValues>);
}

bool ReadEverydayNames(std::string_view json, ExpressionAttributeNames* out) {
  return internal::ReadWhole(json, out, internal::ReadNameMap);
}

}  // namespace ddblab::wire
