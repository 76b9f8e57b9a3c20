// The service model's member constraints (ddblab/model/shape.h) in DynamoDB's words: checked on
// a request body as it is read (wire/model_codec.h) and on a typed request when it is called
// (CheckModelMembers), so both doors report the same violations.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "catalog/constraint_errors.h"
#include "ddblab/error.h"
#include "ddblab/model/shape.h"

namespace ddblab::catalog {

// Appends the violation of constraint `c` by the member at `path` holding `value`, if any:
// "Value 'x' at 'path' failed to satisfy constraint: Member must have length less than or equal
// to 1024" (a string's length counts its characters).
void CheckConstraint(const model::Constraint& c, const std::string& value, const std::string& path,
                     ConstraintErrors* errors);
void CheckConstraint(const model::Constraint& c, int64_t value, const std::string& path,
                     ConstraintErrors* errors);
// The same for a list member of `count` elements (ListLength, ListLengthUnechoed).
void CheckListLength(const model::Constraint& c, size_t count, const std::string& path,
                     ConstraintErrors* errors);

// Whether `value` satisfies `c` for certain, without allocating: the everyday request's members
// all do, so their paths are spelled out (an allocation each) only for a member that may not.
// False sends the member to CheckConstraint, which decides and words the violation.
bool Satisfies(const model::Constraint& c, std::string_view value);
inline bool Satisfies(const model::Constraint& c, int64_t value) {
  return (c.kind != model::Constraint::kRange && c.kind != model::Constraint::kRangeAsSent) ||
         (value >= c.min && value <= c.max);
}
inline bool SatisfiesListLength(const model::Constraint& c, size_t count) {
  return (c.kind != model::Constraint::kListLength &&
          c.kind != model::Constraint::kListLengthUnechoed) ||
         (static_cast<int64_t>(count) >= c.min && static_cast<int64_t>(count) <= c.max);
}

// Appends the constraint violations of every member of `shape` present, and of the shapes below
// it, in the model's member order.
template <model::Modelled S>
void CheckModelMembers(const S& shape, const std::string& parent, ConstraintErrors* errors) {
  VisitMembers(shape, [&](const model::MemberInfo& m, const auto& field) {
    auto path = [&] { return MemberPath(parent, m.wire); };
    auto check = [&](const auto& value) {
      using T = std::remove_cvref_t<decltype(value)>;
      if constexpr (std::is_same_v<T, std::string>) {
        if (!Satisfies(m.constraint, value)) CheckConstraint(m.constraint, value, path(), errors);
      } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        if (!Satisfies(m.constraint, static_cast<int64_t>(value))) {
          CheckConstraint(m.constraint, static_cast<int64_t>(value), path(), errors);
        }
      } else if constexpr (model::Modelled<T>) {
        CheckModelMembers(value, path(), errors);
      } else if constexpr (model::IsVector<T>::value) {
        if (!SatisfiesListLength(m.constraint, value.size())) {
          CheckListLength(m.constraint, value.size(), path(), errors);
        }
        if constexpr (model::ListOfShapes<T>) {
          if (!value.empty()) {
            const std::string list = path();
            for (size_t i = 0; i < value.size(); ++i) {
              CheckModelMembers(value[i], ElementPath(list, i), errors);
            }
          }
        }
      }
    };
    if constexpr (requires { field.has_value(); }) {
      if (field) check(*field);
    } else {
      check(field);
    }
  });
}

// A typed request's constraint violations as one ValidationException, or OK, in DynamoDB's order
// for the request where that is not its members' (ReportOrder).
template <model::Modelled S>
Status CheckModelMembers(const S& request) {
  ConstraintErrors errors;
  CheckModelMembers(request, "", &errors);
  if constexpr (requires { ReportOrder(static_cast<const S*>(nullptr)); }) {
    errors.OrderBy(ReportOrder(static_cast<const S*>(nullptr)));
  }
  if (!errors.empty()) return errors.ToError();
  return OkStatus();
}

}  // namespace ddblab::catalog
