// The bytes of the whole items one Query or Scan page returns.
//
// Each ResultItem points straight at its bytes, so bytes never move once written: they go into
// chunks, and a full chunk is followed by a new one rather than grown (a growing string would
// move every item written so far). A page's items share one buffer, one allocation per chunk
// rather than per item, and an item copied out of the response keeps the buffer alive.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace ddblab {

class PageBuffer {
 public:
  // Copies an item's bytes in; the view returned stays valid until Clear() or the buffer's end.
  std::string_view Append(std::string_view bytes);
  // Empties the buffer for the next page; its chunks are kept and refilled.
  void Clear();
  // The bytes reserved over all chunks.
  size_t capacity() const;

 private:
  struct Chunk {
    std::unique_ptr<char[]> data;
    size_t size = 0;
    size_t capacity = 0;
  };
  std::vector<Chunk> chunks_;
  size_t current_ = 0;  // the chunk being filled
};

}  // namespace ddblab
