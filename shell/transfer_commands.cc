#include "shell/transfer_commands.h"

#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>

#include "ddblab/bulk_load.h"
#include "shell/data_file.h"
#include "shell/json_lines.h"

namespace ddblab::shell {

namespace {

using Clock = std::chrono::steady_clock;

void PrintError(Shell& shell, const Error& e) {
  shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A progress line on a terminal, redrawn a few times a second; nothing in scripts and tests.
class Progress {
 public:
  Progress(Shell& shell, std::string verb)
      : verb_(std::move(verb)),
        on_(dynamic_cast<StdioSink*>(&shell.sink()) != nullptr && isatty(STDERR_FILENO) == 1) {}
  // `fraction`: how much of the work is done (0..1), or a negative number when unknown.
  void Tick(int64_t n, double fraction = -1) {
    if (!on_ || (n & 1023) != 0) return;
    auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    double s = std::chrono::duration<double>(now - start_).count();
    std::string eta;
    if (fraction > 0.01 && fraction < 1) {
      char buf[48];
      std::snprintf(buf, sizeof buf, ", %.0f%%, about %.0f s left", fraction * 100,
                    s * (1 - fraction) / fraction);
      eta = buf;
    }
    std::fprintf(stderr, "\r%s: %lld items, %.0f items/s%s\x1b[K", verb_.c_str(),
                 static_cast<long long>(n), s > 0 ? static_cast<double>(n) / s : 0.0, eta.c_str());
    shown_ = true;
  }
  void Done() {
    if (shown_) std::fprintf(stderr, "\r\x1b[K");
  }

 private:
  std::string verb_;
  bool on_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_ = start_;
};

}  // namespace

DotResult ImportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 2) return DotResult::kUsage;
  const std::string& table = args[0];
  auto path = ResolveDataFile(DataFileAccess(shell.cwd()), args[1], false);
  if (!path.ok()) {
    PrintError(shell, path.error());
    return DotResult::kError;
  }
  Engine* engine = EmbeddedEngine(shell.client());
  if (engine == nullptr) {
    // No DynamoDB call loads a file all or nothing; against an endpoint use batch-write-item.
    shell.sink().ErrLine(".import loads into ddblab's own database, not into a remote endpoint");
    return DotResult::kError;
  }
  auto reader = ItemLineReader::Open(*path);
  if (!reader.ok()) {
    PrintError(shell, reader.error());
    return DotResult::kError;
  }
  Progress progress(shell, "importing");
  int64_t n = 0;
  bool from_file = false;
  auto next = [&]() -> Result<std::optional<Item>> {
    from_file = true;
    auto item = (*reader)->Next();
    if (!item.ok()) return item;
    from_file = false;
    if (*item) progress.Tick(++n, (*reader)->fraction());
    return item;
  };
  Result<int64_t> written = ImportItems(*engine, table, next);
  progress.Done();
  shell.InvalidateKeyCache();
  if (!written.ok()) {
    Error e = written.error();
    // The file's own errors already name their line; an item the table refuses gets it here.
    if (!from_file && (*reader)->line() > 0 && e.type == ErrorType::kValidationException) {
      e.message = "line " + std::to_string((*reader)->line()) + ": " + e.message;
    }
    PrintError(shell, e);
    shell.sink().ErrLine("nothing was imported (an import is all or nothing)");
    return DotResult::kEngineError;
  }
  shell.sink().Line("imported " + std::to_string(*written) + " item" + (*written == 1 ? "" : "s") +
                    " into " + table);
  return DotResult::kOk;
}

DotResult ExportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 2) return DotResult::kUsage;
  const std::string& table = args[0];
  auto path = ResolveDataFile(DataFileAccess(shell.cwd()), args[1], true);
  if (!path.ok()) {
    PrintError(shell, path.error());
    return DotResult::kError;
  }
  // Written beside the target and renamed at the end, so a failed export leaves no partial file
  // under the name asked for.
  const std::string part = *path + ".part";
  gzFile out = gzopen(part.c_str(), EndsWith(*path, ".gz") ? "wb6" : "wbT");
  if (out == nullptr) {
    shell.sink().ErrLine("ValidationException: Unable to open " + args[1] + " for writing");
    return DotResult::kError;
  }
  Progress progress(shell, "exporting");
  int64_t n = 0;
  wire::Json request = {{"TableName", table}};
  std::optional<Error> failed;
  while (!failed) {
    // One page at a time (DynamoDB's 1 MB pages): memory stays bounded at any table size.
    wire::JsonResult page = shell.client().Call("Scan", request);
    if (!page.ok) {
      failed = page.error;
      break;
    }
    for (const auto& item : page.body.value("Items", wire::Json::array())) {
      std::string line = ItemLine(item.dump());
      if (gzwrite(out, line.data(), static_cast<unsigned>(line.size())) !=
          static_cast<int>(line.size())) {
        failed = ValidationError("Unable to write " + args[1]);
        break;
      }
      progress.Tick(++n);
    }
    if (!page.body.contains("LastEvaluatedKey")) break;
    request["ExclusiveStartKey"] = page.body["LastEvaluatedKey"];
  }
  progress.Done();
  if (gzclose(out) != Z_OK && !failed) failed = ValidationError("Unable to write " + args[1]);
  if (!failed && std::rename(part.c_str(), path->c_str()) != 0) {
    failed = ValidationError("Unable to write " + args[1]);
  }
  if (failed) {
    std::remove(part.c_str());
    PrintError(shell, *failed);
    return DotResult::kEngineError;
  }
  shell.sink().Line("exported " + std::to_string(n) + " item" + (n == 1 ? "" : "s") + " of " +
                    table);
  return DotResult::kOk;
}

}  // namespace ddblab::shell
