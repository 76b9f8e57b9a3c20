// Linear-time JSON parsing into the ordered document model (wire.h: ParseJson, AppendMember).
#include <string>
#include <unordered_map>
#include <vector>

#include "ddblab/wire.h"
#include "wire/json_fast_parse.h"

namespace ddblab::wire {

namespace {

using ObjectVector = Json::object_t::Container;

// A SAX handler that builds the document itself: object members are appended to the ordered
// map's vector, and a hash index per open object finds duplicates.
class LinearBuilder {
 public:
  explicit LinearBuilder(Json& root) : root_(root) {}

  bool null() { return Put(Json(nullptr)); }
  bool boolean(bool v) { return Put(Json(v)); }
  bool number_integer(Json::number_integer_t v) { return Put(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return Put(Json(v)); }
  bool number_float(Json::number_float_t v, const Json::string_t&) { return Put(Json(v)); }
  bool string(Json::string_t& v) { return Put(Json(std::move(v))); }
  bool binary(Json::binary_t& v) { return Put(Json::binary(std::move(v))); }

  bool start_object(std::size_t) { return OpenContainer(Json::object()); }
  bool key(Json::string_t& k) {
    if (skipped_ == 0) open_.back().key = std::move(k);
    return true;
  }
  bool end_object() { return CloseContainer(); }
  bool start_array(std::size_t) { return OpenContainer(Json::array()); }
  bool end_array() { return CloseContainer(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

 private:
  struct Open {
    Json* value;
    std::string key;                                  // the member being read (objects)
    std::unordered_map<std::string, size_t> members;  // key -> position (objects)
  };

  // Where the next value goes: the root, the end of the open array, or the open object's
  // member named by the last key (its existing slot when the key repeats).
  Json* Slot() {
    if (open_.empty()) return &root_;
    Open& o = open_.back();
    if (o.value->is_array()) {
      o.value->get_ref<Json::array_t&>().emplace_back();
      return &o.value->get_ref<Json::array_t&>().back();
    }
    auto& members = static_cast<ObjectVector&>(o.value->get_ref<Json::object_t&>());
    auto [it, fresh] = o.members.emplace(o.key, members.size());
    if (!fresh) return &members[it->second].second;
    members.emplace_back(std::move(o.key), Json());
    return &members.back().second;
  }

  bool Put(Json v) {
    if (skipped_ == 0) *Slot() = std::move(v);
    return true;
  }

  // A container deeper than kMaxBuiltDepth is left empty and what it holds is read but not
  // built: no valid request comes near that depth (an item nests at most 32 levels, two JSON
  // levels each), and every request that reaches it is refused by a depth check at a shallower
  // level, with the same message as if it had been built. A body nested 1,000,000 levels deep
  // used to build (and free) a million containers, each with its own member index: 3.7 s.
  static constexpr size_t kMaxBuiltDepth = 256;

  bool OpenContainer(Json container) {
    if (skipped_ > 0 || open_.size() >= kMaxBuiltDepth) {
      if (skipped_++ == 0) *Slot() = std::move(container);
      return true;
    }
    Json* slot = Slot();
    *slot = std::move(container);
    open_.push_back(Open{slot, {}, {}});
    return true;
  }
  bool CloseContainer() {
    if (skipped_ > 0) {
      --skipped_;
    } else {
      open_.pop_back();
    }
    return true;
  }

  Json& root_;
  std::vector<Open> open_;
  size_t skipped_ = 0;  // containers open below kMaxBuiltDepth
};

}  // namespace

Json ParseJson(std::string_view text) {
  Json root;
  if (internal::FastParseJson(text, &root)) return root;
  root = Json();
  LinearBuilder builder(root);
  bool ok =
      Json::sax_parse(text.begin(), text.end(), &builder, nlohmann::detail::input_format_t::json,
                      /*strict=*/true);
  if (!ok) return Json(Json::value_t::discarded);
  return root;
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
