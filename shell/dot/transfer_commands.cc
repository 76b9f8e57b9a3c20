#include "transfer_commands.h"

#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>

#include "bulk_load_note.h"
#include "json_lines.h"
#include "progress_line.h"
#include "shell/session/data_file.h"

namespace ddblab::shell {

namespace {

void PrintTransferError(Shell& shell, const Error& e) {
  shell.sink().ErrLine(std::string(ErrorTypeName(e.type)) + ": " + e.message);
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

DotResult ImportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 2) return DotResult::kUsage;
  const std::string& table = args[0];
  auto path = ResolveDataFile(shell.DataFileAccess(), args[1], false);
  if (!path.ok()) {
    PrintTransferError(shell, path.error());
    return DotResult::kError;
  }
  auto reader = ItemLineReader::Open(*path);
  if (!reader.ok()) {
    PrintTransferError(shell, reader.error());
    return DotResult::kError;
  }
  ProgressLine progress(shell, "importing");
  int64_t n = 0;
  bool from_file = false;
  auto next = [&]() -> Result<std::optional<Item>> {
    from_file = true;
    auto item = (*reader)->Next();
    if (!item.ok()) return item;
    from_file = false;
    if (*item && progress.Due(++n)) progress.Tick(n, (*reader)->fraction());
    return item;
  };
  BulkLoadResult loaded = shell.client().BulkLoad(table, next);
  progress.Done();
  shell.InvalidateKeyCache();
  if (loaded.error) {
    Error e = *loaded.error;
    // The file's own errors already name their line; an item the table refuses gets it here.
    if (!from_file && (*reader)->line() > 0 && e.type == ErrorType::kValidationException) {
      e.message = "line " + std::to_string((*reader)->line()) + ": " + e.message;
    }
    PrintTransferError(shell, e);
    shell.sink().ErrLine(BulkLoadFailureNote(loaded, "imported", "an import"));
    return DotResult::kEngineError;
  }
  shell.sink().Line("imported " + ItemCount(loaded.written) + " into " + table);
  return DotResult::kOk;
}

DotResult ExportCommand(Shell& shell, const std::vector<std::string>& args, std::string_view) {
  if (args.size() != 2) return DotResult::kUsage;
  const std::string& table = args[0];
  auto path = ResolveDataFile(shell.DataFileAccess(), args[1], true);
  if (!path.ok()) {
    PrintTransferError(shell, path.error());
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
  ProgressLine progress(shell, "exporting");
  int64_t n = 0;
  ScanRequest request;
  request.table_name = table;
  std::optional<Error> failed;
  while (!failed) {
    // One page at a time (DynamoDB's 1 MB pages): memory stays bounded at any table size.
    auto page = wire::Invoke<Operation::Scan>(shell.client(), request);
    if (!page.ok()) {
      failed = page.error();
      break;
    }
    for (const ResultItem& item : page->items) {
      // Each line is the item in DynamoDB JSON, as .import reads it back.
      std::string line = ItemLine(wire::ItemToJson(item).dump());
      if (gzwrite(out, line.data(), static_cast<unsigned>(line.size())) !=
          static_cast<int>(line.size())) {
        failed = ValidationError("Unable to write " + args[1]);
        break;
      }
      progress.Tick(++n);
    }
    if (!page->last_evaluated_key) break;
    request.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  progress.Done();
  if (gzclose(out) != Z_OK && !failed) failed = ValidationError("Unable to write " + args[1]);
  if (!failed && std::rename(part.c_str(), path->c_str()) != 0) {
    failed = ValidationError("Unable to write " + args[1]);
  }
  if (failed) {
    std::remove(part.c_str());
    PrintTransferError(shell, *failed);
    return DotResult::kEngineError;
  }
  shell.sink().Line("exported " + std::to_string(n) + " item" + (n == 1 ? "" : "s") + " of " +
                    table);
  return DotResult::kOk;
}

}  // namespace ddblab::shell
