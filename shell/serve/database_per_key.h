// `serve --db-per-key DIR`: a database file for each access key id, as DynamoDB Local keeps one
// per key without -sharedDb. Each is opened when its key first calls, then kept open; each is
// its own Engine, so its commit notifications (and the stream handlers --init attaches to them)
// are its own.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ddblab/engine.h"
#include "ddblab/error.h"
#include "shell/serve/serve.h"

namespace ddblab::shell::serve {

class DatabasePerKey {
 public:
  // What runs on a database the first time it is opened in this server (serve --init FILE), with
  // the key id it belongs to and whether its file was there before; null for nothing.
  using InitEach = std::function<Result<std::unique_ptr<ServeInit>>(
      std::shared_ptr<Engine> engine, const std::string& key_id, bool existed)>;

  // `dir` must exist. Databases are `dir`/KEYID.db, opened with `base` (its path replaced).
  // At most `max_databases` are opened; a further key is refused.
  DatabasePerKey(std::string dir, EngineOptions base, size_t max_databases, InitEach init);
  // Stops every database's handlers, then closes the databases.
  ~DatabasePerKey();
  DatabasePerKey(const DatabasePerKey&) = delete;
  DatabasePerKey& operator=(const DatabasePerKey&) = delete;

  // Creates `dir` when missing; an error when it cannot, or names something else than a folder.
  static Status PrepareFolder(const std::string& dir);

  // The database of `key_id`, opened (and its init run) on first use. Thread-safe; two keys open
  // at once, one key once. Errors: ValidationException for an id IsValidAccessKeyId refuses
  // (never a file), LimitExceededException past the limit, InternalServerError when the file
  // cannot be opened or the init failed (then every later call of that key gets the same error
  // until serve restarts, and the log has said why).
  Result<std::shared_ptr<Engine>> For(const std::string& key_id);

  // The key ids whose databases are open, in order, and the database of one (null when it is
  // not open): what the page reads, which never opens a database.
  std::vector<std::string> OpenKeys() const;
  std::shared_ptr<Engine> Opened(const std::string& key_id) const;

 private:
  struct Slot {
    std::mutex opening;  // held while this key's database opens and its init runs
    std::atomic<bool> opened{false};
    std::shared_ptr<Engine> engine;
    std::unique_ptr<ServeInit> init;
    std::optional<Error> failure;
  };

  std::string dir_;
  EngineOptions base_;
  size_t max_databases_;
  InitEach init_;
  mutable std::mutex slots_mutex_;
  std::map<std::string, std::shared_ptr<Slot>, std::less<>> slots_;
};

}  // namespace ddblab::shell::serve
