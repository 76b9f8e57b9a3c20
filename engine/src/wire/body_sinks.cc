#include "wire/body_sinks.h"

#include <cstdint>
#include <iterator>
#include <vector>

#include "ddblab/result_item.h"
#include "ddblab/wire.h"
#include "value/item_encoding.h"
#include "wire/base64.h"
#include "wire/json_cursor.h"

namespace ddblab::wire::internal {
namespace {

using ObjectVector = Json::object_t::Container;

std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// A JSON string literal, escaped exactly as nlohmann's dump escapes it (ensure_ascii off, invalid
// UTF-8 replaced). Plain ASCII, the common case, is copied as it is.
void AppendString(std::string_view s, std::string* out) {
  if (PlainPrefix(s) != s.size()) {
    *out += Dump(Json(std::string(s)));
    return;
  }
  const size_t at = out->size();
  out->resize(at + s.size() + 2);
  char* p = out->data() + at;
  *p = '"';
  s.copy(p + 1, s.size());
  p[s.size() + 1] = '"';
}

// A WalkItem builder that writes text as the walk goes. The walk is depth-first in document
// order and announces each container's size up front, so a stack of "children left" counts says
// where each container closes.
struct TextBuilder {
  using Value = char;  // nothing is built: every slot is the same placeholder
  struct Frame {
    uint64_t left;
    const char* close;
    bool first;
  };
  std::string* out;
  std::vector<Frame>& frames;
  Value slot = 0;

  // `stack` is the thread's, kept with its room from item to item (an item's walk does not
  // start another).
  TextBuilder(std::string* o, std::vector<Frame>& stack) : out(o), frames(stack) {
    frames.clear();
    frames.push_back({UINT64_MAX, "", true});  // the item itself, closed by the caller
  }
  // A child of the innermost container begins.
  void Next() {
    Frame& f = frames.back();
    if (!f.first) *out += ',';
    f.first = false;
    --f.left;
  }
  // A value ended: close every container whose last child it was.
  void Done() {
    while (frames.size() > 1 && frames.back().left == 0) {
      *out += frames.back().close;
      frames.pop_back();
    }
  }
  // `{"S":`, the opening of a value of type t, in one append.
  void Type(AttrType t) {
    static constexpr std::string_view kOpenings[] = {
        R"({"S":)", R"({"N":)", R"({"B":)",  R"({"BOOL":)", R"({"NULL":)",
        R"({"L":)", R"({"M":)", R"({"SS":)", R"({"NS":)",   R"({"BS":)"};
    static_assert(std::size(kOpenings) == static_cast<size_t>(AttrType::kBS) + 1);
    out->append(kOpenings[static_cast<size_t>(t)]);
  }
  void Open(AttrType t, char open, const char* close, size_t n) {
    Type(t);
    *out += open;
    if (n == 0) {
      *out += close;
      Done();
      return;
    }
    frames.push_back({n, close, true});
  }
  void Member(AttrType t, std::string_view bytes) {
    if (t == AttrType::kB || t == AttrType::kBS) {
      *out += '"';
      *out += Base64Encode(bytes);  // base64 needs no escaping
      *out += '"';
    } else {
      AppendString(bytes, out);
    }
  }

  bool Scalar(AttrType t, std::string_view bytes, Value*) {
    Type(t);
    Member(t, bytes);
    *out += '}';
    Done();
    return true;
  }
  void Bool(bool b, Value*) {
    Type(AttrType::kBool);
    *out += b ? "true}" : "false}";
    Done();
  }
  void Null(Value*) {
    Type(AttrType::kNull);
    *out += "true}";
    Done();
  }
  void BeginList(size_t n, Value*) { Open(AttrType::kL, '[', "]}", n); }
  Value* ListSlot(Value*, size_t) {
    Next();
    return &slot;
  }
  void BeginMap(size_t n, Value*) { Open(AttrType::kM, '{', "}}", n); }
  Value* MapSlot(Value*, std::string_view name) {
    Next();
    AppendString(name, out);
    *out += ':';
    return &slot;
  }
  void BeginSet(AttrType t, size_t n, Value*) { Open(t, '[', "]}", n); }
  bool SetMember(AttrType t, std::string_view bytes, Value*) {
    Next();
    Member(t, bytes);
    Done();
    return true;
  }
};

// An item still in its storage encoding is written from it; a decoded one through its document.
void AppendItem(const ResultItem& item, std::string* out) {
  if (item.has_encoding()) {
    const size_t start = out->size();
    *out += '{';
    thread_local std::vector<TextBuilder::Frame> stack;
    TextBuilder b(out, stack);
    char root = 0;
    if (encoding::WalkItem(item.encoding(), b, &root) == nullptr) {
      *out += '}';
      return;
    }
    // The engine checked the encoding when it read the row, so this cannot happen; if it did,
    // the decoded item renders the usual way.
    out->resize(start);
  }
  *out += Dump(ItemToJson(item));
}

}  // namespace

void JsonSink::Key(std::string_view name) {
  auto& members = static_cast<ObjectVector&>(open_.back()->get_ref<Json::object_t&>());
  members.emplace_back(std::string(name), Json());
  slot_ = &members.back().second;
}

void JsonSink::BeginArray(size_t elements) {
  *slot_ = Json::array();
  slot_->get_ref<Json::array_t&>().reserve(elements);
  open_.push_back(slot_);
}

void JsonSink::Element() {
  auto& elements = open_.back()->get_ref<Json::array_t&>();
  elements.emplace_back();
  slot_ = &elements.back();
}

void TextSink::AppendString(std::string_view s) { internal::AppendString(s, out_); }
void TextSink::ItemValue(const ResultItem& item) { AppendItem(item, out_); }
void TextSink::Document(const Json& value) { *out_ += Dump(value); }

}  // namespace ddblab::wire::internal
