#include "access_keys.h"

#include <fstream>
#include <random>
#include <sstream>
#include <vector>

namespace ddblab::shell::serve {
namespace {

constexpr size_t kMaxKeysFileBytes = 1024 * 1024;

bool IsKeyIdChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Splits a line at runs of spaces and tabs.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    const size_t start = at;
    while (at < line.size() && line[at] != ' ' && line[at] != '\t') ++at;
    if (at > start) fields.push_back(line.substr(start, at - start));
  }
  return fields;
}

Error KeysFileError(size_t line, const std::string& problem) {
  return MakeError(ErrorType::kValidationException,
                   "line " + std::to_string(line) + ": " + problem);
}

// `count` characters drawn uniformly from `alphabet`, whose size is a power of two (so taking
// the low bits of each draw is unbiased).
std::string RandomText(std::random_device& device, std::string_view alphabet, size_t count) {
  std::string out;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) out.push_back(alphabet[device() & (alphabet.size() - 1)]);
  return out;
}

}  // namespace

bool IsValidAccessKeyId(std::string_view id) {
  if (id.empty() || id.size() > kMaxAccessKeyIdLength) return false;
  for (char c : id) {
    if (!IsKeyIdChar(c)) return false;
  }
  return true;
}

Result<KeyTable> ParseKeysFile(std::string_view text) {
  KeyTable keys;
  size_t number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::vector<std::string_view> fields = Fields(line);
    if (fields.empty() || fields[0][0] == '#') continue;
    if (fields.size() != 2) {
      return KeysFileError(
          number, "expected `KEYID SECRET` (two fields), found " + std::to_string(fields.size()));
    }
    const std::string id(fields[0]);
    if (!IsValidAccessKeyId(id)) {
      return KeysFileError(number, "the key id must be 1 to 128 of A-Z, a-z, 0-9 and _");
    }
    for (char c : fields[1]) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        return KeysFileError(number, "the secret holds a control character");
      }
    }
    if (!keys.emplace(id, std::string(fields[1])).second) {
      return KeysFileError(number, "the key id " + id + " is given twice");
    }
  }
  if (keys.empty()) {
    return MakeError(ErrorType::kValidationException, "the file holds no `KEYID SECRET` line");
  }
  return keys;
}

Result<KeyTable> LoadKeysFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return MakeError(ErrorType::kValidationException, "cannot read the file");
  std::string text(kMaxKeysFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxKeysFileBytes) {
    return MakeError(ErrorType::kValidationException, "the file is over 1 MB");
  }
  return ParseKeysFile(text);
}

AccessKeyPair NewAccessKeyPair() {
  static constexpr std::string_view kIdChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  static constexpr std::string_view kSecretChars =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  // The kernel's generator, named: libstdc++'s default token may pick a CPU instruction instead.
  std::random_device device("/dev/urandom");
  return {"AKIA" + RandomText(device, kIdChars, 16), RandomText(device, kSecretChars, 40)};
}

}  // namespace ddblab::shell::serve
