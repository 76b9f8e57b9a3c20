// The ddblab package an autograder bundle installs: `exercise pack --package FILE` (or the one
// scripts/package left beside the binary) must be a Debian binary package whose Package field is
// ddblab, since setup.sh and the Classroom workflow install it as root on the grading machine.
//
// deb(5): an ar archive whose first member is debian-binary ("2.x\n"), then control.tar[.gz]
// (./control holds the fields), then data.tar.*. The control member is read when it is plain or
// gzip-compressed (what scripts/package's CPack and `dpkg-deb -Zgzip` write); an xz or zstd one
// is refused with how to rebuild it, since ddblab links only zlib.
#pragma once

#include <string>

#include "ddblab/error.h"

namespace ddblab::grade {

// The package file larger than this is refused before it is read (ddblab's is a few MiB).
inline constexpr size_t kMaxPackageBytes = size_t{256} << 20;

// The Package field of the Debian binary package `bytes` (named `name` in errors).
Result<std::string> DebianPackageName(const std::string& bytes, const std::string& name);

// The bytes of `path` when it is a regular file of at most kMaxPackageBytes holding a Debian
// binary package of ddblab; else a ValidationException saying which of these it is not.
Result<std::string> ReadDdblabPackage(const std::string& path);

}  // namespace ddblab::grade
