#include "grading/debian_package.h"

#include <fcntl.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ddblab::grade {

namespace {

// The control tarball holds a few small files; a larger one is not a package's.
constexpr size_t kMaxControlBytes = size_t{4} << 20;

std::string TrimControlValue(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

// An unsigned number written in `base` and padded with spaces or NULs (ar and tar headers).
bool ParseNumber(std::string_view field, int base, size_t* out) {
  size_t v = 0;
  bool any = false;
  for (char c : field) {
    if (c == ' ' || c == '\0') {
      if (any) break;
      continue;
    }
    const int d = c >= '0' && c <= '9' ? c - '0' : 99;
    if (d >= base || v > (SIZE_MAX - static_cast<size_t>(d)) / static_cast<size_t>(base)) {
      return false;
    }
    v = v * static_cast<size_t>(base) + static_cast<size_t>(d);
    any = true;
  }
  *out = v;
  return any;
}

struct Member {
  std::string name;
  std::string_view data;
};

// The members of an ar archive ("!<arch>\n", then 60-byte headers), or an error why not one.
Result<std::vector<Member>> ArMembers(const std::string& bytes, const std::string& name) {
  const std::string not_deb = name + " is not a Debian binary package";
  if (bytes.compare(0, 8, "!<arch>\n") != 0)
    return ValidationError(not_deb + " (not an ar archive)");
  std::vector<Member> members;
  size_t pos = 8;
  while (pos < bytes.size()) {
    if (bytes.size() - pos < 60 || bytes.compare(pos + 58, 2, "`\n") != 0) {
      return ValidationError(not_deb + " (a damaged ar member header)");
    }
    std::string_view header(bytes.data() + pos, 60);
    size_t size = 0;
    if (!ParseNumber(header.substr(48, 10), 10, &size) || size > bytes.size() - pos - 60) {
      return ValidationError(not_deb + " (an ar member runs past the end of the file)");
    }
    std::string member = TrimControlValue(header.substr(0, 16));
    if (!member.empty() && member.back() == '/') member.pop_back();  // GNU ar's terminator
    members.push_back({member, std::string_view(bytes.data() + pos + 60, size)});
    pos += 60 + size + (size & 1);
  }
  return members;
}

// The gunzipped `data`, up to kMaxControlBytes.
Result<std::string> Gunzip(std::string_view data, const std::string& what) {
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return ValidationError("cannot start zlib");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char buf[65536];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
    if (out.size() > kMaxControlBytes) {
      inflateEnd(&z);
      return ValidationError(what + " unpacks to more than 4 MiB");
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) return ValidationError(what + " is not valid gzip data");
  return out;
}

// The file ./control in the tar archive `tar` (ustar or GNU headers, pax records skipped).
Result<std::string> ControlFile(const std::string& tar, const std::string& what) {
  size_t pos = 0;
  while (tar.size() - pos >= 512) {
    std::string_view h(tar.data() + pos, 512);
    if (h.find_first_not_of('\0') == std::string_view::npos) break;  // the end blocks
    size_t size = 0;
    if (!ParseNumber(h.substr(124, 12), 8, &size) || size > tar.size() - pos - 512) {
      return ValidationError(what + " is a damaged tar archive");
    }
    std::string path(h.substr(0, 100).data(), strnlen(h.data(), 100));
    if (h.substr(257, 5) == "ustar") {
      std::string prefix(h.substr(345, 155).data(), strnlen(h.data() + 345, 155));
      if (!prefix.empty()) path = prefix + "/" + path;
    }
    while (path.rfind("./", 0) == 0) path.erase(0, 2);
    const char type = h[156];
    if (path == "control" && (type == '0' || type == '\0')) return tar.substr(pos + 512, size);
    pos += 512 + (size + 511) / 512 * 512;
  }
  return ValidationError(what + " has no control file");
}

// The value of `field` (matched without case, as deb-control(5) says) in the first paragraph.
std::string Field(const std::string& control, const std::string& field) {
  size_t start = 0;
  while (start < control.size()) {
    size_t end = control.find('\n', start);
    if (end == std::string::npos) end = control.size();
    std::string_view line(control.data() + start, end - start);
    if (TrimControlValue(line).empty()) break;
    size_t colon = line.find(':');
    if (colon != std::string_view::npos && colon == field.size() &&
        strncasecmp(line.data(), field.data(), colon) == 0) {
      return TrimControlValue(line.substr(colon + 1));
    }
    start = end + 1;
  }
  return "";
}

}  // namespace

Result<std::string> DebianPackageName(const std::string& bytes, const std::string& name) {
  DDB_ASSIGN_OR_RETURN(std::vector<Member> members, ArMembers(bytes, name));
  const std::string not_deb = name + " is not a Debian binary package";
  if (members.empty() || members[0].name != "debian-binary" ||
      members[0].data.rfind("2.", 0) != 0) {
    return ValidationError(not_deb + " (its first member is not debian-binary 2.x)");
  }
  const Member* control = nullptr;
  for (size_t i = 1; i < members.size() && control == nullptr; ++i) {
    if (members[i].name.rfind("control.tar", 0) == 0) control = &members[i];
  }
  if (control == nullptr) return ValidationError(not_deb + " (it has no control.tar member)");
  const std::string what = name + "'s " + control->name;
  std::string tar;
  if (control->name == "control.tar") {
    tar = std::string(control->data);
  } else if (control->name == "control.tar.gz") {
    DDB_ASSIGN_OR_RETURN(tar, Gunzip(control->data, what));
  } else {
    return ValidationError(
        what +
        " is compressed in a way ddblab does not read; ddblab reads control.tar.gz, as "
        "scripts/package writes it (or rebuild the package with dpkg-deb -Zgzip --build)");
  }
  DDB_ASSIGN_OR_RETURN(std::string fields, ControlFile(tar, what));
  std::string package = Field(fields, "Package");
  if (package.empty()) return ValidationError(what + " has no Package field");
  return package;
}

Result<std::string> ReadDdblabPackage(const std::string& path) {
  // O_NONBLOCK: a FIFO must not hang the pack; it is refused as not a regular file below.
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return ValidationError("cannot open the package " + path + ": " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return ValidationError("the package " + path + " is not a regular file");
  }
  if (static_cast<uintmax_t>(st.st_size) > kMaxPackageBytes) {
    close(fd);
    return ValidationError("the package " + path +
                           " is larger than 256 MiB; ddblab's package is a few MiB");
  }
  std::string bytes;
  bytes.reserve(static_cast<size_t>(st.st_size));
  char buf[65536];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) {
    bytes.append(buf, static_cast<size_t>(n));
    if (bytes.size() > kMaxPackageBytes) break;
  }
  close(fd);
  DDB_ASSIGN_OR_RETURN(std::string package, DebianPackageName(bytes, path));
  if (package != "ddblab") {
    // The field is the file's text: shown without control characters.
    for (char& c : package) c = static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    return ValidationError(path + " is the Debian package of '" + package +
                           "', not of ddblab: an autograder installs the package it bundles, so "
                           "give the one scripts/package builds");
  }
  return bytes;
}

}  // namespace ddblab::grade
