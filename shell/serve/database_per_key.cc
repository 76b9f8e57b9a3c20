#include "database_per_key.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include "access_keys.h"

namespace ddblab::shell::serve {
namespace {

// Each student's database keeps at most 1 MiB of its pages in memory per connection (a lone
// database keeps up to 64 MiB): a class's files grow all session long (their streams keep a day
// of records), and with full-size caches the server's memory grew with them, about 1.3 times
// the class's data. A student's tables are small, and their pages stay in the system's file
// cache, a read away.
constexpr int64_t kPageCachePerDatabaseKib = 1024;

}  // namespace

DatabasePerKey::DatabasePerKey(std::string dir, EngineOptions base, size_t max_databases,
                               InitEach init)
    : dir_(std::move(dir)),
      base_(std::move(base)),
      max_databases_(max_databases),
      init_(std::move(init)) {}

DatabasePerKey::~DatabasePerKey() {
  // Handlers first: they write to the databases they are attached to.
  for (auto& [key_id, slot] : slots_) slot->init.reset();
  slots_.clear();
}

Status DatabasePerKey::PrepareFolder(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(dir, ec)) fs::create_directories(dir, ec);
  if (ec) return MakeError(ErrorType::kInternalServerError, "cannot create it: " + ec.message());
  if (!fs::is_directory(dir, ec)) {
    return MakeError(ErrorType::kValidationException, "it exists and is not a folder");
  }
  return OkStatus();
}

Result<std::shared_ptr<Engine>> DatabasePerKey::For(const std::string& key_id) {
  // The request front checks ids first; a file name is made only from an id that passes.
  if (!IsValidAccessKeyId(key_id)) {
    return MakeError(ErrorType::kValidationException,
                     "The access key id is not 1 to 128 of A-Z, a-z, 0-9 and _");
  }
  std::shared_ptr<Slot> slot;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    auto it = slots_.find(key_id);
    if (it == slots_.end()) {
      if (slots_.size() >= max_databases_) {
        return MakeError(ErrorType::kLimitExceededException,
                         "ddblab serve --db-per-key holds at most " +
                             std::to_string(max_databases_) +
                             " databases, one per access key id, and they are all open");
      }
      it = slots_.emplace(key_id, std::make_shared<Slot>()).first;
    }
    slot = it->second;
  }
  // Other keys are served while this one opens: only its own callers wait.
  std::lock_guard<std::mutex> lock(slot->opening);
  if (slot->failure) return *slot->failure;
  if (slot->opened) return slot->engine;
  EngineOptions options = base_;
  options.page_cache_kib = std::min(options.page_cache_kib, kPageCachePerDatabaseKib);
  options.path = (std::filesystem::path(dir_) / (key_id + ".db")).string();
  std::error_code ec;
  const bool existed = std::filesystem::exists(options.path, ec);
  Result<std::unique_ptr<Engine>> opened = Engine::Open(options);
  if (!opened.ok()) {
    // Not kept: the file may be free on the next call (another process held it).
    return MakeError(ErrorType::kInternalServerError,
                     "ddblab serve cannot open this key's database: " + opened.error().message);
  }
  std::shared_ptr<Engine> engine = std::move(opened).value();
  if (init_) {
    Result<std::unique_ptr<ServeInit>> started = init_(engine, key_id, existed);
    if (!started.ok()) {
      slot->failure = MakeError(
          ErrorType::kInternalServerError,
          "ddblab serve --init failed on this key's database: " + started.error().message);
      return *slot->failure;
    }
    slot->init = std::move(started).value();
  }
  slot->engine = std::move(engine);
  slot->opened.store(true);
  return slot->engine;
}

std::vector<std::string> DatabasePerKey::OpenKeys() const {
  std::vector<std::string> keys;
  std::lock_guard<std::mutex> lock(slots_mutex_);
  for (const auto& [key_id, slot] : slots_) {
    if (slot->opened.load()) keys.push_back(key_id);
  }
  return keys;
}

std::shared_ptr<Engine> DatabasePerKey::Opened(const std::string& key_id) const {
  std::shared_ptr<Slot> slot;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    auto it = slots_.find(key_id);
    if (it == slots_.end()) return nullptr;
    slot = it->second;
  }
  // `engine` is set before `opened` and never changes after: no lock needed once it is seen.
  return slot->opened.load() ? slot->engine : nullptr;
}

}  // namespace ddblab::shell::serve
