// A minimal ZIP archive writer (PKWARE APPNOTE 6.3: local headers, central directory, end
// record; entries deflated with zlib, no ZIP64), enough for an autograder bundle: a few files,
// each well under 4 GB, with Unix permissions kept so scripts stay executable.
#pragma once

#include <string>
#include <vector>

#include "ddblab/error.h"

namespace ddblab::grade {

struct ZipEntry {
  std::string name;  // path inside the archive, '/'-separated
  std::string data;  // the file's bytes
  bool executable = false;
};

// Writes `entries` to `path` (replacing it). Entries keep their order.
Status WriteZip(const std::string& path, const std::vector<ZipEntry>& entries);

}  // namespace ddblab::grade
