// JSON text read once into a flat tape of values: the one parse of every JSON text (request
// bodies, aws-CLI parameters, remote answers). Request readers (json_read.h, model_codec.h) read
// a body straight from its tape; ParseJson builds the document model from the same tape, for the
// callers that keep or edit a document.
//
// Why a tape: the document model allocates a node per container and per string and copies each
// string, which was most of what a small request body cost before the engine ran. A tape is one
// array of fixed-size values in document order; a string points into the text it was read from
// (or, when it held an escape or a multi-byte character, into the tape's own buffer), so reading
// a body allocates about once. The tape refers to the text: the text must outlive it.
//
// TapeValue answers the part of the document model's interface that the request readers use
// (is_object(), find(), begin()/end() with key()/value(), get<T>()), with the same meaning, so
// each reader is written once, as a template over both.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ddblab::wire::internal {

class TapeValue {
 public:
  enum class Kind : uint8_t {
    kNull,
    kFalse,
    kTrue,
    kString,
    kInt,
    kUint,
    kDouble,
    kObject,
    kArray
  };

  // A position among an object's members (at a member's name) or an array's elements.
  class Iterator {
   public:
    Iterator(const TapeValue* at, const TapeValue* end, bool object)
        : at_(at), end_(end), object_(object) {
      SkipHidden();
    }
    // The member's name (objects only).
    std::string_view key() const { return at_->str(); }
    // The member's value, or the element.
    const TapeValue& value() const { return object_ ? *(at_ + at_->link_) : *at_; }
    const TapeValue& operator*() const { return value(); }
    const TapeValue* operator->() const { return &value(); }
    Iterator& operator++() {
      // A member is its name and its value as written (a repeated name's later value included).
      at_ += object_ ? 1 + at_[1].span_ : at_->span_;
      SkipHidden();
      return *this;
    }
    bool operator==(const Iterator& o) const { return at_ == o.at_; }

   private:
    // The later mentions of a repeated name are not members of their own (see Tape::Place).
    void SkipHidden() {
      while (object_ && at_ != end_ && at_->hidden_) at_ += 1 + at_[1].span_;
    }
    const TapeValue* at_;
    const TapeValue* end_;
    bool object_;
  };

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_boolean() const { return kind_ == Kind::kFalse || kind_ == Kind::kTrue; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_object() const { return kind_ == Kind::kObject; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_number_float() const { return kind_ == Kind::kDouble; }
  bool is_number_unsigned() const { return kind_ == Kind::kUint; }
  // As in the document model: true for signed and unsigned integers alike.
  bool is_number_integer() const { return kind_ == Kind::kInt || kind_ == Kind::kUint; }
  bool is_number() const { return is_number_integer() || is_number_float(); }

  // A string's text.
  std::string_view str() const { return {text_, count_}; }
  // The members (distinct names) of an object, the elements of an array; 0 for a scalar.
  size_t size() const { return is_object() || is_array() ? count_ : 0; }

  // A scalar as T, converting numbers as the document model's get<T>() does.
  template <typename T>
  T get() const {
    if constexpr (std::is_same_v<T, bool>) {
      return kind_ == Kind::kTrue;
    } else if constexpr (std::is_same_v<T, std::string>) {
      return std::string(str());
    } else {
      switch (kind_) {
        case Kind::kInt:
          return static_cast<T>(int_);
        case Kind::kUint:
          return static_cast<T>(uint_);
        case Kind::kDouble:
          return static_cast<T>(double_);
        default:
          return T{};
      }
    }
  }

  Iterator begin() const { return {this + 1, this + span_, is_object()}; }
  Iterator end() const { return {this + span_, this + span_, is_object()}; }
  // The member `name` of an object (its last value when the name is repeated), or end().
  Iterator find(std::string_view name) const {
    for (Iterator it = begin(); it != end(); ++it) {
      if (it.key() == name) return it;
    }
    return end();
  }

 private:
  friend class JsonTape;

  Kind kind_ = Kind::kNull;
  bool hidden_ = false;    // a member name mentioned before in its object
  bool buffered_ = false;  // while reading: a string in the buffer, text_ not yet set
  uint32_t count_ = 0;     // a string's length; a container's members or elements
  uint32_t span_ = 1;      // the values this one takes on the tape, itself included
  uint32_t link_ = 1;      // a member name: how far ahead its (last) value is
  union {
    const char* text_ = nullptr;
    int64_t int_;
    uint64_t uint_;
    double double_;
  };
};

class JsonTape {
 public:
  JsonTape();
  ~JsonTape();
  // Strings point into the tape's buffer: a tape stays where it was built.
  JsonTape(const JsonTape&) = delete;
  JsonTape& operator=(const JsonTape&) = delete;

  // Reads `text` (one JSON value by RFC 8259, whitespace around it, a leading byte order mark
  // skipped); false on a syntax error or a number too large for a double. Integers are unsigned
  // without a minus sign and signed with one; a fraction, an exponent or more than 64 bits make
  // a double. A repeated member name keeps its first position and takes its last value.
  // Containers deeper than 256 levels are read but left empty. Reading again reuses the room
  // (what a huge text needed is given back when a small one follows).
  bool Parse(std::string_view text);

  // The value read (after a successful Parse).
  const TapeValue& root() const { return values_[0]; }

 private:
  class Reader;
  struct Open;

  std::vector<TapeValue> values_;
  std::string buffer_;      // strings that were not in the text as they read
  std::vector<Open> open_;  // the containers open while reading
};

// The calling thread's tape, kept between texts so that reading a body allocates nothing once the
// room is there. For a reader that is done with the tape before it returns: nothing it calls may
// read another text onto it.
JsonTape& ThreadTape();

}  // namespace ddblab::wire::internal
