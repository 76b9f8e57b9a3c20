// The one base64 codec (ddblab/base64.h).
#include "ddblab/base64.h"

#include <array>
#include <cstdint>
#include <optional>

namespace ddblab {
namespace {

constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kUrlAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// -1 for bytes outside the alphabet.
constexpr std::array<int8_t, 256> MakeDecodeTable(std::string_view alphabet) {
  std::array<int8_t, 256> table{};
  for (auto& t : table) t = -1;
  for (size_t i = 0; i < alphabet.size(); ++i) {
    table[static_cast<unsigned char>(alphabet[i])] = static_cast<int8_t>(i);
  }
  return table;
}
constexpr std::array<int8_t, 256> kDecode = MakeDecodeTable(kBase64);
constexpr std::array<int8_t, 256> kUrlDecode = MakeDecodeTable(kUrlAlphabet);

}  // namespace

std::string Base64Encode(std::string_view bytes, Base64Alphabet alphabet) {
  const std::string_view chars = alphabet == Base64Alphabet::kUrl ? kUrlAlphabet : kBase64;
  const bool padded = alphabet == Base64Alphabet::kStandard;
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t n = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out += chars[(n >> 18) & 63];
    out += chars[(n >> 12) & 63];
    out += chars[(n >> 6) & 63];
    out += chars[n & 63];
  }
  size_t rest = bytes.size() - i;
  if (rest == 1) {
    uint32_t n = static_cast<unsigned char>(bytes[i]) << 16;
    out += chars[(n >> 18) & 63];
    out += chars[(n >> 12) & 63];
    if (padded) out += "==";
  } else if (rest == 2) {
    uint32_t n = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += chars[(n >> 18) & 63];
    out += chars[(n >> 12) & 63];
    out += chars[(n >> 6) & 63];
    if (padded) out += '=';
  }
  return out;
}

bool Base64Decode(std::string_view text, std::string* out, std::string* message) {
  out->clear();
  // DynamoDB: B values must be canonical base64 (length a multiple of 4, padding only at the
  // end, no stray bits in the last character).
  if (text.size() % 4 != 0) {
    *message = "Base64 encoded length is expected a multiple of 4 bytes but found: " +
               std::to_string(text.size());
    return false;
  }
  size_t pad = 0;
  if (!text.empty() && text.back() == '=') pad = 1;
  if (pad == 1 && text.size() >= 2 && text[text.size() - 2] == '=') pad = 2;
  const size_t data_len = text.size() - pad;
  if (data_len % 4 == 1) {
    *message = "Invalid last non-pad Base64 character dectected";
    return false;
  }
  for (size_t i = 0; i < data_len; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '=') {
      *message = "Invalid last non-pad Base64 character dectected";
      return false;
    }
    if (kDecode[c] < 0) {
      *message = std::string("Invalid Base64 character: '") + text[i] + "'";
      return false;
    }
  }
  out->reserve(text.size() / 4 * 3);
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < data_len; ++i) {
    acc = (acc << 6) | static_cast<uint32_t>(kDecode[static_cast<unsigned char>(text[i])]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  // Leftover bits must be zero, otherwise the text is not the encoding of any byte string.
  if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) {
    *message = "Invalid last non-pad Base64 character dectected";
    return false;
  }
  return true;
}

std::optional<std::string> Base64UrlDecode(std::string_view text) {
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    int8_t v = kUrlDecode[static_cast<unsigned char>(c)];
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  return out;
}

}  // namespace ddblab
