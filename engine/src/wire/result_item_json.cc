// Items straight from storage to DynamoDB JSON: the stored encoding is walked once into the JSON
// document, with no typed item in between.
#include "ddblab/result_item.h"
#include "ddblab/wire.h"
#include "value/item_encoding.h"
#include "wire/base64.h"

namespace ddblab::wire {
namespace {

Json Member(AttrType t, std::string_view bytes) {
  return t == AttrType::kB || t == AttrType::kBS ? Json(Base64Encode(bytes))
                                                 : Json(std::string(bytes));
}

struct JsonBuilder {
  using Value = Json;
  const Json* root = nullptr;  // the item itself: its members are not wrapped in {"M": ...}

  static Json Typed(AttrType t, Json value) {
    Json j = Json::object();
    j[std::string(AttrTypeName(t))] = std::move(value);
    return j;
  }
  bool Scalar(AttrType t, std::string_view bytes, Value* out) {
    *out = Typed(t, Member(t, bytes));
    return true;
  }
  void Bool(bool b, Value* out) { *out = Typed(AttrType::kBool, b); }
  void Null(Value* out) { *out = Typed(AttrType::kNull, true); }
  void BeginList(size_t n, Value* out) {
    *out = Typed(AttrType::kL, Json::array());
    out->front().get_ref<Json::array_t&>().reserve(n);
  }
  Value* ListSlot(Value* list, size_t) {
    Json& elements = list->front();
    elements.push_back(Json());
    return &elements.back();
  }
  void BeginMap(size_t n, Value* out) { *out = Typed(AttrType::kM, ObjectWithRoom(n)); }
  // The item's own members: room for all of them before the first (see ObjectWithRoom).
  void BeginItem(size_t n, Value* item) { *item = ObjectWithRoom(n); }
  Value* MapSlot(Value* map, std::string_view name) {
    Json& members = map == root ? *map : map->front();
    // A stored item's names are unique: append instead of searching the members.
    AppendMember(members, std::string(name), Json());
    return &members.back();
  }
  void BeginSet(AttrType t, size_t n, Value* out) {
    *out = Typed(t, Json::array());
    out->front().get_ref<Json::array_t&>().reserve(n);
  }
  bool SetMember(AttrType t, std::string_view bytes, Value* set) {
    set->front().push_back(Member(t, bytes));
    return true;
  }
};

}  // namespace

Json ItemToJson(const ResultItem& item) {
  if (item.has_encoding()) {
    Json out = Json::object();
    JsonBuilder b;
    b.root = &out;
    // The engine checked the encoding when it read the row; a failure cannot happen here.
    if (encoding::WalkItem(item.encoding(), b, &out) == nullptr) return out;
  }
  return ItemToJson(item.item());
}

}  // namespace ddblab::wire
