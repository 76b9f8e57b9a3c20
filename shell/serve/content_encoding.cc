#include "shell/serve/content_encoding.h"

#include <zlib.h>

#include <vector>

namespace ddblab::shell::serve {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool StartsGzipMember(std::string_view rest) {
  return rest.size() >= 2 && static_cast<unsigned char>(rest[0]) == 0x1f &&
         static_cast<unsigned char>(rest[1]) == 0x8b;
}

// Inflates `in` as gzip (members one after another, as DynamoDB accepts) or as one zlib stream
// (deflate). What follows the last gzip member is ignored, as DynamoDB ignores it; anything after
// a zlib stream is refused, as DynamoDB refuses a second one.
DecodedBody Inflate(std::string_view in, bool gzip, size_t max_bytes) {
  DecodedBody out;
  out.outcome = DecodedBody::Outcome::kUndecodable;
  if (in.empty()) {
    out.problem = "the body is empty";
    return out;
  }
  z_stream z{};
  if (inflateInit2(&z, gzip ? 16 + MAX_WBITS : MAX_WBITS) != Z_OK) {
    out.problem = "the decompressor could not start";
    return out;
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  std::vector<char> chunk(64 * 1024);
  std::string decoded;
  for (;;) {
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    const int rc = inflate(&z, Z_NO_FLUSH);
    decoded.append(chunk.data(), chunk.size() - z.avail_out);
    if (decoded.size() > max_bytes) {
      inflateEnd(&z);
      out.outcome = DecodedBody::Outcome::kTooLarge;
      return out;
    }
    if (rc == Z_STREAM_END) {
      const std::string_view rest(reinterpret_cast<const char*>(z.next_in), z.avail_in);
      if (gzip && StartsGzipMember(rest)) {
        inflateReset(&z);
        continue;
      }
      if (!gzip && !rest.empty()) {
        inflateEnd(&z);
        out.problem = "data follows the end of the deflate stream";
        return out;
      }
      break;
    }
    if (rc == Z_OK) continue;
    inflateEnd(&z);
    // Z_BUF_ERROR with no input left is a stream cut short; anything else is not this encoding.
    out.problem = rc == Z_BUF_ERROR && z.avail_in == 0
                      ? std::string("the ") + (gzip ? "gzip" : "deflate") + " stream is truncated"
                      : std::string("the body is not valid ") + (gzip ? "gzip" : "deflate");
    return out;
  }
  inflateEnd(&z);
  out.outcome = DecodedBody::Outcome::kDecoded;
  out.body = std::move(decoded);
  return out;
}

}  // namespace

DecodedBody DecodeContent(std::string_view encoding, std::string body, size_t max_bytes) {
  std::vector<std::string_view> codings;
  while (!encoding.empty()) {
    const size_t comma = encoding.find(',');
    std::string_view c = Trim(encoding.substr(0, comma));
    if (!c.empty()) codings.push_back(c);
    encoding = comma == std::string_view::npos ? std::string_view() : encoding.substr(comma + 1);
  }
  for (auto it = codings.rbegin(); it != codings.rend(); ++it) {
    if (EqualsIgnoreCase(*it, "identity")) continue;
    const bool gzip = EqualsIgnoreCase(*it, "gzip") || EqualsIgnoreCase(*it, "x-gzip");
    if (!gzip && !EqualsIgnoreCase(*it, "deflate")) {
      DecodedBody out;
      out.outcome = DecodedBody::Outcome::kUndecodable;
      out.problem =
          "Content-Encoding " + std::string(*it) + " is not supported (gzip and deflate are)";
      return out;
    }
    DecodedBody step = Inflate(body, gzip, max_bytes);
    if (step.outcome != DecodedBody::Outcome::kDecoded) return step;
    body = std::move(step.body);
  }
  DecodedBody out;
  out.body = std::move(body);
  return out;
}

}  // namespace ddblab::shell::serve
