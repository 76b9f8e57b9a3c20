// The one reader of file:// and fileb:// values (shell/session/file_access.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "cli_internal.h"
#include "shell/session/file_access.h"

namespace ddblab::shell {

namespace {

std::string_view PrefixOf(std::string_view value) {
  if (value.substr(0, 7) == "file://") return value.substr(0, 7);
  if (value.substr(0, 8) == "fileb://") return value.substr(0, 8);
  return {};
}

// The number the aws CLI prints for an OS error, as Linux numbers it. A C library
// that numbers them otherwise (the browser build's) is mapped back, so the message is the same
// everywhere.
int AwsCliErrno(int err) {
  switch (err) {
    case ENOENT:
      return 2;
    case EACCES:
      return 13;
    case ENOTDIR:
      return 20;
    case EISDIR:
      return 21;
    case ENAMETOOLONG:
      return 36;
    case ELOOP:
      return 40;
    default:
      return err;
  }
}

// The aws CLI's wording for an OS error: "[Errno 2] No such file or directory: 'x'".
std::string ErrnoText(int err, const std::string& path) {
  return "[Errno " + std::to_string(AwsCliErrno(err)) + "] " + std::strerror(err) + ": '" + path +
         "'";
}

const char* KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

bool IsParamFileValue(std::string_view value) { return !PrefixOf(value).empty(); }

Result<std::string> ReadParamFile(const FileAccess& access, std::string_view value) {
  std::string_view prefix = PrefixOf(value);
  std::string path(value.substr(prefix.size()));
  auto fail = [&](const std::string& why) -> Result<std::string> {
    return ValidationError("Unable to load paramfile " + std::string(value) + ": " + why);
  };
  if (access.mode == FileAccess::Mode::kRefused) return fail(access.refused_reason);

  std::string full = path;
  if (access.mode == FileAccess::Mode::kLocal && path.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home != nullptr) full = std::string(home) + path.substr(1);
  } else if (!path.empty() && path[0] != '/' && !access.dir.empty()) {
    full = access.dir + "/" + path;
  }
  if (access.mode == FileAccess::Mode::kConfined) {
    std::string root = cli::Resolve(access.dir.empty() ? "." : access.dir);
    std::string real = cli::Resolve(full);
    if (real.empty()) {
      const int err = errno;
      // A missing path outside the folder is refused as outside: whether something exists
      // beyond the folder is not the lesson's to learn.
      std::error_code ec;
      const auto lexical = [&ec](const std::string& p) {
        std::string s = std::filesystem::absolute(p, ec).lexically_normal().string();
        while (s.size() > 1 && s.back() == '/') s.pop_back();
        return s;
      };
      if (!cli::Inside(lexical(full), lexical(access.dir.empty() ? "." : access.dir))) {
        return fail("only files inside the lesson's own folder can be read");
      }
      return fail(ErrnoText(err, path));
    }
    if (root.empty() || !cli::Inside(real, root)) {
      return fail("only files inside the lesson's own folder can be read");
    }
    full = real;
  }

  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
  int fd = open(full.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(ErrnoText(errno, path));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return fail(std::string("not a regular file (") + KindOf(st.st_mode) +
                "); only regular files can be read");
  }
  const std::string too_big = "the file is larger than " +
                              std::to_string(kMaxParamFileBytes >> 20) +
                              " MiB, the most a DynamoDB request can carry";
  if (static_cast<uint64_t>(st.st_size) > kMaxParamFileBytes) {
    close(fd);
    return fail(too_big);
  }
  // Read at most one byte past the limit: a file that grows while it is read stays bounded.
  std::string text;
  text.resize(static_cast<size_t>(st.st_size) + 1);
  size_t got = 0;
  while (got <= kMaxParamFileBytes) {
    if (got == text.size()) text.resize(std::min(text.size() * 2, kMaxParamFileBytes + 1));
    ssize_t n = read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
    if (got == kMaxParamFileBytes + 1) break;
  }
  close(fd);
  if (got > kMaxParamFileBytes) return fail(too_big);
  text.resize(got);
  return text;
}

}  // namespace ddblab::shell
