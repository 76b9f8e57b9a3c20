// DynamoDB's shapes as data. A shape is written once, as an X-macro row per member in the API
// model's order (botocore's service model is the reference for names, types, required members
// and constraints):
//
//   #define DDBLAB_SHAPE_PointInTimeRecoverySpecification(M) <rows, one a line>
//     M(PointInTimeRecoveryEnabled, point_in_time_recovery_enabled, bool, model::kRequired,
//       model::kNoConstraint)
//     M(RecoveryPeriodInDays, recovery_period_in_days, int, model::kOptional,
//       model::Range(1, 35))
//   DDBLAB_MODEL_STRUCT(PointInTimeRecoverySpecification)
//
// A row is M(Wire, field, Type, Flags, Constraint): DynamoDB's member name, the C++ field, its
// type (a scalar, an Item, another modelled shape, or a std::vector of either; in a response also
// a ResultItem, the ConsumedCapacity, a batch statement's Error, and the Trace, ddblab's own
// account of the call, which never travels), whether it is
// required plus what it holds (key, item, expression), and the constraint the service model puts on
// it. DDBLAB_MODEL_STRUCT expands the rows into the struct (a required member is a T, an optional
// one a std::optional<T>; in a response, "required" means always held) and into VisitMembers, which
// hands each member's MemberInfo and field to a visitor. The wire codecs
// (engine/src/wire/model_codec.h), the member validation and the aws-CLI option names all walk
// VisitMembers, so a shape has no second description anywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ddblab::model {

// What a member is: required or not, and what it holds.
enum MemberFlags : unsigned {
  kOptional = 0,
  kRequired = 1u << 0,
  kKey = 1u << 1,         // a primary key (Key, ExclusiveStartKey)
  kItem = 1u << 2,        // a whole item
  kExpression = 1u << 3,  // an expression string
  // Required by the service model (the aws CLI insists on it), but DynamoDB reports its absence
  // with the operation's own message, which the engine gives: the field stays optional and the
  // reader records no "Member must not be null".
  kRequiredCheckedByEngine = 1u << 4,
  // Written only when it holds something (a list with elements, a non-zero number): DynamoDB
  // leaves such a member out rather than sending it empty (a table's index lists).
  kOmitEmpty = 1u << 5,
  // An int64_t member whose wire type is Integer, not Long: kept wide, so a value beyond 32 bits
  // is read and reported as sent, and a wrong JSON type is named "Integer" as DynamoDB names it.
  kInteger = 1u << 6,
  // ddblab's own account beside a response's members, never on the wire (Query's count_only:
  // whether Select was COUNT, which DynamoDB tells by leaving Items out).
  kHome = 1u << 7,
};

// A constraint of the service model, checked as DynamoDB's request framework checks it (its
// messages: "Member must have length less than or equal to 1024", ...).
struct Constraint {
  enum Kind {
    kNone,
    kLength,
    kRange,
    kRangeAsSent,
    kEnum,
    kTableName,
    kListLength,
    kListLengthUnechoed
  } kind = kNone;
  int64_t min = 0;
  int64_t max = 0;
  std::string_view values;  // kEnum: the allowed values, separated by '|'
};
inline constexpr Constraint kNoConstraint{};
constexpr Constraint Length(int64_t min, int64_t max) {
  return Constraint{Constraint::kLength, min, max, {}};
}
constexpr Constraint Range(int64_t min, int64_t max) {
  return Constraint{Constraint::kRange, min, max, {}};
}
// A range DynamoDB reports under the member's own (capitalised) name and without its value:
// Query's Limit ("Value at 'Limit' failed to satisfy constraint", captured).
constexpr Constraint RangeAsSent(int64_t min, int64_t max) {
  return Constraint{Constraint::kRangeAsSent, min, max, {}};
}
constexpr Constraint OneOf(std::string_view values) {
  return Constraint{Constraint::kEnum, 0, 0, values};
}
// A list's number of elements. DynamoDB shows an empty list as '[]' in the message and leaves a
// longer one out; for some lists (a batch's statements) it leaves both out.
constexpr Constraint ListLength(int64_t min, int64_t max) {
  return Constraint{Constraint::kListLength, min, max, {}};
}
constexpr Constraint ListLengthUnechoed(int64_t min, int64_t max) {
  return Constraint{Constraint::kListLengthUnechoed, min, max, {}};
}
// A table's name or ARN, held to DynamoDB's table-name rules (its pattern and length, or an
// ARN's length) as every operation's TableName is.
inline constexpr Constraint kTableName{Constraint::kTableName, 0, 0, {}};

// One member as the codecs see it.
struct MemberInfo {
  std::string_view wire;  // DynamoDB's spelling: "TableName"
  unsigned flags = kOptional;
  Constraint constraint;
  bool required() const { return (flags & (kRequired | kRequiredCheckedByEngine)) != 0; }
};

// The field type of a member of type T.
template <typename T, unsigned Flags>
using FieldType = std::conditional_t<(Flags & kRequired) != 0, T, std::optional<T>>;

// Whether T is a shape written with DDBLAB_MODEL_STRUCT.
template <typename T>
concept Modelled = requires {
  ShapeName(static_cast<const T*>(nullptr));
};

// A member's type without its std::optional (an optional member's value type).
template <typename T>
struct Unwrapped {
  using type = T;
};
template <typename T>
struct Unwrapped<std::optional<T>> {
  using type = T;
};

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

// A list of modelled shapes (a concept, so the element type is looked at only for a vector).
template <typename T>
concept ListOfShapes = IsVector<T>::value && Modelled<typename T::value_type>;

template <typename T>
struct IsStringMap : std::false_type {};
template <typename V, typename Less>
struct IsStringMap<std::map<std::string, V, Less>> : std::true_type {};

// A map of modelled shapes by name (the legacy Expected, by attribute name).
template <typename T>
concept MapOfShapes = IsStringMap<T>::value && Modelled<typename T::mapped_type>;

}  // namespace ddblab::model

#define DDBLAB_MODEL_FIELD(Wire, field, Type, Flags, Rule) \
  ::ddblab::model::FieldType<Type, (Flags)> field{};
#define DDBLAB_MODEL_VISIT(Wire, field, Type, Flags, Rule) \
  visit(::ddblab::model::MemberInfo{#Wire, (Flags), (Rule)}, shape.field);

// Defines struct Shape from DDBLAB_SHAPE_<Shape>'s rows, its name for messages
// (ShapeName), and VisitMembers for a Shape and a const Shape.
#define DDBLAB_MODEL_STRUCT(Shape)                                      \
  struct Shape {                                                        \
    DDBLAB_SHAPE_##Shape(DDBLAB_MODEL_FIELD)                            \
  };                                                                    \
  constexpr std::string_view ShapeName(const Shape*) { return #Shape; } \
  template <typename S, typename Visit>                                 \
  requires std::is_same_v<std::remove_const_t<S>, Shape>                \
  void VisitMembers(S& shape, Visit&& visit) {                          \
    (void)shape;                                                        \
    (void)visit;                                                        \
    DDBLAB_SHAPE_##Shape(DDBLAB_MODEL_VISIT)                            \
  }
