// The JSON codecs of every modelled shape (ddblab/model/shape.h), both ways, written once as
// templates that walk a shape's members: request bodies, as a document or as the tape of their
// text (json_read.h), -> requests with DynamoDB's framework messages (SerializationException for
// a wrong JSON type, then the constraint violations together: "Value null at 'tableName' failed
// to satisfy constraint: Member must not be null"); shapes -> bodies, into a document or as text
// (body_sinks.h); and a remote endpoint's response bodies -> responses. Internal to the wire
// module; codec.h routes each modelled operation here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "catalog/model_constraints.h"
#include "ddblab/model/shape.h"
#include "wire/body_sinks.h"
#include "wire/json_read.h"
#include "wire/response_bodies.h"

namespace ddblab::wire::internal {

// Whether a modelled shape is a response (read from a remote endpoint with BodyReader) rather
// than a request or a part of one (read from a client with Decoder's messages).
template <typename T>
constexpr bool kIsResponseShape = ShapeName(static_cast<const T*>(nullptr)).ends_with("Response");

namespace model_codec {

using catalog::MemberPath;

// Whether `obj` has the member `name`, not null (DynamoDB reads a null member as absent).
template <Document Doc>
bool Present(const Doc& obj, std::string_view name) {
  if (!obj.is_object()) return false;
  auto it = obj.find(name);
  return it != obj.end() && !it->is_null();
}

// ---------------------------------------------------------------- request bodies -> shapes

template <typename T, Document Doc>
void ReadValue(Decoder& d, const Doc& obj, const model::MemberInfo& m, const std::string& path,
               std::optional<T>* out);

template <model::Modelled S, Document Doc>
void ReadShape(Decoder& d, const Doc& obj, const std::string& parent, S* shape);

// The elements of `list`, the list member at `path`, each a shape T.
template <model::Modelled T, Document Doc>
std::vector<T> ReadElements(Decoder& d, const Doc& list, const std::string& path) {
  std::vector<T> elements;
  size_t i = 0;
  for (auto e = list.begin(); e != list.end(); ++e, ++i) {
    if (!d.StructElement(*e, ShapeName(static_cast<const T*>(nullptr)))) continue;
    ReadShape(d, *e, catalog::ElementPath(path, i), &elements.emplace_back());
  }
  return elements;
}

template <model::Modelled S, Document Doc>
void ReadShape(Decoder& d, const Doc& obj, const std::string& parent, S* shape) {
  if constexpr (requires { TakesNoValues(static_cast<const S*>(nullptr)); }) {
    d.RefuseValuesWithoutExpressions(obj);
  }
  VisitMembers(*shape, [&](const model::MemberInfo& m, auto& field) {
    using Field = std::remove_reference_t<decltype(field)>;
    constexpr bool kOptional = requires { field.has_value(); };
    // An absent (or null) member has nothing to read: only a required one is reported, and only
    // then is a path spelled (most of a request's members are absent from most bodies).
    if (!Present(obj, m.wire)) {
      if (!kOptional && !d.failed()) d.Missing(MemberPath(parent, m.wire));
      return;
    }
    const std::string path = MemberPath(parent, m.wire);
    if constexpr (kOptional) {
      ReadValue(d, obj, m, path, &field);
    } else {
      std::optional<Field> value;
      ReadValue(d, obj, m, path, &value);
      if (value) field = std::move(*value);
    }
  });
}

// Records the violation of m's constraint by `value`, read at `path`.
template <typename T>
void Check(Decoder& d, const model::MemberInfo& m, const std::string& path, const T& value) {
  if (m.constraint.kind == model::Constraint::kNone) return;
  catalog::ConstraintErrors found;
  catalog::CheckConstraint(m.constraint, value, path, &found);
  d.Violations(found);
}

// Records the violation of m's list-length constraint by the list member of `obj` as sent (its
// elements counted in the body: one that did not convert is reported by its own message).
template <Document Doc>
void CheckLength(Decoder& d, const Doc& obj, const model::MemberInfo& m, const std::string& path) {
  if (m.constraint.kind == model::Constraint::kNone || !Present(obj, m.wire)) return;
  const Doc& list = *obj.find(m.wire);
  if (!list.is_array()) return;
  catalog::ConstraintErrors found;
  catalog::CheckListLength(m.constraint, list.size(), path, &found);
  d.Violations(found);
}

template <typename T, Document Doc>
void ReadValue(Decoder& d, const Doc& obj, const model::MemberInfo& m, const std::string& path,
               std::optional<T>* out) {
  if constexpr (std::is_same_v<T, std::string>) {
    *out = d.String(obj, m.wire);
    if (*out) Check(d, m, path, **out);
  } else if constexpr (std::is_same_v<T, bool>) {
    *out = d.Bool(obj, m.wire);
  } else if constexpr (std::is_same_v<T, int> || std::is_same_v<T, int64_t>) {
    const bool integer = std::is_same_v<T, int> || (m.flags & model::kInteger) != 0;
    std::optional<int64_t> n = d.Integer(obj, m.wire, integer ? "Integer" : "Long");
    if (!n) return;
    // Checked before it is narrowed, so a value beyond an Integer's range is named as sent.
    *out = static_cast<T>(*n);
    Check(d, m, path, *n);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    *out = d.StringList(obj, m.wire);
    if (*out) CheckLength(d, obj, m, path);
  } else if constexpr (std::is_same_v<T, std::vector<AttributeValue>>) {
    *out = d.ValueList(obj, m.wire);
    if (*out) CheckLength(d, obj, m, path);
  } else if constexpr (std::is_same_v<T, Item>) {
    *out = d.ItemMember(obj, m.wire);
  } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
    *out = d.StringMap(obj, m.wire);
  } else if constexpr (std::is_same_v<T, ExpressionAttributeValues>) {
    *out = d.ValueMap(obj, m.wire);
  } else if constexpr (std::is_same_v<T, AttributeValue>) {
    *out = d.Value(obj, m.wire);
  } else if constexpr (model::MapOfShapes<T>) {
    using Shape = typename T::mapped_type;
    const std::string_view shape = ShapeName(static_cast<const Shape*>(nullptr));
    // DynamoDB names a map's value class in its message, as the Java class of the shape.
    const Doc* map = d.Map(obj, m.wire, "com.amazonaws.dynamodb.v20120810." + std::string(shape));
    if (map == nullptr) return;
    T& entries = out->emplace();
    for (auto it = map->begin(); it != map->end(); ++it) {
      if (!d.StructElement(it.value(), shape)) continue;
      std::string key(it.key());
      ReadShape(d, it.value(), path + "." + key, &entries[key]);
    }
  } else if constexpr (model::Modelled<T>) {
    const Doc* member = d.Struct(obj, m.wire, ShapeName(static_cast<const T*>(nullptr)));
    if (member == nullptr) return;
    ReadShape(d, *member, path, &out->emplace());
  } else if constexpr (model::ListOfShapes<T>) {
    const Doc* list = d.List(obj, m.wire);
    if (list == nullptr) return;
    *out = ReadElements<typename T::value_type>(d, *list, path);
    CheckLength(d, obj, m, path);
  } else {
    static_assert(model::Modelled<T>, "a member type the model's request reader does not know");
  }
}

// ---------------------------------------------------------------- shapes -> bodies

// Whether a kOmitEmpty member holds nothing: an empty list or string, a zero number (a shape is
// never empty).
template <typename T>
bool IsEmpty(const T& value) {
  if constexpr (requires { value.empty(); }) {
    return value.empty();
  } else if constexpr (std::is_arithmetic_v<T>) {
    return value == T{};
  } else {
    return false;
  }
}

// How many members shape S has.
template <model::Modelled S>
size_t MemberCount() {
  static const size_t count = [] {
    size_t n = 0;
    const S shape{};
    VisitMembers(shape, [&n](const model::MemberInfo&, const auto&) { ++n; });
    return n;
  }();
  return count;
}

// Whether T is a member type that never travels: the Trace, ddblab's own account of a call.
template <typename T>
constexpr bool kStaysHome = std::is_same_v<T, Trace>;

// Whether T is a response's capacity: one ConsumedCapacity, or one per table.
template <typename T>
constexpr bool kIsCapacity =
    std::is_same_v<T, ConsumedCapacity> || std::is_same_v<T, std::vector<ConsumedCapacity>>;

// Whether `shape` leaves its member `member` out of the wire this time (a shape may say so:
// Omits, as Query's answer to Select=COUNT leaves out Items).
template <model::Modelled S>
bool Omitted(const S& shape, std::string_view member) {
  if constexpr (requires { Omits(shape, member); }) {
    return Omits(shape, member);
  } else {
    return false;
  }
}

// The member `wire` of a response, as its request's ReturnConsumedCapacity `rcc` asks: left out
// for NONE; the batches' and transactions' list is sent whole, even empty.
template <typename Sink>
void WriteCapacity(Sink& s, std::string_view wire, const ConsumedCapacity& c,
                   std::string_view rcc) {
  Json one = CapacityToJson(c, rcc);
  if (one.is_null()) return;
  s.Key(wire);
  s.Document(std::move(one));
}
template <typename Sink>
void WriteCapacity(Sink& s, std::string_view wire, const std::vector<ConsumedCapacity>& list,
                   std::string_view rcc) {
  if (rcc != "TOTAL" && rcc != "INDEXES") return;
  s.Key(wire);
  s.BeginArray(list.size());
  for (const ConsumedCapacity& c : list) {
    s.Element();
    s.Document(CapacityToJson(c, rcc));
  }
  s.EndArray();
}
// The same, appended to the object `j` (the hand-written answers).
template <typename Capacity>
void AppendCapacity(Json& j, std::string_view wire, const Capacity& c, std::string_view rcc) {
  JsonSink s(j);
  WriteCapacity(s, wire, c, rcc);
}

// Writes `value` to the sink (body_sinks.h: a document or its text); `rcc` is the request's
// ReturnConsumedCapacity, for a response's capacity.
template <typename Sink, typename T>
void Write(Sink& s, const T& value, std::string_view rcc) {
  if constexpr (model::Modelled<T>) {
    // Room for every member: an ordered object copies its members each time it grows, and a
    // response's Items come before other members.
    s.BeginObject(MemberCount<T>());
    VisitMembers(value, [&](const model::MemberInfo& m, const auto& field) {
      using Field = std::remove_cvref_t<decltype(field)>;
      if constexpr (kStaysHome<Field>) {
        return;
      } else {
        if ((m.flags & model::kHome) != 0 || Omitted(value, m.wire)) return;
        if constexpr (kIsCapacity<Field>) {
          WriteCapacity(s, m.wire, field, rcc);
        } else if constexpr (requires { field.has_value(); }) {
          if (!field) return;
          s.Key(m.wire);
          Write(s, *field, rcc);
        } else {
          if ((m.flags & model::kOmitEmpty) != 0 && IsEmpty(field)) return;
          s.Key(m.wire);
          Write(s, field, rcc);
        }
      }
    });
    s.EndObject();
  } else if constexpr (std::is_same_v<T, Item> || std::is_same_v<T, ResultItem>) {
    s.ItemValue(value);
  } else if constexpr (std::is_same_v<T, AttributeValue>) {
    s.Document(ValueToJson(value));
  } else if constexpr (model::IsStringMap<T>::value) {
    s.BeginObject(value.size());
    for (const auto& [name, v] : value) {
      s.Key(name);
      Write(s, v, rcc);
    }
    s.EndObject();
  } else if constexpr (std::is_same_v<T, Error>) {
    // DynamoDB's BatchStatementError: Code, Message, and the Item that failed the condition.
    s.BeginObject(3);
    s.Key("Code");
    s.Scalar(BatchStatementErrorCode(value.type));
    s.Key("Message");
    s.Scalar(value.message);
    if (value.item) {
      s.Key("Item");
      s.ItemValue(*value.item);
    }
    s.EndObject();
  } else if constexpr (model::IsVector<T>::value) {
    s.BeginArray(value.size());
    for (const auto& e : value) {
      s.Element();
      Write(s, e, rcc);
    }
    s.EndArray();
  } else {
    s.Scalar(value);
  }
}

// `value` as a document.
template <typename T>
Json WriteValue(const T& value, std::string_view rcc = {}) {
  JsonSink s;
  Write(s, value, rcc);
  return s.Take();
}

// ---------------------------------------------------------------- response bodies -> shapes

template <model::Modelled S>
void ReadBody(BodyReader& b, const Json& obj, S* shape);

// The list member `name` of `obj`, each element a shape T.
template <model::Modelled T>
std::vector<T> ReadBodyElements(BodyReader& b, const Json& obj, std::string_view name) {
  std::vector<T> elements;
  b.EachObject(obj, name, [&](const Json& one) { ReadBody(b, one, &elements.emplace_back()); });
  return elements;
}

// A list of read items (Query's Items, one table's list in BatchGetItem's Responses), read in
// the scope of its member.
inline std::vector<ResultItem> ReadBodyItems(BodyReader& b, const Json& list) {
  std::vector<ResultItem> items;
  items.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i) {
    BodyReader::Scope at = b.At(i);
    if (std::optional<Item> item = b.ItemValue(list[i])) items.emplace_back(std::move(*item));
  }
  return items;
}

// A BatchStatementError back to the engine's Error.
inline void ReadBodyError(BodyReader& b, const Json& obj, std::string_view name, Error* out) {
  const Json* err = b.Object(obj, name);
  if (err == nullptr) return;
  BodyReader::Scope in = b.In(name);
  std::string code, message;
  b.Read(*err, "Code", &code);
  b.Read(*err, "Message", &message);
  *out = ErrorFromBatchStatementCode(code, std::move(message));
  std::optional<Item> item;
  b.Read(*err, "Item", &item);
  if (item) out->item = std::make_shared<Item>(std::move(*item));
}

// Reads the member `m` of `obj` into `value`, a T (capacities are read apart: ReadBody).
template <typename T>
void ReadBodyValue(BodyReader& b, const Json& obj, const model::MemberInfo& m, T* value) {
  if constexpr (model::Modelled<T>) {
    if (const Json* member = b.Object(obj, m.wire)) {
      BodyReader::Scope in = b.In(m.wire);
      ReadBody(b, *member, value);
    }
  } else if constexpr (model::ListOfShapes<T>) {
    *value = ReadBodyElements<typename T::value_type>(b, obj, m.wire);
  } else if constexpr (std::is_same_v<T, int>) {
    int64_t n = 0;
    b.Read(obj, m.wire, &n);
    *value = static_cast<int>(n);
  } else if constexpr (std::is_same_v<T, Item> || std::is_same_v<T, ResultItem>) {
    std::optional<Item> item;
    b.Read(obj, m.wire, &item);
    if (item) *value = std::move(*item);
  } else if constexpr (std::is_same_v<T, std::vector<ResultItem>>) {
    const Json* list = b.Array(obj, m.wire);
    if (list == nullptr) return;
    BodyReader::Scope in = b.In(m.wire);
    *value = ReadBodyItems(b, *list);
  } else if constexpr (std::is_same_v<T, Error>) {
    ReadBodyError(b, obj, m.wire, value);
  } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
    std::optional<T> map;
    b.Read(obj, m.wire, &map);
    if (map) *value = std::move(*map);
  } else {
    b.Read(obj, m.wire, value);
  }
}

// Tells `shape` that its member `member` was not in the body, when the shape takes note
// (NoteAbsent: Query's answer without Items answered Select=COUNT).
template <model::Modelled S>
void NoteAbsentMember(S& shape, std::string_view member) {
  if constexpr (requires { NoteAbsent(shape, member); }) NoteAbsent(shape, member);
}

template <model::Modelled S>
void ReadBody(BodyReader& b, const Json& obj, S* shape) {
  VisitMembers(*shape, [&](const model::MemberInfo& m, auto& field) {
    using Field = std::remove_cvref_t<decltype(field)>;
    if constexpr (!kStaysHome<Field> && !kIsCapacity<Field>) {
      if ((m.flags & model::kHome) != 0) return;
      if (!Present(obj, m.wire)) {
        NoteAbsentMember(*shape, m.wire);
        return;
      }
      if constexpr (requires { field.has_value(); }) {
        ReadBodyValue(b, obj, m, &field.emplace());
      } else {
        ReadBodyValue(b, obj, m, &field);
      }
    }
  });
  // The capacity last: whether its units were a read's or a write's is told by the rest of the
  // answer (SpentReading, beside the shape), for a body that is not transactional does not say.
  // (Computed outside the visitor, which clang checks as soon as S is known.)
  if constexpr (requires { SpentReading(std::as_const(*shape)); }) {
    const bool read = SpentReading(std::as_const(*shape));
    VisitMembers(*shape, [&](const model::MemberInfo&, auto& field) {
      using Field = std::remove_cvref_t<decltype(field)>;
      if constexpr (std::is_same_v<Field, ConsumedCapacity>) {
        b.ReadCapacity(obj, read, &field);
      } else if constexpr (std::is_same_v<Field, std::vector<ConsumedCapacity>>) {
        b.ReadCapacities(obj, read, &field);
      }
    });
  } else {
    VisitMembers(*shape, [](const model::MemberInfo&, auto& field) {
      using Field = std::remove_cvref_t<decltype(field)>;
      static_assert(!kIsCapacity<Field>, "a response with a ConsumedCapacity says SpentReading");
    });
  }
}

}  // namespace model_codec

// The codec.h entry points for modelled shapes; a request is read from either form of its body.
template <Document Doc, model::Modelled T>
requires(!kIsResponseShape<T>) Status FromJson(const Doc& j, T* r) {
  DDB_TRY(CheckRequestBody(j));
  Decoder d;
  model_codec::ReadShape(d, j, "", r);
  if constexpr (requires { ReportOrder(static_cast<const T*>(nullptr)); }) {
    d.OrderViolations(ReportOrder(static_cast<const T*>(nullptr)));
  }
  return d.Finish();
}
template <model::Modelled T>
requires(!kIsResponseShape<T>) Json ToJson(const T& r) { return model_codec::WriteValue(r); }
template <model::Modelled T>
requires kIsResponseShape<T> Json ToJson(const T& r, std::string_view rcc) {
  return model_codec::WriteValue(r, rcc);
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
