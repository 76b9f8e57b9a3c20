// An incremental HTTP/1.1 request reader for `ddblab serve`: bytes go in as they arrive on a
// socket, a complete request (head and whole body) comes out. It never blocks and never waits, so
// the event loop can hold thousands of half-sent requests without a thread for each; only a
// complete request is handed to a worker.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ddblab::shell::serve {

// RFC 9110 5.6.2: whether `c` is a tchar, a character of a token (a field name, a coding).
bool IsTokenChar(char c);

struct ReaderLimits {
  // The request line and all header lines, with their line ends. Larger heads are refused with
  // 400 Bad Request (DynamoDB answers an over-long URL with 400, not 414 or 431).
  size_t max_head_bytes = 16 * 1024;
  // DynamoDB: a request body over 16 MB is refused with HTTP 413.
  size_t max_body_bytes = 16 * 1024 * 1024;
};

struct HttpRequest {
  std::string method;
  std::string path;   // the target without its query string
  std::string query;  // what follows '?' in the target, undecoded ("" when none)
  int minor_version = 1;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;

  // The first header of that name (case-insensitive), or "" when absent.
  std::string_view Header(std::string_view name) const;
  // The last header of that name, for headers where a repeat replaces the earlier value.
  std::string_view LastHeader(std::string_view name) const;
  // HTTP/1.1 keeps the connection unless "Connection: close"; HTTP/1.0 only with "keep-alive".
  bool KeepAlive() const;
};

enum class ReadStatus {
  kNeedMore,      // nothing complete yet; feed more bytes
  kComplete,      // Take() the request; the reader is ready for the next one
  kBadRequest,    // malformed head or chunk framing (400)
  kHeadTooLarge,  // head over max_head_bytes (400)
  kBodyTooLarge,  // body over max_body_bytes (413)
};

class RequestReader {
 public:
  explicit RequestReader(ReaderLimits limits = {}) : limits_(limits) {}

  // Consumes what it can from the front of `input` (bytes it used are erased) and says where the
  // request stands. After kBadRequest, kHeadTooLarge or kBodyTooLarge the connection must close.
  ReadStatus Feed(std::string& input);

  // True once the head is complete and the client asked "Expect: 100-continue" for a body that
  // has not arrived; the caller sends "100 Continue" once (see ContinueSent()).
  bool WantsContinue() const { return state_ != State::kHead && expect_continue_ && !continued_; }
  void ContinueSent() { continued_ = true; }
  // True while some of a request has arrived (a byte of its head or more).
  bool Started() const { return state_ != State::kHead || started_; }
  // True once the head is complete and the body is being read.
  bool HeadDone() const { return state_ != State::kHead; }

  // The request Feed() reported complete; resets the reader for the next request.
  HttpRequest Take();

 private:
  enum class State { kHead, kBody, kChunkSize, kChunkData, kChunkEnd, kTrailer };
  ReadStatus ParseHead(std::string_view head);

  ReaderLimits limits_;
  State state_ = State::kHead;
  bool started_ = false;
  bool expect_continue_ = false;
  bool continued_ = false;
  size_t body_left_ = 0;  // Content-Length still to read, or the current chunk's remainder
  HttpRequest request_;
};

}  // namespace ddblab::shell::serve
