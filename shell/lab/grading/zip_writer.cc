#include "grading/zip_writer.h"

#include <zlib.h>

#include <cstdint>
#include <fstream>

namespace ddblab::grade {
namespace {

void Put16(std::string& out, uint32_t v) {
  out.push_back(static_cast<char>(v & 0xff));
  out.push_back(static_cast<char>((v >> 8) & 0xff));
}
void Put32(std::string& out, uint32_t v) {
  Put16(out, v & 0xffff);
  Put16(out, v >> 16);
}

// Raw deflate (no zlib header), as ZIP's method 8 stores it.
Result<std::string> Deflate(const std::string& in) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return ValidationError("zip: the compressor could not start");
  }
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) return ValidationError("zip: compression failed");
  return out;
}

}  // namespace

Status WriteZip(const std::string& path, const std::vector<ZipEntry>& entries) {
  std::string archive, central;
  // 1980-01-01 00:00: a fixed time, so the same inputs make the same bytes.
  constexpr uint32_t kDosTime = 0, kDosDate = (0 << 9) | (1 << 5) | 1;
  for (const ZipEntry& e : entries) {
    if (e.data.size() >= 0xffffffffu || archive.size() >= 0xffffffffu) {
      return ValidationError("zip: " + e.name + " is too large for a ZIP archive without ZIP64");
    }
    DDB_ASSIGN_OR_RETURN(std::string packed, Deflate(e.data));
    const uint32_t crc = static_cast<uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(e.data.size())));
    const uint32_t offset = static_cast<uint32_t>(archive.size());
    auto header = [&](std::string& out, bool central_entry) {
      Put32(out, central_entry ? 0x02014b50 : 0x04034b50);
      if (central_entry) Put16(out, (3 << 8) | 20);  // made by: Unix, spec 2.0
      Put16(out, 20);                                // needed to extract: 2.0
      Put16(out, 0x0800);                            // names are UTF-8
      Put16(out, 8);                                 // deflate
      Put16(out, kDosTime);
      Put16(out, kDosDate);
      Put32(out, crc);
      Put32(out, static_cast<uint32_t>(packed.size()));
      Put32(out, static_cast<uint32_t>(e.data.size()));
      Put16(out, static_cast<uint32_t>(e.name.size()));
      Put16(out, 0);  // extra field
      if (central_entry) {
        Put16(out, 0);  // comment
        Put16(out, 0);  // disk
        Put16(out, 0);  // internal attributes
        Put32(out, (e.executable ? 0100755u : 0100644u) << 16);
        Put32(out, offset);
      }
      out += e.name;
    };
    header(archive, false);
    archive += packed;
    header(central, true);
  }
  const uint32_t central_offset = static_cast<uint32_t>(archive.size());
  archive += central;
  Put32(archive, 0x06054b50);
  Put16(archive, 0);
  Put16(archive, 0);
  Put16(archive, static_cast<uint32_t>(entries.size()));
  Put16(archive, static_cast<uint32_t>(entries.size()));
  Put32(archive, static_cast<uint32_t>(central.size()));
  Put32(archive, central_offset);
  Put16(archive, 0);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(archive.data(), static_cast<std::streamsize>(archive.size()));
  out.close();
  if (!out) return ValidationError("zip: cannot write " + path);
  return OkStatus();
}

}  // namespace ddblab::grade
