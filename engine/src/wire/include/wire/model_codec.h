// The JSON codecs of every modelled shape (ddblab/model/shape.h), both ways, written once as
// templates that walk a shape's members: request bodies -> requests with DynamoDB's framework
// messages (SerializationException for a wrong JSON type, then the constraint violations
// together: "Value null at 'tableName' failed to satisfy constraint: Member must not be null"),
// shapes -> bodies, and a remote endpoint's response bodies -> responses. Internal to the wire
// module; codec.h routes each modelled operation here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ddblab/model/shape.h"
#include "wire/json_read.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {

// Whether a modelled shape is a response (read from a remote endpoint with BodyReader) rather
// than a request or a part of one (read from a client with Decoder's messages).
template <typename T>
constexpr bool kIsResponseShape = ShapeName(static_cast<const T*>(nullptr)).ends_with("Response");

namespace model_codec {

// "tableName" from "TableName", below `parent` ("a.b"): the path DynamoDB's constraint messages
// name a member by.
inline std::string MemberPath(const std::string& parent, std::string_view wire) {
  std::string path = parent.empty() ? std::string() : parent + ".";
  if (!wire.empty()) {
    path += static_cast<char>(wire[0] >= 'A' && wire[0] <= 'Z' ? wire[0] - 'A' + 'a' : wire[0]);
    path.append(wire.substr(1));
  }
  return path;
}

// Whether `obj` has the member `name`, not null (DynamoDB reads a null member as absent).
inline bool Present(const Json& obj, std::string_view name) {
  if (!obj.is_object()) return false;
  auto it = obj.find(name);
  return it != obj.end() && !it->is_null();
}

// DynamoDB's text for the constraint a member's value breaks ("Member must have length less
// than or equal to 1024"), or empty. `text` is the value as written; `number` is set for a
// number, `length` (in characters) for a string.
std::string ConstraintProblem(const model::Constraint& c, const std::string& text,
                              std::optional<int64_t> number, std::optional<int64_t> length);

// ---------------------------------------------------------------- request bodies -> shapes

template <typename T>
void ReadValue(Decoder& d, const Json& obj, const model::MemberInfo& m, const std::string& path,
               std::optional<T>* out);

template <model::Modelled S>
void ReadShape(Decoder& d, const Json& obj, const std::string& parent, S* shape) {
  VisitMembers(*shape, [&](const model::MemberInfo& m, auto& field) {
    const std::string path = MemberPath(parent, m.wire);
    using Field = std::remove_reference_t<decltype(field)>;
    if constexpr (requires { field.has_value(); }) {
      ReadValue(d, obj, m, path, &field);
    } else {
      std::optional<Field> value;
      ReadValue(d, obj, m, path, &value);
      if (value) {
        field = std::move(*value);
      } else if (!d.failed()) {
        if (!Present(obj, m.wire)) d.Missing(path);
      }
    }
  });
}

inline void Check(Decoder& d, const model::MemberInfo& m, const std::string& path,
                  const std::string& text, std::optional<int64_t> number,
                  std::optional<int64_t> length) {
  std::string problem = ConstraintProblem(m.constraint, text, number, length);
  if (!problem.empty()) d.Violation("'" + text + "'", path, problem);
}

// The length DynamoDB checks a string's length constraint against: its characters.
int64_t CharacterCount(std::string_view s);

template <typename T>
void ReadValue(Decoder& d, const Json& obj, const model::MemberInfo& m, const std::string& path,
               std::optional<T>* out) {
  if constexpr (std::is_same_v<T, std::string>) {
    *out = d.String(obj, m.wire);
    if (*out) Check(d, m, path, **out, std::nullopt, CharacterCount(**out));
  } else if constexpr (std::is_same_v<T, bool>) {
    *out = d.Bool(obj, m.wire);
  } else if constexpr (std::is_same_v<T, int> || std::is_same_v<T, int64_t>) {
    std::optional<int64_t> n = d.Integer(obj, m.wire, std::is_same_v<T, int> ? "Integer" : "Long");
    if (!n) return;
    *out = static_cast<T>(*n);
    Check(d, m, path, std::to_string(*n), *n, std::nullopt);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    *out = d.StringList(obj, m.wire);
  } else if constexpr (model::Modelled<T>) {
    const Json* member = d.Struct(obj, m.wire, ShapeName(static_cast<const T*>(nullptr)));
    if (member == nullptr) return;
    ReadShape(d, *member, path, &out->emplace());
  } else if constexpr (model::ListOfShapes<T>) {
    using Element = typename T::value_type;
    const Json* list = d.List(obj, m.wire);
    if (list == nullptr) return;
    T elements;
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& e = (*list)[i];
      if (!d.StructElement(e, ShapeName(static_cast<const Element*>(nullptr)))) continue;
      // DynamoDB names a list element's member 'tags.1.member.key' (counting from 1).
      ReadShape(d, e, path + "." + std::to_string(i + 1) + ".member", &elements.emplace_back());
    }
    *out = std::move(elements);
  } else {
    static_assert(model::Modelled<T>, "a member type the model's request reader does not know");
  }
}

// ---------------------------------------------------------------- shapes -> bodies

template <typename T>
Json WriteValue(const T& value) {
  if constexpr (model::Modelled<T>) {
    Json j = Json::object();
    VisitMembers(value, [&](const model::MemberInfo& m, const auto& field) {
      if constexpr (requires { field.has_value(); }) {
        if (field) j[std::string(m.wire)] = WriteValue(*field);
      } else {
        j[std::string(m.wire)] = WriteValue(field);
      }
    });
    return j;
  } else if constexpr (model::IsVector<T>::value) {
    Json j = Json::array();
    for (const auto& e : value) j.push_back(WriteValue(e));
    return j;
  } else {
    return Json(value);
  }
}

// ---------------------------------------------------------------- response bodies -> shapes

template <model::Modelled S>
void ReadBody(BodyReader& b, const Json& obj, S* shape) {
  VisitMembers(*shape, [&](const model::MemberInfo& m, auto& field) {
    if (!Present(obj, m.wire)) return;
    auto read = [&](auto* value) {
      using T = std::remove_pointer_t<decltype(value)>;
      if constexpr (model::Modelled<T>) {
        if (const Json* member = b.Object(obj, m.wire)) {
          BodyReader::Scope in = b.In(m.wire);
          ReadBody(b, *member, value);
        }
      } else if constexpr (model::ListOfShapes<T>) {
        b.EachObject(obj, m.wire,
                     [&](const Json& one) { ReadBody(b, one, &value->emplace_back()); });
      } else if constexpr (std::is_same_v<T, int>) {
        int64_t n = 0;
        b.Read(obj, m.wire, &n);
        *value = static_cast<int>(n);
      } else {
        b.Read(obj, m.wire, value);
      }
    };
    if constexpr (requires { field.has_value(); }) {
      read(&field.emplace());
    } else {
      read(&field);
    }
  });
}

// How many members shape S has.
template <model::Modelled S>
size_t MemberCount() {
  size_t n = 0;
  const S shape{};
  VisitMembers(shape, [&n](const model::MemberInfo&, const auto&) { ++n; });
  return n;
}

}  // namespace model_codec

// The codec.h entry points for modelled shapes.
template <model::Modelled T>
requires(!kIsResponseShape<T>) Status FromJson(const Json& j, T* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  model_codec::ReadShape(d, j, "", r);
  return d.Finish();
}
template <model::Modelled T>
requires(!kIsResponseShape<T>) Json ToJson(const T& r) { return model_codec::WriteValue(r); }
template <model::Modelled T>
requires kIsResponseShape<T> Json ToJson(const T& r, std::string_view) {
  return model_codec::WriteValue(r);
}
template <model::Modelled T>
requires kIsResponseShape<T> Status FromJson(const Json& j, T* r) {
  BodyReader b;
  // A response of no members (TagResource's) has an empty body, which a client may hand over
  // as null.
  if (j.is_null() && model_codec::MemberCount<T>() == 0) return b.Finish();
  if (b.Body(j)) model_codec::ReadBody(b, j, r);
  return b.Finish();
}

}  // namespace ddblab::wire::internal
