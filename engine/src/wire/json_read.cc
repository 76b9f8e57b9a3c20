#include "wire/json_read.h"

#include <cmath>
#include <limits>

namespace ddblab::wire::internal {

template <Document Doc>
Status CheckRequestBody(const Doc& j) {
  if (j.is_object()) return OkStatus();
  return MakeError(ErrorType::kSerializationException, "Unexpected value type in payload");
}

void Decoder::SerializationProblem(std::string message) {
  if (!serialization_) serialization_ = std::move(message);
}

void Decoder::ValueProblem(const Error& e) {
  if (e.type == ErrorType::kSerializationException) {
    SerializationProblem(e.message);
  } else if (!validation_) {
    validation_ = e;
  }
}

void Decoder::ValidationProblem(std::string message) { ValueProblem(ValidationError(message)); }

template <Document Doc>
void Decoder::RefuseValuesWithoutExpressions(const Doc& obj) {
  if (Member(obj, "ExpressionAttributeValues") != nullptr) {
    ValidationProblem("ExpressionAttributeValues can only be specified when using expressions");
  }
}

void Decoder::Missing(std::string path) { Violation("null", path, "Member must not be null"); }

void Decoder::Absent(std::string path) { absent_.push_back(std::move(path)); }

void Decoder::Violation(std::string value, const std::string& path, std::string_view rule) {
  violations_.Add(std::move(value), path, std::string(rule));
}

Status Decoder::Finish() const {
  if (serialization_) return MakeError(ErrorType::kSerializationException, *serialization_);
  if (!violations_.empty()) return violations_.ToError();
  if (validation_) return *validation_;
  return OkStatus();
}

template <Document Doc>
const Doc* Decoder::Member(const Doc& obj, std::string_view name) {
  if (failed() || !obj.is_object()) return nullptr;
  auto it = obj.find(name);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

template <Document Doc>
std::optional<std::string> Decoder::String(const Doc& obj, std::string_view name) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return std::nullopt;
  std::string problem = ScalarTypeProblem(*m, "String");
  if (!problem.empty()) {
    SerializationProblem(problem);
    return std::nullopt;
  }
  return m->template get<std::string>();
}

template <Document Doc>
std::string Decoder::RequiredString(const Doc& obj, std::string_view name,
                                    const std::string& path) {
  bool present = Member(obj, name) != nullptr;
  std::optional<std::string> s = String(obj, name);
  if (!present && !failed()) Missing(path);
  return s.value_or("");
}

template <Document Doc>
std::optional<bool> Decoder::Bool(const Doc& obj, std::string_view name) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return std::nullopt;
  std::string problem = ScalarTypeProblem(*m, "Boolean");
  if (!problem.empty()) {
    SerializationProblem(problem);
    return std::nullopt;
  }
  return m->template get<bool>();
}

template <Document Doc>
std::optional<int64_t> Decoder::Integer(const Doc& obj, std::string_view name,
                                        std::string_view java_type) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return std::nullopt;
  std::string problem = ScalarTypeProblem(*m, java_type);
  if (!problem.empty()) {
    SerializationProblem(problem);
    return std::nullopt;
  }
  if (m->is_number_integer()) return m->template get<int64_t>();
  if (m->is_number_unsigned()) {
    uint64_t u = m->template get<uint64_t>();
    return u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
               ? std::numeric_limits<int64_t>::max()
               : static_cast<int64_t>(u);
  }
  // A fractional number is truncated, as DynamoDB's deserializer does for integer members.
  double d = m->template get<double>();
  if (!std::isfinite(d) || std::fabs(d) >= 9.2e18) {
    return d < 0 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
  }
  return static_cast<int64_t>(d);
}

template <Document Doc>
const Doc* Decoder::Struct(const Doc& obj, std::string_view name, std::string_view shape) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return nullptr;
  if (m->is_object()) return m;
  if (m->is_array()) {
    SerializationProblem("Unrecognized collection type class com.amazonaws.dynamodb.v20120810." +
                         std::string(shape));
  } else {
    SerializationProblem("Unexpected field type");
  }
  return nullptr;
}

template <Document Doc>
bool Decoder::StructElement(const Doc& elem, std::string_view shape) {
  if (failed()) return false;
  if (elem.is_object()) return true;
  if (elem.is_null()) return false;
  if (elem.is_array()) {
    SerializationProblem("Unrecognized collection type class com.amazonaws.dynamodb.v20120810." +
                         std::string(shape));
  } else {
    SerializationProblem("Unexpected value type in payload");
  }
  return false;
}

template <Document Doc>
const Doc* Decoder::List(const Doc& obj, std::string_view name) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return nullptr;
  if (m->is_array()) return m;
  SerializationProblem(m->is_object() ? "Start of structure or map found where not expected"
                                      : "Unexpected field type");
  return nullptr;
}

template <Document Doc>
const Doc* Decoder::Map(const Doc& obj, std::string_view name, std::string_view value_class) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return nullptr;
  if (m->is_object()) return m;
  if (m->is_array()) {
    SerializationProblem("Unrecognized collection type java.util.Map<java.lang.String, " +
                         std::string(value_class) + ">");
  } else {
    SerializationProblem("Unexpected field type");
  }
  return nullptr;
}

template <Document Doc>
std::optional<std::vector<std::string>> Decoder::StringList(const Doc& obj, std::string_view name) {
  const Doc* list = List(obj, name);
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> out;
  for (const Doc& e : *list) {
    if (e.is_null()) continue;
    std::string problem = ScalarTypeProblem(e, "String");
    if (!problem.empty()) {
      SerializationProblem(problem);
      return std::nullopt;
    }
    out.push_back(e.template get<std::string>());
  }
  return out;
}

template <Document Doc>
std::optional<std::map<std::string, std::string>> Decoder::StringMap(const Doc& obj,
                                                                     std::string_view name) {
  const Doc* map = Map(obj, name, "java.lang.String");
  if (map == nullptr) return std::nullopt;
  std::map<std::string, std::string> out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    if (it.value().is_null()) continue;
    std::string problem = ScalarTypeProblem(it.value(), "String");
    if (!problem.empty()) {
      SerializationProblem(problem);
      return std::nullopt;
    }
    out[std::string(it.key())] = it.value().template get<std::string>();
  }
  return out;
}

template <Document Doc>
std::optional<Item> Decoder::ItemValue(const Doc& j) {
  if (failed()) return std::nullopt;
  Result<Item> item = ItemFromDoc(j);
  if (!item.ok()) {
    ValueProblem(item.error());
    return std::nullopt;
  }
  return std::move(item).value();
}

template <Document Doc>
std::optional<Item> Decoder::ItemMember(const Doc& obj, std::string_view name) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return std::nullopt;
  std::optional<Item> item = ItemValue(*m);
  // Keep going after a value error so a later SerializationException still wins; the member
  // is then present but unusable, which Finish() reports.
  if (!item && !failed()) return Item{};
  return item;
}

template <Document Doc>
std::optional<AttributeValue> Decoder::Value(const Doc& obj, std::string_view name) {
  const Doc* m = Member(obj, name);
  if (m == nullptr) return std::nullopt;
  Result<AttributeValue> v = ValueFromDoc(*m);
  if (!v.ok()) {
    ValueProblem(v.error());
    return std::nullopt;
  }
  return std::move(v).value();
}

template <Document Doc>
std::optional<std::map<std::string, AttributeValue>> Decoder::ValueMap(const Doc& obj,
                                                                       std::string_view name) {
  const Doc* map = Map(obj, name, "com.amazonaws.dynamodb.v20120810.AttributeValue");
  if (map == nullptr) return std::nullopt;
  std::map<std::string, AttributeValue> out;
  for (auto it = map->begin(); it != map->end(); ++it) {
    Result<AttributeValue> v = ValueFromDoc(it.value());
    if (!v.ok()) {
      Error e = v.error();
      // DynamoDB names the map and the placeholder around a value rule's message (captured from
      // DynamoDB: "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is
      // empty, ... for key :v"); this decoder reads only ExpressionAttributeValues maps.
      if (e.type == ErrorType::kValidationException) {
        e.message = std::string(name) + " contains invalid value: " + e.message + " for key " +
                    std::string(it.key());
      }
      ValueProblem(e);
      continue;
    }
    out.insert_or_assign(std::string(it.key()), std::move(v).value());
  }
  return out;
}

template <Document Doc>
std::optional<std::vector<AttributeValue>> Decoder::ValueList(const Doc& obj,
                                                              std::string_view name) {
  const Doc* list = List(obj, name);
  if (list == nullptr) return std::nullopt;
  std::vector<AttributeValue> out;
  for (const Doc& e : *list) {
    Result<AttributeValue> v = ValueFromDoc(e);
    if (!v.ok()) {
      ValueProblem(v.error());
      continue;
    }
    out.push_back(std::move(v).value());
  }
  return out;
}

// Each reader for both forms of a body (json_read.h).
#define DDBLAB_READERS_FOR(Doc)                                                                    \
  template Status CheckRequestBody(const Doc&);                                                    \
  template void Decoder::RefuseValuesWithoutExpressions(const Doc&);                               \
  template std::optional<std::string> Decoder::String(const Doc&, std::string_view);               \
  template std::string Decoder::RequiredString(const Doc&, std::string_view, const std::string&);  \
  template std::optional<bool> Decoder::Bool(const Doc&, std::string_view);                        \
  template std::optional<int64_t> Decoder::Integer(const Doc&, std::string_view,                   \
                                                   std::string_view);                              \
  template const Doc* Decoder::Struct(const Doc&, std::string_view, std::string_view);             \
  template bool Decoder::StructElement(const Doc&, std::string_view);                              \
  template const Doc* Decoder::List(const Doc&, std::string_view);                                 \
  template const Doc* Decoder::Map(const Doc&, std::string_view, std::string_view);                \
  template std::optional<std::vector<std::string>> Decoder::StringList(const Doc&,                 \
                                                                       std::string_view);          \
  template std::optional<std::map<std::string, std::string>> Decoder::StringMap(const Doc&,        \
                                                                                std::string_view); \
  template std::optional<Item> Decoder::ItemValue(const Doc&);                                     \
  template std::optional<Item> Decoder::ItemMember(const Doc&, std::string_view);                  \
  template std::optional<AttributeValue> Decoder::Value(const Doc&, std::string_view);             \
  template std::optional<std::map<std::string, AttributeValue>> Decoder::ValueMap(                 \
      const Doc&, std::string_view);                                                               \
  template std::optional<std::vector<AttributeValue>> Decoder::ValueList(const Doc&,               \
                                                                         std::string_view);
DDBLAB_READERS_FOR(Json)
DDBLAB_READERS_FOR(TapeValue)
#undef DDBLAB_READERS_FOR

}  // namespace ddblab::wire::internal
