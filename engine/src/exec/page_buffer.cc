#include "exec/page_buffer.h"

#include <algorithm>
#include <cstring>

namespace ddblab {
namespace {

// A typical Query page fits the first chunk; later chunks double, up to a quarter of a 1 MB page.
constexpr size_t kFirstChunk = 32 * 1024;
constexpr size_t kLargestChunk = 256 * 1024;

}  // namespace

std::string_view PageBuffer::Append(std::string_view bytes) {
  const size_t n = bytes.size();
  while (current_ < chunks_.size() && chunks_[current_].size + n > chunks_[current_].capacity) {
    ++current_;
  }
  if (current_ == chunks_.size()) {
    const size_t next =
        chunks_.empty() ? kFirstChunk : std::min(2 * chunks_.back().capacity, kLargestChunk);
    Chunk chunk;
    chunk.capacity = std::max(n, next);
    chunk.data =
        std::unique_ptr<char[]>(new char[chunk.capacity]);  // left unset: written before read
    chunks_.push_back(std::move(chunk));
  }
  Chunk& chunk = chunks_[current_];
  char* at = chunk.data.get() + chunk.size;
  if (n > 0) std::memcpy(at, bytes.data(), n);
  chunk.size += n;
  return std::string_view(at, n);
}

void PageBuffer::Clear() {
  for (Chunk& chunk : chunks_) chunk.size = 0;
  current_ = 0;
}

size_t PageBuffer::capacity() const {
  size_t total = 0;
  for (const Chunk& chunk : chunks_) total += chunk.capacity;
  return total;
}

}  // namespace ddblab
