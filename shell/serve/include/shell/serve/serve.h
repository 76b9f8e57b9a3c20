// `ddblab serve`: DynamoDB's JSON 1.0 protocol over HTTP/1.1, so real SDKs and the aws CLI can
// talk to the engine.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddblab/engine.h"
#include "ddblab/error.h"
#include "ddblab/wire.h"

namespace ddblab::shell {

// The databases an endpoint serves, as its page reads them: one shared database, or under
// `--db-per-key` one per access key id, each opened on its key's first call.
class ServedDatabases {
 public:
  virtual ~ServedDatabases() = default;
  // Whether each access key id has a database of its own.
  virtual bool per_key() const = 0;
  // The key ids whose databases are open, in order (none without per_key).
  virtual std::vector<std::string> Keys() const = 0;
  // The database of `key_id` ("" for the shared one) when it is open, else null: reading a
  // page never opens a database.
  virtual std::shared_ptr<Engine> Find(const std::string& key_id) const = 0;
  // Where they are, in the banner's words ("file class.db", "a database per access key id in
  // class/").
  virtual std::string Describe() const = 0;
};

// The live page beside the endpoint (`serve --ui`, docs/page.md). The page tier builds it and
// main hands the factory in, so serve itself stays on the wire protocol.
class ServePage {
 public:
  virtual ~ServePage() = default;
  // Where the page is, to print beside the endpoint's address.
  virtual std::string url() const = 0;
  // Every request the endpoint answered (from the server's threads); `key_id` is whose database
  // answered under --db-per-key, else "".
  virtual void OnRequest(const std::string& key_id, std::string_view operation,
                         const wire::JsonResult& result) = 0;
  // What the stream handlers `--init` attached to `key_id`'s database ("" for the shared one)
  // did in one run (ddb.stream.run's summary, lessons/README.md `r.stream`): their failures and
  // iterator age.
  virtual void OnStreamHandlers(const std::string& key_id, const wire::Json& summary) = 0;
};
// `databases` outlives the page.
using ServePageFactory =
    std::function<Result<std::unique_ptr<ServePage>>(const ServedDatabases& databases)>;

// What `serve --init FILE` leaves running beside the endpoint: the script has run on the served
// database before the server listens, and the stream handlers it attached run on every commit
// from then on, whoever wrote. The lab tier builds it and main hands the factory in, so serve
// itself stays on the wire protocol. Destroying it stops the handlers.
class ServeInit {
 public:
  virtual ~ServeInit() = default;
};
// Where --init reports: text lines for stderr (the script's output, each handler run's report),
// and for a handler run its summary too (null otherwise). Called from any thread.
using ServeLog = std::function<void(const std::string& text, const wire::Json& handlers)>;
// Runs the script `file` on `engine`, then starts its handlers; an error (the script's first
// failure) when it cannot. Called once per engine: for the shared database before the server
// listens, and under --db-per-key for each key's database when it is first opened (its log
// lines then start with "[KEYID] "). `existed`: the database file was there before this server
// opened it (an earlier run set it up), so only what does not persist is made again: the
// script's `.stream` attachments.
using ServeInitFactory = std::function<Result<std::unique_ptr<ServeInit>>(
    std::shared_ptr<Engine> engine, const std::string& file, ServeLog log, bool existed)>;

// Runs the server until SIGINT or SIGTERM. `argv` holds the options after the word "serve" (a
// leading "serve" itself is skipped, so main may pass argv + 1 as well):
//   --host H    address to bind (default 127.0.0.1: loopback only)
//   --port P    TCP port (default 8000; 0 picks a free port)
//   --db FILE   database file (default: a transient in-memory database)
//   --log       one line per request on stderr: operation, table, capacity, partitions hit
//   --quiet     no banner (the "ready" line is still printed)
//   --clock S   a fixed clock (seconds since the epoch)
//   --max-connections N  open connections served at once (default 10000); more get 503
//   --request-timeout S  seconds for a request's head, then its body, to arrive; else 408
//   --idle-timeout S     seconds an idle keep-alive connection stays open
//   --ui        also start the live page (made by `page`; refused when it is null)
//   --init FILE run a script before serving and its stream handlers after (made by `init`;
//               refused when it is null)
//   --db-per-key DIR  a database file per access key id, DIR/KEYID.db (not with --db)
//   --keys FILE every request's SigV4 signature checked against FILE's `KEYID SECRET` lines
//   --help
// Prints where it listens, then "ready" on stdout. Returns the process exit status (0 after a
// clean stop, 2 for bad options or a malformed keys file, 1 when the database, the --db-per-key
// folder or the port cannot be opened, e.g. because another process owns the database file).
int RunServe(int argc, char** argv, const ServePageFactory& page = nullptr,
             const ServeInitFactory& init = nullptr);

}  // namespace ddblab::shell
