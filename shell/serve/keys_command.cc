// `ddblab keys new N`: the keys file serve checks signatures against, and each student's
// credentials.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "access_keys.h"
#include "shell/serve/keys.h"

namespace ddblab::shell {
namespace {

constexpr int kMaxNewKeys = 1000;

constexpr const char* kKeysUsage =
    "usage: ddblab keys new N [--out FILE]\n"
    "  Writes N fresh access keys (1 to 1000) to FILE (default keys.txt; it must not exist, and\n"
    "  it is made readable by you only), one `KEYID SECRET` a line with a `# student K` comment\n"
    "  above each: the file `ddblab serve --keys FILE` reads. Key ids are AKIA and 16 of A-Z 2-7,\n"
    "  secrets 40 of A-Z a-z 0-9 + /, drawn from /dev/urandom. Then prints, for each student,\n"
    "  the [ddblab] profile to paste into ~/.aws/credentials.\n";

int KeysUsageError(const std::string& message) {
  std::cerr << "ddblab keys: " << message << "\n" << kKeysUsage;
  return 2;
}

// Writes `text` to a new file `path` (never over an existing one), readable by its owner only.
bool WriteNewFile(const std::string& path, const std::string& text, std::string* problem) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    *problem = errno == EEXIST ? "it already exists (keys are never overwritten: choose another "
                                 "--out, or remove it)"
                               : std::strerror(errno);
    return false;
  }
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *problem = std::strerror(errno);
      close(fd);
      unlink(path.c_str());
      return false;
    }
    written += static_cast<size_t>(n);
  }
  if (close(fd) != 0) {
    *problem = std::strerror(errno);
    unlink(path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int RunKeysCommand(int argc, char** argv) {
  int first = argc > 0 && std::strcmp(argv[0], "keys") == 0 ? 1 : 0;
  std::vector<std::string> args(argv + first, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kKeysUsage;
    return 0;
  }
  if (args.empty() || args[0] != "new") return KeysUsageError("expected `keys new N`");
  if (args.size() < 2) return KeysUsageError("keys new needs the number of keys");
  std::string out = "keys.txt";
  for (size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "--out" && i + 1 < args.size()) {
      out = args[++i];
    } else if (args[i].rfind("--out=", 0) == 0) {
      out = args[i].substr(6);
    } else {
      return KeysUsageError("unknown argument " + args[i]);
    }
  }
  if (out.empty()) return KeysUsageError("--out needs a file name");
  char* end = nullptr;
  const long count = std::strtol(args[1].c_str(), &end, 10);
  if (args[1].empty() || *end != '\0' || count < 1 || count > kMaxNewKeys) {
    return KeysUsageError("N must be a number from 1 to 1000, not " + args[1]);
  }

  std::vector<serve::AccessKeyPair> keys;
  try {
    for (long i = 0; i < count; ++i) keys.push_back(serve::NewAccessKeyPair());
  } catch (const std::exception& e) {
    std::cerr << "ddblab keys: cannot read /dev/urandom: " << e.what() << "\n";
    return 1;
  }
  std::string file = "# ddblab serve --keys " + out +
                     ": KEYID SECRET, one a line (ddblab keys new " + std::to_string(count) + ")\n";
  for (size_t i = 0; i < keys.size(); ++i) {
    file += "# student " + std::to_string(i + 1) + "\n" + keys[i].id + " " + keys[i].secret + "\n";
  }
  std::string problem;
  if (!WriteNewFile(out, file, &problem)) {
    std::cerr << "ddblab keys: cannot write " << out << ": " << problem << "\n";
    return 1;
  }

  std::cout << "ddblab keys: wrote " << count << " key" << (count == 1 ? "" : "s") << " to " << out
            << " (readable by you only). Serve the class with\n"
            << "  ddblab serve --host 0.0.0.0 --keys " << out << " --db-per-key class-db\n"
            << "Give each student their block below for ~/.aws/credentials; they then call e.g.\n"
            << "  aws dynamodb list-tables --profile ddblab --region us-east-1 "
               "--endpoint-url http://SERVER:8000\n";
  for (size_t i = 0; i < keys.size(); ++i) {
    std::cout << "\n# student " << i + 1 << "\n"
              << "[ddblab]\n"
              << "aws_access_key_id = " << keys[i].id << "\n"
              << "aws_secret_access_key = " << keys[i].secret << "\n";
  }
  return 0;
}

}  // namespace ddblab::shell
