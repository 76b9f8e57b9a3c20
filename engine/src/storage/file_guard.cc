#include "storage/file_guard.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <utility>

namespace ddblab {
namespace {

// The locks this process holds, by (device, inode): a second Storage on the same file (the shell's
// `.open` of the file it already has) shares the first one's lock instead of failing against it.
std::mutex& RegistryMutex() {
  static std::mutex m;
  return m;
}
std::map<std::pair<unsigned long, unsigned long>, std::weak_ptr<FileLock>>& Registry() {
  static std::map<std::pair<unsigned long, unsigned long>, std::weak_ptr<FileLock>> r;
  return r;
}

// "pid 1234: ddblab serve --db lab.db" for the process holding a flock on (dev, ino), from
// /proc/locks and /proc/PID/cmdline; "" when it cannot be found (not Linux, or it just exited).
std::string DescribeHolder(unsigned long dev, unsigned long ino) {
  char id[64];
  std::snprintf(id, sizeof id, "%02x:%02x:%lu", major(dev), minor(dev), ino);
  std::ifstream locks("/proc/locks");
  std::string line;
  while (std::getline(locks, line)) {
    std::istringstream fields(line);
    std::string number, kind, mode, access, pid, file;
    fields >> number >> kind;
    if (kind == "->") fields >> kind;  // a waiter, printed under its holder
    fields >> mode >> access >> pid >> file;
    if (kind != "FLOCK" || file != id) continue;
    std::ifstream cmd("/proc/" + pid + "/cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
    for (char& c : text) c = c == '\0' ? ' ' : c;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return "pid " + pid + (text.empty() ? "" : ": " + text);
  }
  return "";
}

Error NotWritable(const std::string& path, const std::string& detail) {
  // No DynamoDB counterpart: a local file problem, described in our own words.
  return MakeError(ErrorType::kValidationException,
                   path + " cannot be written (" + detail +
                       "). ddblab needs write access to the database file and to its folder (for "
                       "its -wal and -shm files): fix the permissions, or copy the file to a "
                       "writable folder.");
}

}  // namespace

Result<std::shared_ptr<FileLock>> FileLock::Acquire(const std::string& path) {
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    int err = errno;
    if (err == EACCES || err == EROFS || err == EPERM) {
      return NotWritable(path, std::strerror(err));
    }
    return MakeError(ErrorType::kValidationException,
                     "cannot open " + path + ": " + std::strerror(err));
  }
  struct stat st {};
  fstat(fd, &st);
  auto key =
      std::make_pair(static_cast<unsigned long>(st.st_dev), static_cast<unsigned long>(st.st_ino));
  std::lock_guard<std::mutex> guard(RegistryMutex());
  if (auto held = Registry()[key].lock()) {
    close(fd);
    return held;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    std::string holder = DescribeHolder(key.first, key.second);
    return MakeError(
        ErrorType::kResourceInUseException,
        path + " is in use by another ddblab process" +
            (holder.empty() ? "" : " (" + holder + ")") +
            ". One process owns a database file at a time: stop that process, or, if it is "
            "`ddblab serve`, send your requests to it (ddblab --endpoint http://HOST:PORT).");
  }
  std::shared_ptr<FileLock> lock(new FileLock(fd, key.first, key.second));
  Registry()[key] = lock;
  return lock;
}

FileLock::~FileLock() {
  std::lock_guard<std::mutex> guard(RegistryMutex());
  auto it = Registry().find({dev_, ino_});
  if (it != Registry().end() && it->second.expired()) Registry().erase(it);
  close(fd_);  // releases the flock
}

Error StorageFault(const std::string& path, const std::string& what, int code,
                   const std::string& sqlite_message, int system_errno) {
  // None of these has a DynamoDB message (DynamoDB's storage is not the user's file); the texts
  // are ours and name the file and the remedy.
  int primary = code & 0xff;
  // SQLite reports a write that hit a full disk, a quota or a file size limit midway as an I/O
  // error; the OS error says which.
  if (primary == SQLITE_IOERR &&
      (system_errno == ENOSPC || system_errno == EFBIG || system_errno == EDQUOT)) {
    primary = SQLITE_FULL;
  }
  switch (primary) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      return MakeError(ErrorType::kValidationException,
                       path + " is damaged or is not a ddblab database (SQLite: " + sqlite_message +
                           "). Restore it from a copy, or give another file name to start a new "
                           "database; ddblab will not change this file.");
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      return NotWritable(path, sqlite_message);
    case SQLITE_FULL:
      return MakeError(ErrorType::kInternalServerError,
                       "Internal server error: cannot write " + path +
                           ": the disk is full or a file size limit was reached (" +
                           sqlite_message +
                           "). This request was not applied; free some space and retry.");
    case SQLITE_IOERR:
      return MakeError(ErrorType::kInternalServerError,
                       "Internal server error: input/output error on " + path + " (" +
                           (what.empty() ? "" : "storage " + what + ": ") + sqlite_message +
                           "); this request was not applied. Check the disk, then retry.");
    default:
      return MakeError(
          ErrorType::kInternalServerError,
          "Internal server error: storage: " + (what.empty() ? "" : what + ": ") + sqlite_message);
  }
}

Error NewerFormatError(const std::string& path, int found) {
  return MakeError(ErrorType::kValidationException,
                   path + " was written by a newer ddblab (storage format " +
                       std::to_string(found) + "; this ddblab reads format " +
                       std::to_string(kStorageFormatVersion) +
                       " and older). Open it with that newer ddblab, or upgrade this one; ddblab "
                       "will not change this file.");
}

}  // namespace ddblab
