#include "wire/json_fast_parse.h"

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "wire/json_cursor.h"

namespace ddblab::wire::internal {
namespace {

using ObjectVector = Json::object_t::Container;
// Members as read, movable (unlike the object's own pairs, whose keys are const).
using Members = std::vector<std::pair<std::string, Json>>;

// Objects of up to this many members find a repeated key by comparing it with each member;
// larger ones keep a hash index, so an object of n members is still read in linear time.
constexpr size_t kScanMembers = 16;

class Reader {
 public:
  explicit Reader(std::string_view text) : c_(text) {}

  bool Document(Json* out) {
    c_.SkipSpace();
    if (!Value(out, 0)) return false;
    c_.SkipSpace();
    return c_.AtEnd();
  }

 private:
  bool Value(Json* out, int depth) {
    switch (c_.Peek()) {
      case '{':
        return Object(out, depth + 1);
      case '[':
        return Array(out, depth + 1);
      case '"': {
        std::string s;
        if (!c_.String(&s)) return false;
        *out = Json(std::move(s));
        return true;
      }
      case 't':
        return Literal("true", Json(true), out);
      case 'f':
        return Literal("false", Json(false), out);
      case 'n':
        return Literal("null", Json(nullptr), out);
      default:
        return Number(out);
    }
  }

  // An object's members are read into a scratch vector kept per depth, then moved into the
  // object at its size. The object's own vector holds (const key, value) pairs, which cannot be
  // moved: grown member by member, it deep-copied every member read so far at each growth.
  bool Object(Json* out, int depth) {
    if (depth > kFastParseMaxDepth || !c_.Consume('{')) return false;
    if (scratch_.size() <= static_cast<size_t>(depth)) scratch_.resize(depth + 1);
    scratch_[depth].clear();
    std::unordered_map<std::string, size_t> index;  // built once the object outgrows the scan
    c_.SkipSpace();
    if (!c_.Consume('}')) {
      for (;;) {
        std::string key;
        if (c_.Peek() != '"' || !c_.String(&key)) return false;
        c_.SkipSpace();
        if (!c_.Consume(':')) return false;
        c_.SkipSpace();
        // A deeper object may grow scratch_ itself; the members' own storage does not move.
        if (!Value(Member(scratch_[depth], index, std::move(key)), depth)) return false;
        c_.SkipSpace();
        if (c_.Consume(',')) {
          c_.SkipSpace();
          continue;
        }
        if (!c_.Consume('}')) return false;
        break;
      }
    }
    *out = Json::object();
    auto& members = static_cast<ObjectVector&>(out->get_ref<Json::object_t&>());
    Members& read = scratch_[depth];
    members.reserve(read.size());
    for (auto& [key, value] : read) members.emplace_back(std::move(key), std::move(value));
    read.clear();
    return true;
  }

  // The slot for `key`: a repeated member keeps its first position and takes the new value, as
  // ParseJson's full parser does.
  static Json* Member(Members& members, std::unordered_map<std::string, size_t>& index,
                      std::string key) {
    if (members.size() < kScanMembers) {
      for (auto& m : members) {
        if (m.first == key) return &m.second;
      }
    } else {
      if (index.empty()) {
        for (size_t i = 0; i < members.size(); ++i) index.emplace(members[i].first, i);
      }
      auto [it, fresh] = index.emplace(key, members.size());
      if (!fresh) return &members[it->second].second;
    }
    members.emplace_back(std::move(key), Json());
    return &members.back().second;
  }

  bool Array(Json* out, int depth) {
    if (depth > kFastParseMaxDepth || !c_.Consume('[')) return false;
    *out = Json::array();
    auto& elements = out->get_ref<Json::array_t&>();
    c_.SkipSpace();
    if (c_.Consume(']')) return true;
    for (;;) {
      elements.emplace_back();
      if (!Value(&elements.back(), depth)) return false;
      c_.SkipSpace();
      if (c_.Consume(',')) {
        c_.SkipSpace();
        continue;
      }
      return c_.Consume(']');
    }
  }

  bool Literal(std::string_view word, Json value, Json* out) {
    if (!c_.Literal(word)) return false;
    *out = std::move(value);
    return true;
  }

  // As nlohmann types integers: a non-negative one is unsigned, a negative one (and "-0") signed.
  bool Number(Json* out) {
    uint64_t v = 0;
    bool negative = false;
    if (!c_.Integer(&v, &negative)) return false;
    if (!negative) {
      *out = Json(static_cast<Json::number_unsigned_t>(v));
      return true;
    }
    constexpr uint64_t kMinMagnitude = uint64_t{1} << 63;  // the magnitude of INT64_MIN
    if (v > kMinMagnitude) return false;
    *out = Json(v == kMinMagnitude ? std::numeric_limits<Json::number_integer_t>::min()
                                   : -static_cast<Json::number_integer_t>(v));
    return true;
  }

  JsonCursor c_;
  std::vector<Members> scratch_;  // by depth
};

}  // namespace

bool FastParseJson(std::string_view text, Json* out) { return Reader(text).Document(out); }

}  // namespace ddblab::wire::internal
