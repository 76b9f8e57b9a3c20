// AttributeValue <-> DynamoDB JSON, with DynamoDB's two layers of errors: wrong JSON types are a
// SerializationException (the service cannot even deserialize the request), value rules are a
// ValidationException.
#include <string>

#include "ddblab/wire.h"
#include "wire/base64.h"
#include "wire/json_read.h"

namespace ddblab::wire {
namespace internal {
namespace {

constexpr std::string_view kStructureFound = "Start of structure or map found where not expected";

// The token name DynamoDB's deserializer reports for a scalar JSON value.
template <Document Doc>
std::string_view TokenName(const Doc& j) {
  if (j.is_boolean()) return j.template get<bool>() ? "TRUE_VALUE" : "FALSE_VALUE";
  if (j.is_number_float()) return "DECIMAL_VALUE";
  if (j.is_number()) return "NUMBER_VALUE";
  return "STRING_VALUE";
}

template <Document Doc>
std::string BlobProblem(const Doc& j) {
  // DynamoDB: B and BS members are base64 strings; anything else cannot become bytes.
  if (j.is_object()) return std::string(kStructureFound);
  if (j.is_array()) return "Unrecognized collection type class java.nio.ByteBuffer";
  if (!j.is_string()) return "only base-64-encoded strings are convertible to bytes";
  std::string bytes, message;
  if (!Base64Decode(TextOf(j), &bytes, &message)) return message;
  return "";
}

template <Document Doc>
std::string ListProblem(const Doc& j) {
  if (j.is_array()) return "";
  if (j.is_object()) return std::string(kStructureFound);
  return "Unexpected field type";
}

}  // namespace

template <Document Doc>
std::string ScalarTypeProblem(const Doc& j, std::string_view java_type) {
  if (j.is_object()) return std::string(kStructureFound);
  if (j.is_array()) return "Unrecognized collection type class java.lang." + std::string(java_type);
  if (java_type == "String") {
    if (j.is_string()) return "";
  } else if (java_type == "Boolean") {
    if (j.is_boolean()) return "";
    if (j.is_string()) return "Unexpected token received from parser";
  } else {  // Integer, Long
    if (j.is_number()) return "";
  }
  return std::string(TokenName(j)) + " cannot be converted to " + std::string(java_type);
}

template <Document Doc>
std::string AttributeValueShapeProblem(const Doc& j, int depth) {
  if (j.is_null()) return "";
  // Far deeper than DynamoDB's 32 levels: conversion rejects it, so stop descending here and
  // keep the recursion bounded whatever the request holds.
  if (depth > kMaxValueDepth) return "";
  if (j.is_array()) {
    return "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue";
  }
  if (!j.is_object()) return "Unexpected value type in payload";
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string_view key = it.key();
    const Doc& v = it.value();
    if (v.is_null()) continue;
    std::string problem;
    if (key == "S" || key == "N") {
      problem = ScalarTypeProblem(v, "String");
    } else if (key == "B") {
      problem = BlobProblem(v);
    } else if (key == "BOOL" || key == "NULL") {
      problem = ScalarTypeProblem(v, "Boolean");
    } else if (key == "SS" || key == "NS" || key == "BS") {
      problem = ListProblem(v);
      for (auto e = v.begin(); problem.empty() && e != v.end(); ++e) {
        if (e->is_null()) continue;
        problem = key == "BS" ? BlobProblem(*e) : ScalarTypeProblem(*e, "String");
      }
    } else if (key == "L") {
      problem = ListProblem(v);
      for (auto e = v.begin(); problem.empty() && e != v.end(); ++e) {
        problem = AttributeValueShapeProblem(*e, depth + 1);
      }
    } else if (key == "M") {
      if (v.is_array()) {
        problem =
            "Unrecognized collection type java.util.Map<java.lang.String, "
            "com.amazonaws.dynamodb.v20120810.AttributeValue>";
      } else if (!v.is_object()) {
        problem = "Unexpected field type";
      } else {
        for (auto m = v.begin(); problem.empty() && m != v.end(); ++m) {
          problem = AttributeValueShapeProblem(m.value(), depth + 1);
        }
      }
    }
    // Unknown members are ignored, as DynamoDB's deserializer does.
    if (!problem.empty()) return problem;
  }
  return "";
}

template <Document Doc>
Result<AttributeValue> ConvertAttributeValue(const Doc& j, int depth) {
  static const Error kEmpty = ValidationError(
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  if (depth > kMaxValueDepth) {
    return ValidationError(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  if (!j.is_object()) return kEmpty;
  const Doc* found = nullptr;
  std::string type_name;
  for (auto it = j.begin(); it != j.end(); ++it) {
    AttrType t;
    if (it.value().is_null() || !ParseAttrType(it.key(), &t)) continue;
    if (found != nullptr) {
      return ValidationError(
          "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
          "the supported datatypes");
    }
    found = &it.value();
    type_name = it.key();
  }
  if (found == nullptr) return kEmpty;
  const Doc& v = *found;
  AttrType type;
  ParseAttrType(type_name, &type);
  switch (type) {
    case AttrType::kS:
      return AttributeValue::S(v.template get<std::string>());
    case AttrType::kN: {
      DDB_ASSIGN_OR_RETURN(Decimal d, Decimal::Parse(TextOf(v)));
      return AttributeValue::N(std::move(d));
    }
    case AttrType::kB: {
      std::string bytes, message;
      Base64Decode(TextOf(v), &bytes, &message);
      return AttributeValue::B(std::move(bytes));
    }
    case AttrType::kBool:
      return AttributeValue::Bool(v.template get<bool>());
    case AttrType::kNull:
      if (!v.template get<bool>()) {
        return ValidationError(
            "One or more parameter values were invalid: Null attribute value types must have the "
            "value of true");
      }
      return AttributeValue::Null();
    case AttrType::kL: {
      List list;
      list.reserve(v.size());
      for (const Doc& e : v) {
        DDB_ASSIGN_OR_RETURN(AttributeValue av, ConvertAttributeValue(e, depth + 1));
        list.push_back(std::move(av));
      }
      return AttributeValue::L(std::move(list));
    }
    case AttrType::kM: {
      Map map;
      for (auto it = v.begin(); it != v.end(); ++it) {
        DDB_ASSIGN_OR_RETURN(AttributeValue av, ConvertAttributeValue(it.value(), depth + 1));
        map.insert_or_assign(std::string(it.key()), std::move(av));
      }
      return AttributeValue::M(std::move(map));
    }
    case AttrType::kSS:
    case AttrType::kBS: {
      std::vector<std::string> members;
      for (const Doc& e : v) {
        if (e.is_null()) continue;
        if (type == AttrType::kSS) {
          members.push_back(e.template get<std::string>());
        } else {
          std::string bytes, message;
          Base64Decode(TextOf(e), &bytes, &message);
          members.push_back(std::move(bytes));
        }
      }
      return type == AttrType::kSS ? AttributeValue::SS(std::move(members))
                                   : AttributeValue::BS(std::move(members));
    }
    case AttrType::kNS: {
      std::vector<Decimal> members;
      for (const Doc& e : v) {
        if (e.is_null()) continue;
        DDB_ASSIGN_OR_RETURN(Decimal d, Decimal::Parse(TextOf(e)));
        members.push_back(std::move(d));
      }
      return AttributeValue::NS(std::move(members));
    }
  }
  return kEmpty;
}

template <Document Doc>
Result<AttributeValue> ValueFromDoc(const Doc& j) {
  std::string problem = AttributeValueShapeProblem(j);
  if (!problem.empty()) return MakeError(ErrorType::kSerializationException, problem);
  DDB_ASSIGN_OR_RETURN(AttributeValue v, ConvertAttributeValue(j));
  DDB_TRY(ValidateValue(v));
  return v;
}

template <Document Doc>
Result<Item> ItemFromDoc(const Doc& j) {
  if (j.is_array()) {
    return MakeError(ErrorType::kSerializationException,
                     "Unrecognized collection type java.util.Map<java.lang.String, "
                     "com.amazonaws.dynamodb.v20120810.AttributeValue>");
  }
  if (!j.is_object()) {
    return MakeError(ErrorType::kSerializationException, "Unexpected field type");
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    std::string problem = AttributeValueShapeProblem(it.value());
    if (!problem.empty()) return MakeError(ErrorType::kSerializationException, problem);
  }
  Item item;
  for (auto it = j.begin(); it != j.end(); ++it) {
    DDB_ASSIGN_OR_RETURN(AttributeValue v, ConvertAttributeValue(it.value()));
    item.insert_or_assign(std::string(it.key()), std::move(v));
  }
  DDB_TRY(ValidateItem(item));
  return item;
}

// Each reader for both forms of a body (json_read.h).
#define DDBLAB_VALUE_READERS_FOR(Doc)                                     \
  template std::string ScalarTypeProblem(const Doc&, std::string_view);   \
  template std::string AttributeValueShapeProblem(const Doc&, int);       \
  template Result<AttributeValue> ConvertAttributeValue(const Doc&, int); \
  template Result<AttributeValue> ValueFromDoc(const Doc&);               \
  template Result<Item> ItemFromDoc(const Doc&);
DDBLAB_VALUE_READERS_FOR(Json)
DDBLAB_VALUE_READERS_FOR(TapeValue)
#undef DDBLAB_VALUE_READERS_FOR

}  // namespace internal

Result<AttributeValue> ValueFromJson(const Json& j) { return internal::ValueFromDoc(j); }

Json ValueToJson(const AttributeValue& v) {
  // A set built in memory (ReturnValues, an UPDATED_NEW image) leaves in key order, as stored
  // items do.
  if (!SetInKeyOrder(v)) {
    AttributeValue ordered = v;
    PutSetInKeyOrder(ordered);
    return ValueToJson(ordered);
  }
  Json j = Json::object();
  const std::string name(AttrTypeName(v.type));
  switch (v.type) {
    case AttrType::kS:
      j[name] = v.str();
      break;
    case AttrType::kN:
      j[name] = v.num().ToString();
      break;
    case AttrType::kB:
      j[name] = Base64Encode(v.str());
      break;
    case AttrType::kBool:
      j[name] = v.boolean();
      break;
    case AttrType::kNull:
      j[name] = true;
      break;
    case AttrType::kL: {
      Json list = Json::array();
      for (const AttributeValue& e : v.list()) list.push_back(ValueToJson(e));
      j[name] = std::move(list);
      break;
    }
    case AttrType::kM:
      j[name] = ItemToJson(v.map());
      break;
    case AttrType::kSS:
    case AttrType::kBS: {
      Json list = Json::array();
      for (const std::string& s : v.str_set()) {
        list.push_back(v.type == AttrType::kSS ? s : Base64Encode(s));
      }
      j[name] = std::move(list);
      break;
    }
    case AttrType::kNS: {
      Json list = Json::array();
      for (const Decimal& d : v.num_set()) list.push_back(d.ToString());
      j[name] = std::move(list);
      break;
    }
  }
  return j;
}

Result<Item> ItemFromJson(const Json& j) { return internal::ItemFromDoc(j); }

Json ItemToJson(const Item& item) {
  Json j = ObjectWithRoom(item.size());
  for (const auto& [name, value] : item) AppendMember(j, name, ValueToJson(value));
  return j;
}

}  // namespace ddblab::wire
