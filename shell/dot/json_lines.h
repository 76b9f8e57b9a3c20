// Reading and writing DynamoDB's export format, one {"Item": {...}} per line, plain or gzip.
// Reading streams the file in fixed-size chunks (zlib reads a plain file as is), so memory is
// bounded by the longest line, itself bounded by kMaxLineBytes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ddblab/error.h"
#include "ddblab/value.h"

namespace ddblab::shell {

// An item is at most 400 KB of attribute data; its JSON text (base64 binary, escapes, type
// descriptors) stays well under this.
inline constexpr size_t kMaxLineBytes = size_t{8} << 20;

class ItemLineReader {
 public:
  // Opens `path` (a regular file; gzip is recognized by its magic bytes).
  static Result<std::unique_ptr<ItemLineReader>> Open(const std::string& path);
  ~ItemLineReader();
  ItemLineReader(const ItemLineReader&) = delete;
  ItemLineReader& operator=(const ItemLineReader&) = delete;

  // The next item, nullopt at the end. Blank lines are skipped. Errors name the line.
  Result<std::optional<Item>> Next();
  // The 1-based number of the line Next last read.
  int64_t line() const { return line_; }
  // How much of the file has been read, 0..1 (of the compressed bytes for a gzip file), for a
  // progress line's estimate of the time left.
  double fraction() const;

 private:
  ItemLineReader(void* gz, int64_t file_size) : gz_(gz), file_size_(file_size) {}
  Result<bool> ReadLine(std::string* out);
  void* gz_;
  int64_t file_size_;
  std::string buf_;
  size_t pos_ = 0;
  bool eof_ = false;
  int64_t line_ = 0;
};

// One line's item: the line must be {"Item": {...}} in DynamoDB JSON; errors name `line`.
Result<Item> ParseItemLine(std::string_view text, int64_t line);

// The export line of one item already in DynamoDB JSON: {"Item":{...}}.
std::string ItemLine(const std::string& item_json);

}  // namespace ddblab::shell
