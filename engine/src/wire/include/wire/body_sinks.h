// Where the model's writer (model_codec.h, Write) puts a body: a document (JsonSink), or its text
// (TextSink), through the same walk, so every answer and request has one writer whichever form
// it leaves in. The text is what Json::dump(-1, ' ', false, replace) gives for the document of
// the same value: same members, same order, same escaping; an item still in its storage encoding
// is written from it in one pass (serve's Query pages: building a document for a 100-item page
// and then serializing it spent most of the server's time in malloc and free).
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ddblab/result_item.h"
#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// Builds a document: each Key or Element opens the slot the next value fills.
class JsonSink {
 public:
  JsonSink() : slot_(&root_) {}
  // Appends members to `object`, an object that stays where it is while the sink writes.
  explicit JsonSink(Json& object) : slot_(nullptr) { open_.push_back(&object); }

  void BeginObject(size_t members) {
    *slot_ = ObjectWithRoom(members);
    open_.push_back(slot_);
  }
  void Key(std::string_view name);
  void EndObject() { open_.pop_back(); }
  void BeginArray(size_t elements);
  void Element();
  void EndArray() { open_.pop_back(); }
  template <typename T>
  void Scalar(const T& value) {
    *slot_ = Json(value);
  }
  void ItemValue(const Item& item) { *slot_ = ItemToJson(item); }
  void ItemValue(const ResultItem& item) { *slot_ = ItemToJson(item); }
  void Document(Json value) { *slot_ = std::move(value); }

  Json Take() { return std::move(root_); }

 private:
  Json root_;
  // The open containers, innermost last. Each is the last member or element of the one before,
  // which gains no member while it is open, so the pointers hold.
  std::vector<Json*> open_;
  Json* slot_;
};

// Appends the text to a string.
class TextSink {
 public:
  explicit TextSink(std::string* out) : out_(out) {}

  void BeginObject(size_t) { Open('{'); }
  void Key(std::string_view name) {
    Comma();
    AppendString(name);
    *out_ += ':';
  }
  void EndObject() { Close('}'); }
  void BeginArray(size_t) { Open('['); }
  void Element() { Comma(); }
  void EndArray() { Close(']'); }
  template <typename T>
  void Scalar(const T& value) {
    if constexpr (std::is_same_v<T, bool>) {
      *out_ += value ? "true" : "false";
    } else if constexpr (std::is_integral_v<T>) {
      char digits[24];
      auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
      out_->append(digits, end);
    } else if constexpr (std::is_same_v<T, std::string>) {
      AppendString(value);
    } else {
      Document(Json(value));  // a double, in the document model's own shortest form
    }
  }
  void ItemValue(const Item& item) { Document(ItemToJson(item)); }
  void ItemValue(const ResultItem& item);
  void Document(const Json& value);

 private:
  void Open(char bracket) {
    *out_ += bracket;
    first_.push_back(true);
  }
  void Close(char bracket) {
    *out_ += bracket;
    first_.pop_back();
  }
  void Comma() {
    if (!first_.back()) *out_ += ',';
    first_.back() = false;
  }
  // A JSON string literal, escaped exactly as the document model's dump escapes it.
  void AppendString(std::string_view s);

  std::string* out_;
  std::vector<bool> first_;  // per open container: whether nothing is in it yet
};

}  // namespace ddblab::wire::internal
