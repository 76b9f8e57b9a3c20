// ParseJson: JSON text into the ordered document model (wire.h), built from the one reader's tape
// (json_tape.h): each object and array is built at its final size.
#include <utility>

#include "ddblab/wire.h"
#include "wire/json_read.h"
#include "wire/json_tape.h"

namespace ddblab::wire {

namespace {
using ObjectVector = Json::object_t::Container;
}  // namespace

namespace internal {

// The tape keeps containers only to 256 levels, so the recursion is bounded.
Json DocumentOf(const TapeValue& v) {
  switch (v.kind()) {
    case TapeValue::Kind::kNull:
      return Json(nullptr);
    case TapeValue::Kind::kFalse:
      return Json(false);
    case TapeValue::Kind::kTrue:
      return Json(true);
    case TapeValue::Kind::kString:
      return Json(std::string(v.str()));
    case TapeValue::Kind::kInt:
      return Json(v.get<Json::number_integer_t>());
    case TapeValue::Kind::kUint:
      return Json(v.get<Json::number_unsigned_t>());
    case TapeValue::Kind::kDouble:
      return Json(v.get<double>());
    case TapeValue::Kind::kObject: {
      // Built at its final size: the object's own pairs have const keys and cannot be moved, so
      // an object grown member by member copied every member at each growth.
      Json object = ObjectWithRoom(v.size());
      auto& members = static_cast<ObjectVector&>(object.get_ref<Json::object_t&>());
      for (auto it = v.begin(); it != v.end(); ++it) {
        members.emplace_back(std::string(it.key()), DocumentOf(it.value()));
      }
      return object;
    }
    case TapeValue::Kind::kArray: {
      Json array = Json::array();
      auto& elements = array.get_ref<Json::array_t&>();
      elements.reserve(v.size());
      for (const TapeValue& e : v) elements.push_back(DocumentOf(e));
      return array;
    }
  }
  return Json(nullptr);
}

}  // namespace internal

Json ParseJson(std::string_view text) {
  internal::JsonTape& tape = internal::ThreadTape();
  if (!tape.Parse(text)) return Json(Json::value_t::discarded);
  return internal::DocumentOf(tape.root());
}

Json ObjectWithRoom(size_t members) {
  Json object = Json::object();
  static_cast<ObjectVector&>(object.get_ref<Json::object_t&>()).reserve(members);
  return object;
}

void AppendMember(Json& object, std::string key, Json value) {
  if (!object.is_object()) object = Json::object();
  static_cast<ObjectVector&>(object.get_ref<Json::object_t&>())
      .emplace_back(std::move(key), std::move(value));
}

}  // namespace ddblab::wire
