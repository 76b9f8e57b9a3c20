#include "json_lines.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include "ddblab/wire.h"

namespace ddblab::shell {

namespace {
constexpr size_t kChunk = 256 * 1024;

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// X of a line `{"Item": X}` (JSON whitespace around each token), or empty when the line is not
// of that form as plainly spelled; ParseItemLine then judges and words it.
std::string_view ItemObjectText(std::string_view line) {
  size_t i = 0;
  auto skip = [&] {
    while (i < line.size() && IsJsonSpace(line[i])) ++i;
  };
  auto eat = [&](std::string_view token) {
    skip();
    if (line.substr(i, token.size()) != token) return false;
    i += token.size();
    return true;
  };
  if (!eat("{") || !eat("\"Item\"") || !eat(":")) return {};
  size_t end = line.size();
  while (end > i && IsJsonSpace(line[end - 1])) --end;
  if (end == i || line[end - 1] != '}') return {};
  return line.substr(i, end - 1 - i);
}
}  // namespace

Result<Item> ParseItemLine(std::string_view text, int64_t line) {
  // The wire's text reader reads a line's item without a JSON document; it answers only where
  // the document would give the same item, so the rest, and every error, is judged below.
  Item item;
  if (std::string_view object = ItemObjectText(text);
      !object.empty() && wire::ReadValuesText(object, &item)) {
    return item;
  }
  const std::string where = "line " + std::to_string(line) + ": ";
  wire::Json j = wire::ParseJson(text);
  // No DynamoDB text exists for a line of the wrong shape (ImportTable only counts such lines
  // as errors), so these say what a line must look like.
  if (j.is_discarded()) return ValidationError(where + "not valid JSON");
  if (!j.is_object() || !j.contains("Item") || !j["Item"].is_object()) {
    return ValidationError(where + "expected {\"Item\": {...}} (DynamoDB JSON of one item)");
  }
  if (j.size() != 1) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.key() != "Item") {
        return ValidationError(where + "unexpected member \"" + it.key() +
                               "\"; a line holds only {\"Item\": {...}}");
      }
    }
  }
  auto decoded = wire::ItemFromJson(j["Item"]);
  if (!decoded.ok()) {
    Error e = decoded.error();
    e.message = where + e.message;
    return e;
  }
  return std::move(decoded).value();
}

Result<std::unique_ptr<ItemLineReader>> ItemLineReader::Open(const std::string& path) {
  // O_NONBLOCK: a FIFO must not block the open; it is refused below.
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return ValidationError("Unable to open " + path + ": " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return ValidationError("Unable to open " + path + ": not a regular file");
  }
  gzFile gz = gzdopen(fd, "rb");
  if (gz == nullptr) {
    close(fd);
    return ValidationError("Unable to open " + path + ": out of memory");
  }
  gzbuffer(gz, kChunk);
  return std::unique_ptr<ItemLineReader>(new ItemLineReader(gz, static_cast<int64_t>(st.st_size)));
}

double ItemLineReader::fraction() const {
  if (file_size_ <= 0) return 0;
  // gzoffset: the position in the file itself, compressed or not.
  double done =
      static_cast<double>(gzoffset(static_cast<gzFile>(gz_))) / static_cast<double>(file_size_);
  return done > 1 ? 1 : done;
}

ItemLineReader::~ItemLineReader() { gzclose(static_cast<gzFile>(gz_)); }

Result<bool> ItemLineReader::ReadLine(std::string* out) {
  out->clear();
  for (;;) {
    size_t nl = buf_.find('\n', pos_);
    if (nl != std::string::npos) {
      out->append(buf_, pos_, nl - pos_);
      pos_ = nl + 1;
      return true;
    }
    out->append(buf_, pos_, std::string::npos);
    buf_.clear();
    pos_ = 0;
    if (out->size() > kMaxLineBytes) {
      return ValidationError("line " + std::to_string(line_ + 1) + ": longer than " +
                             std::to_string(kMaxLineBytes >> 20) +
                             " MiB, more than any item of at most 400 KB needs");
    }
    if (eof_) return !out->empty();
    buf_.resize(kChunk);
    int n = gzread(static_cast<gzFile>(gz_), buf_.data(), static_cast<unsigned>(kChunk));
    if (n < 0) {
      int code = 0;
      std::string why = gzerror(static_cast<gzFile>(gz_), &code);
      return ValidationError("line " + std::to_string(line_ + 1) + ": the file cannot be read (" +
                             why + ")");
    }
    buf_.resize(static_cast<size_t>(n));
    if (n == 0) eof_ = true;
  }
}

Result<std::optional<Item>> ItemLineReader::Next() {
  std::string text;
  for (;;) {
    DDB_ASSIGN_OR_RETURN(bool got, ReadLine(&text));
    if (!got) return std::optional<Item>();
    ++line_;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") != std::string::npos) break;
  }
  DDB_ASSIGN_OR_RETURN(Item item, ParseItemLine(text, line_));
  return std::optional<Item>(std::move(item));
}

std::string ItemLine(const std::string& item_json) { return "{\"Item\":" + item_json + "}\n"; }

}  // namespace ddblab::shell
