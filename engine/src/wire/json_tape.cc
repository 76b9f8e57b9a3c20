// JsonTape::Parse: JSON text onto the tape (json_tape.h), read iteratively: the open containers
// are a stack on the heap, so a hostile body of a million brackets costs memory in proportion,
// never the thread's stack.
#include "wire/json_tape.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>

#include "wire/json_cursor.h"

namespace ddblab::wire::internal {

namespace {

// Objects of up to this many members find a repeated name by comparing it with each member;
// larger ones keep a hash index, so an object of n members is still read in linear time.
constexpr size_t kScanMembers = 16;

// A container deeper than this is left empty and what it holds is read but not kept: no valid
// request comes near that depth (an item nests at most 32 levels, two JSON levels each), and
// every request that reaches it is refused by a depth check at a shallower level, with the same
// message as if it had been kept.
constexpr size_t kMaxKeptDepth = 256;

// A tape this large (in values) is given back when a text of fewer bytes comes next.
constexpr size_t kKeptValues = size_t{1} << 16;

}  // namespace

struct JsonTape::Open {
  uint32_t at;  // the container's place on the tape
  bool object;
  std::unordered_map<std::string, uint32_t> names;  // once an object outgrows the scan
};

JsonTape::JsonTape() = default;
JsonTape::~JsonTape() = default;

class JsonTape::Reader {
 public:
  Reader(std::string_view text, JsonTape* tape)
      : c_(text), values_(tape->values_), buffer_(tape->buffer_), open_(tape->open_) {}

  bool Document() {
    values_.clear();
    buffer_.clear();
    c_.Literal("\xEF\xBB\xBF");  // a byte order mark, if any
    c_.SkipSpace();
    for (;;) {
      // A value starts here: a scalar is read whole, a container is opened.
      bool complete = false;
      if (!Start(&complete)) return false;
      while (complete) {
        // The value is whole: it is the document, or the open container's, after which comes
        // another member or the container's end (which completes the container).
        if (depth_ == 0 && skipped_.empty()) {
          c_.SkipSpace();
          if (!c_.AtEnd()) return false;
          PointIntoBuffer();
          return true;
        }
        c_.SkipSpace();
        if (c_.Consume(',')) {
          c_.SkipSpace();
          if (InObject() && !Key()) return false;
          complete = false;
        } else if (!Close()) {
          return false;
        }
      }
    }
  }

 private:
  bool Keeping() const { return skipped_.empty(); }
  bool InObject() const { return Keeping() ? open_[depth_ - 1].object : skipped_.back(); }

  TapeValue& Push(TapeValue::Kind kind) {
    TapeValue& v = values_.emplace_back();
    v.kind_ = kind;
    return v;
  }

  // Reads a value's start: a scalar whole (*complete), or a container's opening, and an empty
  // container whole.
  bool Start(bool* complete) {
    const char c = c_.Peek();
    // An array's element is counted as it starts (a member is counted by its name: Key).
    if (Keeping() && depth_ > 0 && !open_[depth_ - 1].object)
      ++values_[open_[depth_ - 1].at].count_;
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      c_.Consume(c);
      c_.SkipSpace();
      const bool empty = c_.Consume(object ? '}' : ']');
      if (Keeping()) Push(object ? TapeValue::Kind::kObject : TapeValue::Kind::kArray);
      if (empty) {
        *complete = true;
        return true;
      }
      if (!Keeping() || depth_ >= kMaxKeptDepth) {
        skipped_.push_back(object);  // read, not kept: the container stays empty
      } else {
        // A frame is kept for reuse when its container closes.
        if (depth_ == open_.size()) open_.emplace_back();
        Open& o = open_[depth_++];
        o.at = static_cast<uint32_t>(values_.size() - 1);
        o.object = object;
        o.names.clear();  // left by a text that ended in a syntax error
      }
      *complete = false;
      return !object || Key();
    }
    *complete = true;
    switch (c) {
      case '"':
        return String();
      case 't':
        if (Keeping()) Push(TapeValue::Kind::kTrue);
        return c_.Literal("true");
      case 'f':
        if (Keeping()) Push(TapeValue::Kind::kFalse);
        return c_.Literal("false");
      case 'n':
        if (Keeping()) Push(TapeValue::Kind::kNull);
        return c_.Literal("null");
      default:
        return Number();
    }
  }

  // A string at its quote, onto the tape while keeping.
  bool String() {
    std::string_view text;
    bool appended = false;
    const size_t from = buffer_.size();
    if (c_.Peek() != '"' || !c_.StringInPlace(&text, &buffer_, &appended)) return false;
    if (!Keeping()) {
      buffer_.resize(from);
      return true;
    }
    const size_t length = appended ? buffer_.size() - from : text.size();
    if (length > std::numeric_limits<uint32_t>::max()) return false;
    TapeValue& v = Push(TapeValue::Kind::kString);
    v.count_ = static_cast<uint32_t>(length);
    if (appended) {
      v.buffered_ = true;
      v.uint_ = from;  // the buffer may yet move: pointed into at the end (PointIntoBuffer)
    } else {
      v.text_ = text.data();
    }
    return true;
  }

  // A string's text while the tape is read.
  std::string_view TextOf(const TapeValue& v) const {
    return v.buffered_ ? std::string_view(buffer_).substr(v.uint_, v.count_) : v.str();
  }

  // An object member's name and colon, leaving the cursor at its value. A repeated name keeps
  // its first place and takes the new value: the later name is hidden and the first one links
  // to the value that follows it.
  bool Key() {
    if (!String()) return false;
    c_.SkipSpace();
    if (!c_.Consume(':')) return false;
    c_.SkipSpace();
    if (!Keeping()) return true;
    Open& o = open_[depth_ - 1];
    const auto at = static_cast<uint32_t>(values_.size() - 1);
    const uint32_t first = FirstMention(o, at);
    if (first == at) {
      ++values_[o.at].count_;
    } else {
      values_[at].hidden_ = true;
      values_[first].link_ = at + 1 - first;
    }
    return true;
  }

  // Where the object first named the name at `at` (`at` itself for a new name).
  uint32_t FirstMention(Open& o, uint32_t at) {
    const std::string_view name = TextOf(values_[at]);
    if (values_[o.at].count_ < kScanMembers) {
      for (uint32_t i = o.at + 1; i < at; i += 1 + values_[i + 1].span_) {
        if (!values_[i].hidden_ && TextOf(values_[i]) == name) return i;
      }
      return at;
    }
    if (o.names.empty()) {
      for (uint32_t i = o.at + 1; i < at; i += 1 + values_[i + 1].span_) {
        if (!values_[i].hidden_) o.names.emplace(TextOf(values_[i]), i);
      }
    }
    return o.names.emplace(name, at).first->second;
  }

  // Closes the innermost open container at its bracket, or returns false.
  bool Close() {
    if (!skipped_.empty()) {
      const bool object = skipped_.back();
      if (!c_.Consume(object ? '}' : ']')) return false;
      skipped_.pop_back();
      return true;
    }
    Open& o = open_[depth_ - 1];
    if (!c_.Consume(o.object ? '}' : ']')) return false;
    const size_t span = values_.size() - o.at;
    if (span > std::numeric_limits<uint32_t>::max()) return false;
    values_[o.at].span_ = static_cast<uint32_t>(span);
    o.names.clear();
    --depth_;
    return true;
  }

  // An integer is unsigned without a minus sign and signed with one ("-0" too); a fraction, an
  // exponent or an integer beyond 64 bits makes a double; a double's overflow is an error.
  bool Number() {
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
          if (Keeping()) Push(TapeValue::Kind::kUint).uint_ = magnitude;
          return true;
        }
        if (magnitude <= kMinMagnitude) {
          if (Keeping()) {
            Push(TapeValue::Kind::kInt).int_ = magnitude == kMinMagnitude
                                                   ? std::numeric_limits<int64_t>::min()
                                                   : -static_cast<int64_t>(magnitude);
          }
          return true;
        }
      }
    }
    // strtod reads the C locale's decimal point, which the program never changes (main.cc sets
    // LC_CTYPE only); the token is copied to end it.
    const std::string text(token);
    const double d = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(d)) return false;
    if (Keeping()) Push(TapeValue::Kind::kDouble).double_ = d;
    return true;
  }

  // The buffer is whole: its strings can be pointed into.
  void PointIntoBuffer() {
    if (buffer_.empty()) return;
    for (TapeValue& v : values_) {
      if (!v.buffered_) continue;
      v.text_ = buffer_.data() + v.uint_;
      v.buffered_ = false;
    }
  }

  JsonCursor c_;
  std::vector<TapeValue>& values_;
  std::string& buffer_;
  std::vector<Open>& open_;  // the open containers kept, innermost at depth_ - 1
  size_t depth_ = 0;
  // Containers opened where nothing is kept, innermost last: whether each is an object.
  std::vector<bool> skipped_;
};

bool JsonTape::Parse(std::string_view text) {
  if (values_.capacity() > kKeptValues && text.size() < kKeptValues) {
    values_ = {};
    buffer_ = {};
    open_ = {};
  }
  // Room for a body of small values; a larger tape grows as it is read.
  values_.reserve(text.size() / 8 + 8);
  return Reader(text, this).Document();
}

JsonTape& ThreadTape() {
  thread_local JsonTape tape;
  return tape;
}

}  // namespace ddblab::wire::internal
