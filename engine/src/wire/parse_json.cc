// ParseJson: JSON text into the ordered document model (wire.h), the one reader of every request
// body, parameter value and remote answer. Request bodies are small documents of objects,
// strings and small integers; a character-at-a-time lexer building every string by push_back
// made the parse a third of a PutItem's instructions in `serve`, so this reader takes whole runs
// of plain bytes at once (JsonCursor) and builds each object at its final size.
//
// What it accepts and builds is what RFC 8259 says, with the document model's conventions: a
// leading UTF-8 byte order mark is skipped; an integer is unsigned when it has no minus sign and
// signed when it has one, and a float when it has a fraction or an exponent or does not fit 64
// bits; a number too large for a double is an error; a repeated member keeps its first position
// and takes the last value. The nesting is read with a stack on the heap, so a hostile body of a
// million brackets costs memory in proportion, never the thread's stack.
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ddblab/wire.h"
#include "wire/json_cursor.h"

namespace ddblab::wire {

namespace {

using internal::JsonCursor;
using ObjectVector = Json::object_t::Container;
// Members as read, movable (unlike the object's own pairs, whose keys are const).
using Members = std::vector<std::pair<std::string, Json>>;

// Objects of up to this many members find a repeated key by comparing it with each member;
// larger ones keep a hash index, so an object of n members is still read in linear time.
constexpr size_t kScanMembers = 16;

// A container deeper than this is left empty and what it holds is read but not built: no valid
// request comes near that depth (an item nests at most 32 levels, two JSON levels each), and
// every request that reaches it is refused by a depth check at a shallower level, with the same
// message as if it had been built. A body nested 1,000,000 levels deep used to build (and free) a
// million containers: 3.7 s.
constexpr size_t kMaxBuiltDepth = 256;

class Reader {
 public:
  explicit Reader(std::string_view text) : c_(text) {}

  bool Document(Json* out) {
    c_.Literal("\xEF\xBB\xBF");  // a byte order mark, if any
    c_.SkipSpace();
    Json value;
    for (;;) {
      // A value starts here: a scalar is read whole, a container is opened.
      bool complete = false;
      if (!Start(&value, &complete)) return false;
      while (complete) {
        // `value` is whole: it is the document, or it goes in the open container, after which
        // comes another member or the container's end (which completes the container).
        if (depth_ == 0 && skipped_.empty()) {
          *out = std::move(value);
          c_.SkipSpace();
          return c_.AtEnd();
        }
        Place(std::move(value));
        c_.SkipSpace();
        if (c_.Consume(',')) {
          c_.SkipSpace();
          if (InObject() && !Key()) return false;
          complete = false;
        } else if (!Close(&value)) {
          return false;
        }
      }
    }
  }

 private:
  struct Open {
    bool object;
    Members members;                                // an object's
    Json array;                                     // an array's
    std::string key;                                // the object member being read
    std::unordered_map<std::string, size_t> index;  // once the object outgrows the scan
  };

  bool InObject() const { return skipped_.empty() ? open_[depth_ - 1].object : skipped_.back(); }

  // Reads a value's start: a scalar into *value (*complete), or a container's opening, and an
  // empty container whole.
  bool Start(Json* value, bool* complete) {
    const char c = c_.Peek();
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      c_.Consume(c);
      c_.SkipSpace();
      if (c_.Consume(object ? '}' : ']')) {
        *value = object ? Json::object() : Json::array();
        *complete = true;
        return true;
      }
      if (!skipped_.empty() || depth_ >= kMaxBuiltDepth) {
        skipped_.push_back(object);  // read, not built
      } else {
        // A frame is kept for reuse when its container closes, with its members' room.
        if (depth_ == open_.size()) open_.emplace_back();
        Open& o = open_[depth_++];
        o.object = object;
        if (!object) o.array = Json::array();
      }
      *complete = false;
      return !object || Key();
    }
    *complete = true;
    switch (c) {
      case '"': {
        std::string s;
        if (!c_.String(&s)) return false;
        *value = Json(std::move(s));
        return true;
      }
      case 't':
        *value = Json(true);
        return c_.Literal("true");
      case 'f':
        *value = Json(false);
        return c_.Literal("false");
      case 'n':
        *value = Json(nullptr);
        return c_.Literal("null");
      default:
        return Number(value);
    }
  }

  // An object member's name and colon, leaving the cursor at its value.
  bool Key() {
    std::string key;
    if (c_.Peek() != '"' || !c_.String(&key)) return false;
    c_.SkipSpace();
    if (!c_.Consume(':')) return false;
    c_.SkipSpace();
    if (skipped_.empty()) open_[depth_ - 1].key = std::move(key);
    return true;
  }

  // Closes the innermost open container at its bracket into *value, or returns false. A
  // container that was not built closes as an empty one of its kind.
  bool Close(Json* value) {
    if (!skipped_.empty()) {
      const bool object = skipped_.back();
      if (!c_.Consume(object ? '}' : ']')) return false;
      skipped_.pop_back();
      *value = object ? Json::object() : Json::array();
      return true;
    }
    Open& o = open_[depth_ - 1];
    if (!c_.Consume(o.object ? '}' : ']')) return false;
    if (o.object) {
      // Built at its final size: the object's own pairs have const keys and cannot be moved,
      // so an object grown member by member copied every member at each growth.
      *value = Json::object();
      auto& members = static_cast<ObjectVector&>(value->get_ref<Json::object_t&>());
      members.reserve(o.members.size());
      for (auto& [key, member] : o.members) members.emplace_back(std::move(key), std::move(member));
      o.members.clear();
      o.index.clear();
    } else {
      *value = std::move(o.array);
    }
    --depth_;
    return true;
  }

  // Puts a whole value in the open container (nothing while that container is not built).
  void Place(Json value) {
    if (!skipped_.empty()) return;
    Open& o = open_[depth_ - 1];
    if (!o.object) {
      o.array.get_ref<Json::array_t&>().push_back(std::move(value));
      return;
    }
    *Member(o, std::move(o.key)) = std::move(value);
  }

  // The slot for `key`: a repeated member keeps its first position and takes the new value.
  static Json* Member(Open& o, std::string key) {
    Members& members = o.members;
    if (members.size() < kScanMembers) {
      for (auto& m : members) {
        if (m.first == key) return &m.second;
      }
    } else {
      if (o.index.empty()) {
        for (size_t i = 0; i < members.size(); ++i) o.index.emplace(members[i].first, i);
      }
      auto [it, fresh] = o.index.emplace(key, members.size());
      if (!fresh) return &members[it->second].second;
    }
    members.emplace_back(std::move(key), Json());
    return &members.back().second;
  }

  // An integer is unsigned without a minus sign and signed with one ("-0" too); a fraction, an
  // exponent or an integer beyond 64 bits makes a double; a double's overflow is an error.
  bool Number(Json* out) {
    std::string_view token;
    bool integral = false;
    if (!c_.NumberToken(&token, &integral)) return false;
    if (integral) {
      uint64_t magnitude = 0;
      bool negative = false;
      JsonCursor digits(token);
      if (digits.Integer(&magnitude, &negative)) {
        constexpr uint64_t kMinMagnitude = uint64_t{1} << 63;  // the magnitude of INT64_MIN
        if (!negative) {
          *out = Json(static_cast<Json::number_unsigned_t>(magnitude));
          return true;
        }
        if (magnitude <= kMinMagnitude) {
          *out =
              Json(magnitude == kMinMagnitude ? std::numeric_limits<Json::number_integer_t>::min()
                                              : -static_cast<Json::number_integer_t>(magnitude));
          return true;
        }
      }
    }
    // strtod reads the C locale's decimal point, which the program never changes (main.cc sets
    // LC_CTYPE only); the token is copied to end it.
    const std::string text(token);
    const double d = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(d)) return false;
    *out = Json(d);
    return true;
  }

  JsonCursor c_;
  std::vector<Open> open_;  // the open containers, innermost at depth_ - 1
  size_t depth_ = 0;
  // Containers opened below kMaxBuiltDepth, innermost last: whether each is an object.
  std::vector<bool> skipped_;
};

}  // namespace

Json ParseJson(std::string_view text) {
  Json root;
  if (!Reader(text).Document(&root)) return Json(Json::value_t::discarded);
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
