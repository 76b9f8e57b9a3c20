// What a database file promises: one ddblab process owns it at a time, its storage format is one
// this ddblab reads, and every fault (damaged, read-only, full, newer) is reported naming the file
// and what to do.
//
// Why one owner, not sharing: the engine keeps the catalog, storage ids, table states and the
// partition simulation in memory, so a second process on the same file would not see tables the
// first creates, could reuse their storage ids, and would race its read-modify-write updates.
// Sharing would need every operation to reload that state inside a write transaction; instead
// the second opener is refused with a message naming the holder, and other clients share a
// database by talking to the one `ddblab serve` that owns it.
#pragma once

#include <memory>
#include <string>

#include "ddblab/error.h"

namespace ddblab {

// The storage format this ddblab writes, kept in SQLite's user_version. A file with a larger one
// was written by a newer ddblab and is refused; an older one is upgraded on open.
//   0: a file from before versions.  1: versioned.
//   2: ddblab_stats keeps each table's item count and size (upgrading counts each table once).
//   3: the counts are kept by the engine rather than by triggers (upgrading drops the triggers).
//   4: a row's item carries its DynamoDB size (encoding::SerializeStoredItem); rows written
//      before keep the plain form, which stays readable, so upgrading rewrites nothing.
constexpr int kStorageFormatVersion = 4;

// An exclusive advisory lock (flock) on the database file, held while any Storage of this process
// has the file open (several in one process share it; SQLite handles those). The kernel releases
// it when the process dies, so a kill -9 leaves nothing stale.
class FileLock {
 public:
  // Locks `path` (creating an empty file when missing). Errors: ResourceInUseException naming
  // the holder's pid and command line; ValidationException when the file or its folder cannot be
  // written.
  static Result<std::shared_ptr<FileLock>> Acquire(const std::string& path);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  FileLock(int fd, unsigned long dev, unsigned long ino) : fd_(fd), dev_(dev), ino_(ino) {}
  int fd_;
  unsigned long dev_, ino_;
};

// The error for an SQLite failure (`code` is the extended result code, `system_errno` the OS error
// behind it, 0 when none) while doing `what` with `path`. Faults the user can act on (damaged file,
// read-only file or folder, disk full, out of descriptors) say so and what to do; anything else is
// an InternalServerError with SQLite's text.
Error StorageFault(const std::string& path, const std::string& what, int code,
                   const std::string& sqlite_message, int system_errno = 0);

// The error for a file whose user_version is `found`, above kStorageFormatVersion.
Error NewerFormatError(const std::string& path, int found);

}  // namespace ddblab
