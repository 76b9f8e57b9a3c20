// Access key ids and the keys file of `serve --keys FILE`: which ids ddblab accepts (they become
// database file names under --db-per-key), how the file is read, and how `keys new` draws keys.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "ddblab/error.h"

namespace ddblab::shell::serve {

// The longest access key id accepted: IAM's AccessKeyId maximum.
constexpr size_t kMaxAccessKeyIdLength = 128;

// Whether `id` is an access key id ddblab accepts: 1 to 128 of [A-Za-z0-9_].
// IAM (API reference, AccessKey): AccessKeyId has "Length Constraints: Minimum length of 16.
// Maximum length of 128. Pattern: [\w]+". The minimum is relaxed to 1 so the short ids people
// give DynamoDB Local ("alice", "local") still work. Nothing else passes, so an id is always a
// safe file name: no '/', no '.', no NUL, never "" or "..".
bool IsValidAccessKeyId(std::string_view id);

// Access key id -> secret access key.
using KeyTable = std::map<std::string, std::string, std::less<>>;

// Reads a keys file: one `KEYID SECRET` a line (separated by spaces or tabs), blank lines and
// lines starting with '#' ignored. An error names the line: a line without exactly two fields,
// an id IsValidAccessKeyId refuses, a secret with a control character, an id given twice, or a
// file with no key at all.
Result<KeyTable> ParseKeysFile(std::string_view text);
// The same for the file at `path` (an error when it cannot be read or is over 1 MB).
Result<KeyTable> LoadKeysFile(const std::string& path);

struct AccessKeyPair {
  std::string id;
  std::string secret;
};

// A fresh key from /dev/urandom: an id shaped as AWS's long-term ids ("AKIA" and 16 of
// [A-Z2-7], 20 characters) and a 40-character secret of [A-Za-z0-9+/], as AWS's secrets are.
AccessKeyPair NewAccessKeyPair();

}  // namespace ddblab::shell::serve
