#include "content_encoding.h"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "shell/serve/request_reader.h"

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

namespace {

// A q value: digits with an optional fraction, maybe signed. False when it is not one.
bool ParseWeight(std::string_view text, double* out) {
  if (text.empty()) return false;
  size_t i = text[0] == '-' || text[0] == '+' ? 1 : 0;
  bool digits = false, dot = false;
  for (size_t k = i; k < text.size(); ++k) {
    if (text[k] >= '0' && text[k] <= '9') {
      digits = true;
    } else if (text[k] == '.' && !dot) {
      dot = true;
    } else {
      return false;
    }
  }
  if (!digits) return false;
  double v = std::strtod(std::string(text).c_str(), nullptr);
  *out = v < 0 ? 0 : (v > 1 ? 1 : v);
  return true;
}

struct Offer {
  double weight = -1;  // -1: not listed
  size_t position = 0;
};

}  // namespace

std::string NegotiateResponseCoding(std::string_view header) {
  Offer gzip, deflate, star;
  size_t position = 0;
  while (!header.empty()) {
    const size_t comma = header.find(',');
    std::string_view entry = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    const size_t semi = entry.find(';');
    std::string_view name = Trim(entry.substr(0, semi));
    if (name.empty()) continue;
    bool token = true;
    for (char c : name) token = token && IsTokenChar(c);
    if (!token) continue;
    double weight = 1;
    bool weighed = false;
    for (std::string_view params = semi == std::string_view::npos ? "" : entry.substr(semi + 1);
         !params.empty();) {
      const size_t next = params.find(';');
      std::string_view param = params.substr(0, next);
      params = next == std::string_view::npos ? std::string_view() : params.substr(next + 1);
      const size_t eq = param.find('=');
      if (eq == std::string_view::npos || weighed) continue;
      if (!EqualsIgnoreCase(Trim(param.substr(0, eq)), "q")) continue;
      weighed = true;  // the first q counts, even when it cannot be read (then it is 1)
      double w = 1;
      if (ParseWeight(Trim(param.substr(eq + 1)), &w)) weight = w;
    }
    Offer* offer = EqualsIgnoreCase(name, "gzip")      ? &gzip
                   : EqualsIgnoreCase(name, "deflate") ? &deflate
                   : name == "*"                       ? &star
                                                       : nullptr;
    ++position;
    if (offer == nullptr) continue;
    if (offer->weight < 0) offer->position = position;
    offer->weight = std::max(offer->weight, weight);
  }
  struct Choice {
    double weight;
    bool named;
    size_t position;
  };
  auto choice = [&](const Offer& o) {
    if (o.weight >= 0) return Choice{o.weight, true, o.position};
    return Choice{std::max(star.weight, 0.0), false, SIZE_MAX};
  };
  const Choice g = choice(gzip), d = choice(deflate);
  if (g.weight <= 0 && d.weight <= 0) return "";
  if (g.weight != d.weight) return g.weight > d.weight ? "gzip" : "deflate";
  if (g.named != d.named) return g.named ? "gzip" : "deflate";
  return d.position < g.position ? "deflate" : "gzip";
}

std::string EncodeContent(std::string_view coding, std::string_view body) {
  z_stream z{};
  const int window = coding == "gzip" ? 16 + MAX_WBITS : MAX_WBITS;
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::string(body);
  }
  std::string out(deflateBound(&z, static_cast<uLong>(body.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  z.avail_in = static_cast<uInt>(body.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace ddblab::shell::serve
