#include "shell/serve/request_reader.h"

#include <algorithm>

namespace ddblab::shell::serve {
namespace {

// Header names are ASCII: fold A-Z inline rather than call the locale's tolower per byte (a
// per-request cost the server profile showed, as every header lookup scans every header).
char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool HeaderNameEquals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return AsciiLower(x) == AsciiLower(y);
         });
}

bool ContainsToken(std::string_view value, std::string_view token) {
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    std::string_view part =
        value.substr(start, comma == std::string_view::npos ? value.npos : comma - start);
    while (!part.empty() && (part.front() == ' ' || part.front() == '\t')) part.remove_prefix(1);
    while (!part.empty() && (part.back() == ' ' || part.back() == '\t')) part.remove_suffix(1);
    if (HeaderNameEquals(part, token)) return true;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return false;
}

std::string_view TrimHeaderValue(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The end of the head (one past its blank line) in `input`, or npos. Lines end in CRLF; a bare LF
// is tolerated as most servers do.
size_t HeadEnd(std::string_view input) {
  for (size_t i = input.find('\n'); i != std::string_view::npos; i = input.find('\n', i + 1)) {
    if (i + 1 < input.size() && input[i + 1] == '\n') return i + 2;
    if (i + 2 < input.size() && input[i + 1] == '\r' && input[i + 2] == '\n') return i + 3;
  }
  return std::string_view::npos;
}

// Parses a non-negative decimal (Content-Length) or hexadecimal (chunk size) number; false on
// anything else or on a value past `cap`, so no arithmetic can overflow.
bool ParseSize(std::string_view text, int base, size_t cap, size_t* out) {
  if (text.empty() || text.size() > 16) return false;
  size_t value = 0;
  for (char c : text) {
    int digit;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (base == 16 && c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else if (base == 16 && c >= 'A' && c <= 'F') {
      digit = c - 'A' + 10;
    } else {
      return false;
    }
    value = value * static_cast<size_t>(base) + static_cast<size_t>(digit);
    if (value > cap) {
      *out = cap + 1;
      return true;
    }
  }
  *out = value;
  return true;
}

}  // namespace

bool IsTokenChar(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

std::string_view HttpRequest::Header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (HeaderNameEquals(key, name)) return value;
  }
  return {};
}

std::string_view HttpRequest::LastHeader(std::string_view name) const {
  std::string_view last;
  for (const auto& [key, value] : headers) {
    if (HeaderNameEquals(key, name)) last = value;
  }
  return last;
}

bool HttpRequest::KeepAlive() const {
  std::string_view connection = Header("Connection");
  if (ContainsToken(connection, "close")) return false;
  return minor_version >= 1 || ContainsToken(connection, "keep-alive");
}

ReadStatus RequestReader::ParseHead(std::string_view head) {
  size_t line_end = head.find('\n');
  std::string_view line = TrimHeaderValue(head.substr(0, line_end));
  size_t sp1 = line.find(' ');
  size_t sp2 = line.rfind(' ');
  if (sp1 == std::string_view::npos || sp2 == sp1) return ReadStatus::kBadRequest;
  request_.method = std::string(line.substr(0, sp1));
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (version == "HTTP/1.1") {
    request_.minor_version = 1;
  } else if (version == "HTTP/1.0") {
    request_.minor_version = 0;
  } else {
    return ReadStatus::kBadRequest;
  }
  if (request_.method.empty() || target.empty()) return ReadStatus::kBadRequest;
  const size_t question = target.find('?');
  request_.path = std::string(target.substr(0, question));
  request_.query =
      question == std::string_view::npos ? "" : std::string(target.substr(question + 1));

  int hosts = 0;
  for (size_t pos = line_end + 1; pos < head.size();) {
    size_t end = head.find('\n', pos);
    if (end == std::string_view::npos) end = head.size();
    std::string_view raw = head.substr(pos, end - pos);
    pos = end + 1;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.empty()) break;
    // RFC 9112 5.2: a line folded onto the previous one (obs-fold) is refused.
    if (raw.front() == ' ' || raw.front() == '\t') return ReadStatus::kBadRequest;
    const size_t colon = raw.find(':');
    if (colon == std::string_view::npos || colon == 0) return ReadStatus::kBadRequest;
    // RFC 9112 5.1: no whitespace between a field name and its colon ("Transfer-Encoding :
    // chunked" is a smuggling building block); a name is a token.
    const std::string_view name = raw.substr(0, colon);
    if (!std::all_of(name.begin(), name.end(), IsTokenChar)) return ReadStatus::kBadRequest;
    const std::string_view value = TrimHeaderValue(raw.substr(colon + 1));
    // RFC 9110 5.5: a field value holding NUL, CR or LF is refused, never passed on.
    if (value.find_first_of(std::string_view("\0\r\n", 3)) != std::string_view::npos) {
      return ReadStatus::kBadRequest;
    }
    // RFC 9112 3.2: a request with more than one Host field is refused.
    if (HeaderNameEquals(name, "Host") && ++hosts > 1) return ReadStatus::kBadRequest;
    request_.headers.emplace_back(std::string(name), std::string(value));
  }

  std::string_view transfer = request_.Header("Transfer-Encoding");
  std::string_view length = request_.Header("Content-Length");
  // RFC 9112 6.3: a body whose length is stated twice, differently, cannot be framed safely (it
  // is how requests are smuggled past a proxy); the same for a repeated Transfer-Encoding.
  for (const auto& [name, value] : request_.headers) {
    if ((HeaderNameEquals(name, "Content-Length") && value != length) ||
        (HeaderNameEquals(name, "Transfer-Encoding") && value != transfer)) {
      return ReadStatus::kBadRequest;
    }
  }
  expect_continue_ = HeaderNameEquals(request_.Header("Expect"), "100-continue");
  if (!transfer.empty()) {
    // Only chunked framing is understood; a body framed two ways is a smuggling attempt.
    if (!HeaderNameEquals(transfer, "chunked") || !length.empty()) return ReadStatus::kBadRequest;
    state_ = State::kChunkSize;
    return ReadStatus::kNeedMore;
  }
  size_t size = 0;
  if (!length.empty() && !ParseSize(length, 10, limits_.max_body_bytes, &size)) {
    return ReadStatus::kBadRequest;
  }
  if (size > limits_.max_body_bytes) return ReadStatus::kBodyTooLarge;
  body_left_ = size;
  state_ = State::kBody;
  request_.body.reserve(size);
  return ReadStatus::kNeedMore;
}

ReadStatus RequestReader::Feed(std::string& input) {
  size_t used = 0;
  ReadStatus status = ReadStatus::kNeedMore;
  auto view = [&] { return std::string_view(input).substr(used); };
  while (status == ReadStatus::kNeedMore) {
    std::string_view rest = view();
    if (state_ == State::kHead) {
      // Blank lines before a request are allowed (RFC 9112 2.2).
      while (!rest.empty() && (rest.front() == '\r' || rest.front() == '\n') && !started_) {
        rest.remove_prefix(1);
        ++used;
      }
      if (rest.empty()) break;
      started_ = true;
      size_t end = HeadEnd(rest);
      if (end == std::string_view::npos) {
        if (rest.size() > limits_.max_head_bytes) status = ReadStatus::kHeadTooLarge;
        break;
      }
      if (end > limits_.max_head_bytes) {
        status = ReadStatus::kHeadTooLarge;
        break;
      }
      status = ParseHead(rest.substr(0, end));
      used += end;
      if (status != ReadStatus::kNeedMore) break;
      continue;
    }
    if (state_ == State::kBody) {
      size_t take = std::min(body_left_, rest.size());
      request_.body.append(rest.substr(0, take));
      used += take;
      body_left_ -= take;
      if (body_left_ == 0) status = ReadStatus::kComplete;
      break;
    }
    if (state_ == State::kChunkSize || state_ == State::kChunkEnd || state_ == State::kTrailer) {
      size_t eol = rest.find('\n');
      if (eol == std::string_view::npos) {
        // A chunk-size line or a trailer is short; a long one is not HTTP.
        if (rest.size() > 4096) status = ReadStatus::kBadRequest;
        break;
      }
      std::string_view line = TrimHeaderValue(rest.substr(0, eol));
      used += eol + 1;
      if (state_ == State::kChunkEnd) {
        if (!line.empty()) status = ReadStatus::kBadRequest;
        state_ = State::kChunkSize;
      } else if (state_ == State::kTrailer) {
        if (line.empty()) status = ReadStatus::kComplete;
      } else {
        line = line.substr(0, line.find(';'));  // chunk extensions are ignored
        size_t size = 0;
        if (!ParseSize(TrimHeaderValue(line), 16, limits_.max_body_bytes, &size)) {
          status = ReadStatus::kBadRequest;
        } else if (request_.body.size() + size > limits_.max_body_bytes) {
          status = ReadStatus::kBodyTooLarge;
        } else if (size == 0) {
          state_ = State::kTrailer;
        } else {
          body_left_ = size;
          state_ = State::kChunkData;
        }
      }
      continue;
    }
    // kChunkData
    if (rest.empty()) break;
    size_t take = std::min(body_left_, rest.size());
    request_.body.append(rest.substr(0, take));
    used += take;
    body_left_ -= take;
    if (body_left_ == 0) state_ = State::kChunkEnd;
  }
  input.erase(0, used);
  return status;
}

HttpRequest RequestReader::Take() {
  HttpRequest out = std::move(request_);
  request_ = HttpRequest{};
  state_ = State::kHead;
  started_ = false;
  expect_continue_ = false;
  continued_ = false;
  body_left_ = 0;
  return out;
}

}  // namespace ddblab::shell::serve
