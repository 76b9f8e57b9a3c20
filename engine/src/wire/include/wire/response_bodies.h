// What the response decoders (response_bodies_*.cc, the remote client's half of codec.h) share:
// a reader of a remote endpoint's response body that checks each member's JSON type before
// converting it, so a body of the wrong shape is a SerializationException naming the member by
// its path ("Table.GlobalSecondaryIndexes[0].ItemCount") instead of a crash or an exception.
// An absent or null member leaves the struct's default; members ddblab does not model are never
// looked at. Internal to the wire module.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// Reads one response body. The first ill-typed member is remembered and reported by Finish;
// reading goes on past it (the ill-typed member reads as absent), so a caller that wants what
// could be read gets every other member.
class BodyReader {
 public:
  BodyReader() = default;
  BodyReader(const BodyReader&) = delete;
  BodyReader& operator=(const BodyReader&) = delete;

  // The first problem as a SerializationException, or OK.
  Status Finish() const {
    if (problem_) return MakeError(ErrorType::kSerializationException, *problem_);
    return OkStatus();
  }

  // Problems found while a Scope lives are named below its member or element. The name must
  // outlive the scope (a literal, or a key of the body being read).
  class [[nodiscard]] Scope {
   public:
    ~Scope() { reader_->path_.pop_back(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    friend class BodyReader;
    explicit Scope(BodyReader* reader) : reader_(reader) {}
    BodyReader* reader_;
  };
  Scope In(std::string_view member) {
    path_.push_back(Step{member, 0, false});
    return Scope(this);
  }
  Scope At(size_t index) {
    path_.push_back(Step{{}, index, true});
    return Scope(this);
  }

  // Whether the body is a JSON object, as every response body is.
  bool Body(const Json& body) {
    if (body.is_object()) return true;
    if (!problem_) problem_ = "The response body must be a JSON object, not " + Found(body);
    return false;
  }

  // Whether `value`, the value at the current path (an array element or a map value), is an
  // object; a problem when it is not.
  bool IsObject(const Json& value) {
    if (value.is_object()) return true;
    Problem({}, "an object", value);
    return false;
  }

  // Calls each(element) for every element of the array member `name` of `obj` that is an
  // object, with the element's path current; an element of another type is a problem and is
  // skipped.
  template <typename Each>
  void EachObject(const Json& obj, std::string_view name, Each each) {
    const Json* list = Array(obj, name);
    if (list == nullptr) return;
    Scope in = In(name);
    for (size_t i = 0; i < list->size(); ++i) {
      Scope at = At(i);
      if (IsObject((*list)[i])) each((*list)[i]);
    }
  }

  // The object or array member `name` of `obj`; nullptr when absent, null or ill-typed.
  const Json* Object(const Json& obj, std::string_view name) {
    return Typed(obj, name, &Json::is_object, "an object");
  }
  const Json* Array(const Json& obj, std::string_view name) {
    return Typed(obj, name, &Json::is_array, "an array");
  }

  // Scalar members of `obj`, stored in *out when present and of the right JSON type.
  void Read(const Json& obj, std::string_view name, std::string* out) {
    if (const Json* m = Typed(obj, name, &Json::is_string, "a string")) {
      *out = m->get_ref<const std::string&>();
    }
  }
  void Read(const Json& obj, std::string_view name, std::optional<std::string>* out) {
    if (const Json* m = Typed(obj, name, &Json::is_string, "a string")) {
      *out = m->get_ref<const std::string&>();
    }
  }
  void Read(const Json& obj, std::string_view name, bool* out) {
    if (const Json* m = Typed(obj, name, &Json::is_boolean, "a boolean")) *out = m->get<bool>();
  }
  void Read(const Json& obj, std::string_view name, std::optional<bool>* out) {
    if (const Json* m = Typed(obj, name, &Json::is_boolean, "a boolean")) *out = m->get<bool>();
  }
  void Read(const Json& obj, std::string_view name, double* out) {
    if (const Json* m = Typed(obj, name, &Json::is_number, "a number")) *out = m->get<double>();
  }
  // A count or a size. A fractional number is truncated; one beyond int64 is clamped.
  void Read(const Json& obj, std::string_view name, int64_t* out) {
    const Json* m = Typed(obj, name, &Json::is_number, "a number");
    if (m == nullptr) return;
    if (m->is_number_integer()) {
      *out = m->get<int64_t>();
    } else if (m->is_number_unsigned()) {
      *out = m->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)
                 ? INT64_MAX
                 : static_cast<int64_t>(m->get<uint64_t>());
    } else {
      double d = m->get<double>();
      *out = !(std::fabs(d) < 9.2e18) ? (d < 0 ? INT64_MIN : INT64_MAX) : static_cast<int64_t>(d);
    }
  }
  // A list of strings (TableNames, NonKeyAttributes, AttributesToGet).
  void Read(const Json& obj, std::string_view name, std::vector<std::string>* out) {
    const Json* list = Array(obj, name);
    if (list == nullptr) return;
    Scope in = In(name);
    out->clear();
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& s = (*list)[i];
      if (s.is_string()) {
        out->push_back(s.get_ref<const std::string&>());
      } else {
        Scope at = At(i);
        Problem({}, "a string", s);
      }
    }
  }
  void Read(const Json& obj, std::string_view name, std::optional<std::vector<std::string>>* out) {
    if (Array(obj, name) == nullptr) return;
    Read(obj, name, &out->emplace());
  }
  // A map of strings (ExpressionAttributeNames).
  void Read(const Json& obj, std::string_view name,
            std::optional<std::map<std::string, std::string>>* out) {
    const Json* map = Object(obj, name);
    if (map == nullptr) return;
    Scope in = In(name);
    std::map<std::string, std::string>& m = out->emplace();
    for (auto it = map->begin(); it != map->end(); ++it) {
      if (it.value().is_string()) {
        m[it.key()] = it.value().get_ref<const std::string&>();
      } else {
        Problem(it.key(), "a string", it.value());
      }
    }
  }
  // An item-valued member (Item, Attributes, LastEvaluatedKey, Keys, NewImage, ...).
  void Read(const Json& obj, std::string_view name, std::optional<Item>* out) {
    const Json* m = Typed(obj, name, &Json::is_object, "an object");
    if (m == nullptr) return;
    Scope in = In(name);
    *out = ItemValue(*m);
  }

  // `value`, the value at the current path, as an item; nullopt (and a problem) when it is not
  // one. Value rules an item breaks (an empty set, a number ddblab cannot hold) make it
  // unreadable too.
  std::optional<Item> ItemValue(const Json& value) {
    Result<Item> item = ItemFromJson(value);
    if (item.ok()) return std::move(item).value();
    if (!problem_) {
      problem_ = "Response member " + PathTo({}) + " is not an item: " + item.error().message;
    }
    return std::nullopt;
  }

  // The body's ConsumedCapacity: one object for a single-table call, an array of them (one per
  // table) for batches and transactions. `read` as CapacityFromJson takes it.
  void ReadCapacity(const Json& body, bool read, ConsumedCapacity* out) {
    const Json* c = Object(body, "ConsumedCapacity");
    if (c == nullptr) return;
    Scope in = In("ConsumedCapacity");
    CheckCapacity(*c);
    *out = CapacityFromJson(*c, read);
  }
  void ReadCapacities(const Json& body, bool read, std::vector<ConsumedCapacity>* out) {
    const Json* list = Array(body, "ConsumedCapacity");
    if (list == nullptr) return;
    Scope in = In("ConsumedCapacity");
    for (size_t i = 0; i < list->size(); ++i) {
      Scope at = At(i);
      if (!IsObject((*list)[i])) continue;
      CheckCapacity((*list)[i]);
      out->push_back(CapacityFromJson((*list)[i], read));
    }
  }

 private:
  struct Step {
    std::string_view member;
    size_t index;
    bool is_index;
  };

  static std::string Found(const Json& j) {
    if (j.is_object()) return "an object";
    if (j.is_array()) return "an array";
    if (j.is_string()) return "a string";
    if (j.is_boolean()) return "a boolean";
    if (j.is_number()) return "a number";
    return j.type_name();
  }

  // "Table.GlobalSecondaryIndexes[0]" plus `member` when given.
  std::string PathTo(std::string_view member) const {
    std::string path;
    for (const Step& s : path_) {
      if (s.is_index) {
        path += "[" + std::to_string(s.index) + "]";
      } else {
        if (!path.empty()) path += '.';
        path += s.member;
      }
    }
    if (!member.empty()) {
      if (!path.empty()) path += '.';
      path += member;
    }
    return path;
  }

  void Problem(std::string_view member, std::string_view expected, const Json& found) {
    if (problem_) return;
    problem_ = "Response member " + PathTo(member) + " must be " + std::string(expected) +
               ", not " + Found(found);
  }

  const Json* Typed(const Json& obj, std::string_view name, bool (Json::*is)() const noexcept,
                    std::string_view expected) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(name);
    if (it == obj.end() || it->is_null()) return nullptr;
    if (((*it).*is)()) return &*it;
    Problem(name, expected, *it);
    return nullptr;
  }

  // The JSON types of one ConsumedCapacity (CapacityFromJson itself skips ill-typed members).
  void CheckUnits(const Json& c) {
    for (const char* units : {"CapacityUnits", "ReadCapacityUnits", "WriteCapacityUnits"}) {
      Typed(c, units, &Json::is_number, "a number");
    }
  }
  void CheckCapacity(const Json& c) {
    Typed(c, "TableName", &Json::is_string, "a string");
    CheckUnits(c);
    if (const Json* table = Object(c, "Table")) {
      Scope in = In("Table");
      CheckUnits(*table);
    }
    for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      const Json* indexes = Object(c, member);
      if (indexes == nullptr) continue;
      Scope in = In(member);
      for (auto it = indexes->begin(); it != indexes->end(); ++it) {
        Scope index = In(it.key());
        if (IsObject(it.value())) CheckUnits(it.value());
      }
    }
  }

  std::vector<Step> path_;
  std::optional<std::string> problem_;
};

}  // namespace ddblab::wire::internal
