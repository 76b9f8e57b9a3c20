// `ddblab serve`: the listener, options, signals and the request log.
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "access_keys.h"
#include "content_encoding.h"
#include "cors.h"
#include "database_per_key.h"
#include "ddblab/engine.h"
#include "http_protocol.h"
#include "request_auth.h"
#include "shell/serve/connection_loop.h"
#include "shell/serve/serve.h"

namespace ddblab::shell {
namespace {

// DynamoDB: a request body over 16 MB is refused with HTTP 413.
constexpr size_t kMaxRequestBytes = 16 * 1024 * 1024;
// --db-per-key opens at most this many databases (as many as `keys new` writes keys): without
// --keys any key id is accepted, and each would otherwise cost a file and an open database.
constexpr size_t kMaxDatabasesPerKey = 1000;

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8000;
  std::string db;  // empty: in-memory
  bool log = false;
  bool quiet = false;
  std::optional<double> clock;
  size_t max_connections = 10000;
  std::optional<double> request_timeout;  // seconds; head and body each
  std::optional<double> idle_timeout;     // seconds
  bool ui = false;
  std::string init;        // a script run on the database before serving
  std::string db_per_key;  // a folder: a database file per access key id
  std::string keys;        // a keys file: every request's signature is checked
};

constexpr const char* kUsage =
    "usage: ddblab serve [--host 127.0.0.1] [--port 8000] [--db FILE] [--log] [--quiet]\n"
    "                    [--clock SECONDS] [--max-connections N] [--request-timeout S]\n"
    "                    [--idle-timeout S] [--ui] [--init FILE] [--db-per-key DIR]\n"
    "                    [--keys FILE]\n"
    "  --host H    address to listen on (default 127.0.0.1, loopback only)\n"
    "  --port P    TCP port (default 8000; 0 picks a free port)\n"
    "  --db FILE   database file (default: transient in-memory database)\n"
    "  --log       print one line per request (operation, table, capacity, partitions hit)\n"
    "  --quiet     no banner\n"
    "  --clock S   a fixed clock (seconds since the epoch), for stable output\n"
    "  --max-connections N  open connections served at once (default 10000); more get 503\n"
    "  --request-timeout S  a request's head, and then its body, must arrive within S seconds\n"
    "                       (default 10 and 60); a slower one is answered 408\n"
    "  --idle-timeout S     a keep-alive connection idle S seconds is closed (default 60)\n"
    "  --ui        also start the live page for the classroom and print its URL\n"
    "  --init FILE run FILE's statements and dot-commands (as -f does) before serving; stream\n"
    "              handlers it attaches (.stream attach) then run on every commit, whoever\n"
    "              wrote, and report on stderr; with --db-per-key, on each key's database when\n"
    "              it is first opened, its handlers on that database's commits. On a database\n"
    "              file that was there before, only the script's .stream lines run\n"
    "  --db-per-key DIR  a database for each access key id (the Credential=KEYID/... of the\n"
    "              SigV4 Authorization header): DIR/KEYID.db, opened on the key's first call\n"
    "              (DIR is created when missing; at most 1000 databases). Key ids are 1 to\n"
    "              128 of A-Z a-z 0-9 _; a request with another id, or without an Authorization\n"
    "              header, is refused. Not with --db. With --ui, the page shows every\n"
    "              student's tables and calls and a class overview\n"
    "  --keys FILE check every request's AWS Signature Version 4 against the keys in FILE:\n"
    "              one `KEYID SECRET` a line (spaces or tabs between), blank lines and lines\n"
    "              starting with # ignored (`ddblab keys new N` writes one). An unknown key, a\n"
    "              wrong signature or a request time 15 minutes off is refused with DynamoDB's\n"
    "              error. Without --keys any credentials are accepted\n";

// Returns 0 on success, 2 after printing a usage error, -1 for --help.
int ParseOptions(int argc, char** argv, ServeOptions* o) {
  // Callers may pass argv starting at the word "serve" itself.
  int first = argc > 0 && std::strcmp(argv[0], "serve") == 0 ? 1 : 0;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    std::string value;
    bool has_inline = false;
    if (auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_inline = true;
    }
    auto take = [&](const char* name) -> bool {
      if (has_inline) return true;
      if (i + 1 >= argc) {
        std::cerr << "ddblab serve: " << name << " needs a value\n" << kUsage;
        return false;
      }
      value = argv[++i];
      return true;
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return -1;
    } else if (arg == "--host") {
      if (!take("--host")) return 2;
      o->host = value;
    } else if (arg == "--port") {
      if (!take("--port")) return 2;
      char* end = nullptr;
      long p = std::strtol(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || p < 0 || p > 65535) {
        std::cerr << "ddblab serve: --port must be a number from 0 to 65535\n";
        return 2;
      }
      o->port = static_cast<int>(p);
    } else if (arg == "--db") {
      if (!take("--db")) return 2;
      o->db = value;
    } else if (arg == "--log") {
      o->log = true;
    } else if (arg == "--quiet") {
      o->quiet = true;
    } else if (arg == "--ui" && !has_inline) {
      o->ui = true;
    } else if (arg == "--init") {
      if (!take("--init")) return 2;
      o->init = value;
    } else if (arg == "--db-per-key") {
      if (!take("--db-per-key")) return 2;
      o->db_per_key = value;
    } else if (arg == "--keys") {
      if (!take("--keys")) return 2;
      o->keys = value;
    } else if (arg == "--clock") {
      // A fixed clock (seconds since the epoch) makes CreationDateTime and TableId stable.
      if (!take("--clock")) return 2;
      char* end = nullptr;
      double seconds = std::strtod(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0') {
        std::cerr << "ddblab serve: --clock needs a number of seconds\n" << kUsage;
        return 2;
      }
      o->clock = seconds;
    } else if (arg == "--max-connections") {
      if (!take("--max-connections")) return 2;
      char* end = nullptr;
      long n = std::strtol(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || n < 1 || n > 1000000) {
        std::cerr << "ddblab serve: --max-connections must be a number from 1 to 1000000\n";
        return 2;
      }
      o->max_connections = static_cast<size_t>(n);
    } else if (arg == "--request-timeout" || arg == "--idle-timeout") {
      std::string name = arg;
      if (!take(name.c_str())) return 2;
      char* end = nullptr;
      double seconds = std::strtod(value.c_str(), &end);
      // Up to a day: longer is a mistake, and milliseconds must not overflow.
      if (value.empty() || *end != '\0' || !(seconds >= 0.01 && seconds <= 86400)) {
        std::cerr << "ddblab serve: " << name
                  << " must be a number of seconds from 0.01 to 86400\n";
        return 2;
      }
      (name == "--request-timeout" ? o->request_timeout : o->idle_timeout) = seconds;
    } else {
      std::cerr << "ddblab serve: unknown option " << argv[i] << "\n" << kUsage;
      return 2;
    }
  }
  if (!o->db_per_key.empty() && !o->db.empty()) {
    std::cerr << "ddblab serve: --db and --db-per-key exclude each other: --db serves one shared "
                 "database, --db-per-key one per access key id\n";
    return 2;
  }
  return 0;
}

bool IsLoopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// `text` (one or more lines) with `prefix` before each line: whose database a report is from.
std::string PrefixLines(const std::string& prefix, const std::string& text) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    out += prefix;
    if (end == std::string::npos) {
      out.append(text, at, std::string::npos);
      break;
    }
    out.append(text, at, end + 1 - at);
    at = end + 1;
  }
  return out;
}

// What the page reads of the databases served: the shared one, or those opened per key. Closed
// before the databases go, so a page still answering then finds none.
class ServedView final : public ServedDatabases {
 public:
  ServedView(std::shared_ptr<Engine> shared, serve::DatabasePerKey* per_key, std::string where)
      : shared_(std::move(shared)), per_key_(per_key), where_(std::move(where)) {}
  void Close() {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_.reset();
    per_key_ = nullptr;
  }
  bool per_key() const override { return is_per_key_; }
  std::vector<std::string> Keys() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return per_key_ ? per_key_->OpenKeys() : std::vector<std::string>();
  }
  std::shared_ptr<Engine> Find(const std::string& key_id) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!is_per_key_) return key_id.empty() ? shared_ : nullptr;
    return per_key_ && !key_id.empty() ? per_key_->Opened(key_id) : nullptr;
  }
  std::string Describe() const override { return where_; }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<Engine> shared_;
  serve::DatabasePerKey* per_key_;
  const bool is_per_key_ = per_key_ != nullptr;
  const std::string where_;
};

}  // namespace

int RunServe(int argc, char** argv, const ServePageFactory& page_factory,
             const ServeInitFactory& init_factory) {
  ServeOptions options;
  if (int rc = ParseOptions(argc, argv, &options); rc != 0) return rc < 0 ? 0 : rc;
  if (options.ui && !page_factory) {
    std::cerr << "ddblab serve: --ui is not available in this program\n";
    return 2;
  }
  if (!options.init.empty() && !init_factory) {
    std::cerr << "ddblab serve: --init is not available in this program\n";
    return 2;
  }

  std::optional<serve::KeyTable> keys;
  if (!options.keys.empty()) {
    Result<serve::KeyTable> loaded = serve::LoadKeysFile(options.keys);
    if (!loaded.ok()) {
      std::cerr << "ddblab serve: --keys " << options.keys << ": " << loaded.error().message
                << "\n";
      return 2;
    }
    keys = std::move(loaded).value();
  }
  const bool per_key = !options.db_per_key.empty();
  if (per_key) {
    if (Status ready = serve::DatabasePerKey::PrepareFolder(options.db_per_key); !ready.ok()) {
      std::cerr << "ddblab serve: --db-per-key " << options.db_per_key << ": "
                << ready.error().message << "\n";
      return 1;
    }
  }
  const size_t key_count = keys ? keys->size() : 0;
  const serve::RequestAuthenticator authenticator(std::move(keys), per_key);
  if (!IsLoopback(options.host) && options.keys.empty()) {
    std::cerr << "ddblab serve: WARNING: listening on " << options.host
              << " (beyond loopback) without --keys: anyone who can reach this port can read, "
                 "change and delete every table, with any credentials. Give --keys FILE "
                 "(`ddblab keys new N` writes one) to check each request's signature.\n";
  }

  EngineOptions engine_options;
  if (!options.db.empty()) engine_options.path = options.db;
  if (options.clock) {
    double seconds = *options.clock;
    engine_options.clock = [seconds] { return seconds; };
  }
  // DescribeEndpoints names this server when its port is known before binding (not --port 0).
  if (options.port != 0) {
    engine_options.endpoint_address = options.host + ":" + std::to_string(options.port);
  }
  std::mutex log_mutex;
  // The page, when --ui asked for one: it hears every request and every handler run.
  std::unique_ptr<ServePage> page;
  // The shared database, or (--db-per-key) a database for each key, opened on its first call.
  std::shared_ptr<Engine> engine;
  std::unique_ptr<serve::DatabasePerKey> databases;
  bool existed = false;  // the shared database's file was there before
  if (per_key) {
    serve::DatabasePerKey::InitEach init_each;
    if (!options.init.empty()) {
      // One init per database, its output and handler reports marked with the key id.
      init_each = [&](std::shared_ptr<Engine> opened, const std::string& key_id, bool was_there) {
        const std::string prefix = "[" + key_id + "] ";
        ServeLog log = [&log_mutex, &page, prefix, key_id](const std::string& text,
                                                           const wire::Json& handlers) {
          std::lock_guard<std::mutex> lock(log_mutex);
          std::cerr << PrefixLines(prefix, text) << std::flush;
          if (page && !handlers.is_null()) page->OnStreamHandlers(key_id, handlers);
        };
        Result<std::unique_ptr<ServeInit>> started =
            init_factory(std::move(opened), options.init, log, was_there);
        if (!started.ok()) {
          std::lock_guard<std::mutex> lock(log_mutex);
          std::cerr << prefix << "ddblab serve: --init " << options.init << ": "
                    << started.error().message << "\n";
        }
        return started;
      };
    }
    databases = std::make_unique<serve::DatabasePerKey>(options.db_per_key, engine_options,
                                                        kMaxDatabasesPerKey, init_each);
  } else {
    std::error_code ec;
    existed = !options.db.empty() && std::filesystem::exists(options.db, ec);
    Result<std::unique_ptr<Engine>> opened = Engine::Open(engine_options);
    if (!opened.ok()) {
      std::cerr << "ddblab serve: cannot open " << (options.db.empty() ? ":memory:" : options.db)
                << ": " << opened.error().message << "\n";
      return 1;
    }
    engine = std::move(opened).value();
  }
  const std::string where = per_key ? "a database per access key id in " + options.db_per_key
                            : options.db.empty() ? "transient in-memory database"
                                                 : "file " + options.db;
  ServedView served_view(engine, databases.get(), where);
  if (options.ui) {
    Result<std::unique_ptr<ServePage>> started = page_factory(served_view);
    if (!started.ok()) {
      std::cerr << "ddblab serve: --ui: " << started.error().message << "\n";
      return 1;
    }
    page = std::move(started).value();
  }
  // What --init sets up runs before the port opens: a client sees the tables and seed data from
  // its first request. Its output and its handlers' reports go to stderr, a line at a time.
  std::unique_ptr<ServeInit> init;
  if (!options.init.empty() && engine) {
    ServeLog log = [&log_mutex, &page](const std::string& line, const wire::Json& handlers) {
      std::lock_guard<std::mutex> lock(log_mutex);
      std::cerr << line << std::flush;
      if (page && !handlers.is_null()) page->OnStreamHandlers("", handlers);
    };
    Result<std::unique_ptr<ServeInit>> started = init_factory(engine, options.init, log, existed);
    if (!started.ok()) {
      std::cerr << "ddblab serve: --init " << options.init << ": " << started.error().message
                << "\n";
      return 1;
    }
    init = std::move(started).value();
  }

  // SIGINT/SIGTERM are taken by sigwait on this thread; block them before any server thread
  // starts so every thread inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  // A client hanging up mid-response must not kill the server.
  signal(SIGPIPE, SIG_IGN);

  serve::RequestHandler answer = [&](serve::HttpRequest&& req) {
    serve::HttpResponse res;
    if (req.path != "/") {
      res.status = 404;
      return res;
    }
    // DynamoDB answers GET / with a health line naming the host the client addressed; SDK
    // health checks and curl users see the same.
    if (req.method == "GET") {
      res.content_type = "text/plain";
      std::string_view host = req.Header("Host");
      res.body = "healthy: " + std::string(host.empty() ? "dynamodb" : host);
      return res;
    }
    // A CORS preflight: 200, with the CORS headers added below.
    if (req.method == "OPTIONS" && !req.Header("Origin").empty()) return res;
    if (req.method != "POST") {
      res.status = 404;
      return res;
    }
    auto start = std::chrono::steady_clock::now();
    // Who sent it, before the body is decoded: a signature covers the bytes as they were sent.
    serve::AuthOutcome auth = authenticator.Check(req, std::chrono::system_clock::now());
    serve::HttpReply reply;
    if (auth.refusal) {
      reply = std::move(*auth.refusal);
    } else {
      // A compressed body is decoded first, and the 16 MB limit applies to what it decodes to.
      serve::DecodedBody decoded = serve::DecodeContent(req.Header("Content-Encoding"),
                                                        std::move(req.body), kMaxRequestBytes);
      if (decoded.outcome == serve::DecodedBody::Outcome::kTooLarge) {
        res.status = 413;
        res.close = true;
        return res;
      }
      std::shared_ptr<Engine> served = engine;
      if (decoded.outcome == serve::DecodedBody::Outcome::kUndecodable) {
        reply = serve::UndecodableBodyReply(decoded.problem);
      } else if (databases) {
        Result<std::shared_ptr<Engine>> own = databases->For(auth.key_id);
        if (own.ok()) {
          served = std::move(own).value();
        } else {
          reply = serve::ErrorReply(own.error());
        }
      }
      if (served && decoded.outcome != serve::DecodedBody::Outcome::kUndecodable) {
        reply = serve::HandleDynamoDbRequest(*served, req.Header("X-Amz-Target"),
                                             req.Header("Content-Type"), decoded.body,
                                             req.Header("Authorization"));
      }
    }
    res.status = reply.status;
    res.content_type = reply.content_type;
    res.headers = std::move(reply.headers);
    res.body = std::move(reply.body);
    // DynamoDB compresses a response of 4 KB or more when Accept-Encoding asks for gzip or
    // deflate (a repeated header: the last one counts); x-amz-crc32 then covers the bytes sent.
    if (res.body.size() >= serve::kCompressResponsesFrom) {
      const std::string coding = serve::NegotiateResponseCoding(req.LastHeader("Accept-Encoding"));
      if (!coding.empty()) {
        res.body = serve::EncodeContent(coding, res.body);
        res.headers.emplace_back("Content-Encoding", coding);
        for (auto& [name, value] : res.headers) {
          if (name == "x-amz-crc32") value = std::to_string(serve::Crc32(res.body));
        }
      }
    }
    // The page shows the engine's calls; a refusal before the engine is not one.
    if (page && reply.refused_with.empty()) {
      page->OnRequest(per_key ? auth.key_id : "", reply.operation, reply.result);
    }
    if (options.log) {
      double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      std::lock_guard<std::mutex> lock(log_mutex);
      if (!auth.key_id.empty()) std::cerr << "[" << auth.key_id << "] ";
      std::cerr << serve::LogLine(reply, ms) << std::endl;
    }
    return res;
  };

  // Every answer carries the CORS headers the request calls for.
  serve::RequestHandler handle = [&](serve::HttpRequest&& req) {
    const serve::CorsAsk cors = serve::CorsAskOf(req);
    serve::HttpResponse res = answer(std::move(req));
    serve::AddCorsHeaders(cors, res);
    return res;
  };

  int port = -1;
  int listen_fd = serve::ListenOn(options.host, options.port, &port);
  if (listen_fd < 0) {
    std::cerr << "ddblab serve: cannot listen on " << options.host << ":" << options.port << "\n";
    return 1;
  }
  serve::LoopOptions loop_options;
  loop_options.max_connections = options.max_connections;
  auto millis = [](double seconds) {
    return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
  };
  if (options.request_timeout) {
    loop_options.head_timeout = loop_options.body_timeout = millis(*options.request_timeout);
  }
  if (options.idle_timeout) loop_options.idle_timeout = millis(*options.idle_timeout);
  loop_options.limits.max_body_bytes = kMaxRequestBytes;
  serve::ConnectionLoop loop(listen_fd, loop_options, handle);

  if (!options.quiet) {
    const std::string credentials =
        options.keys.empty() ? "any credentials are accepted"
                             : "requests must be signed with one of the " +
                                   std::to_string(key_count) + " keys in " + options.keys;
    std::cout << "ddblab serve: DynamoDB JSON API on http://" << options.host << ":" << port << " ("
              << where << "); " << credentials << "; "
              << (IsLoopback(options.host)
                      ? "bound to loopback only (use --host to listen elsewhere)"
                      : "listening beyond loopback: other machines can reach it")
              << "\n";
    if (options.log) std::cout << "logging one line per request to stderr\n";
  }
  if (page) std::cout << "page: " << page->url() << std::endl;
  std::cout << "ready" << std::endl;

  std::thread listener([&] { loop.Run(); });
  int sig = 0;
  sigwait(&stop_signals, &sig);
  loop.Stop();
  listener.join();
  init.reset();         // its handlers stop before the page and the engine they report to and use
  served_view.Close();  // the page finds no database from here on
  databases.reset();    // each key's handlers, then its database
  page.reset();
  // Release the engine (and close the database) before saying so.
  engine.reset();
  if (!options.quiet) {
    std::cout << "ddblab serve: stopped (" << (sig == SIGINT ? "SIGINT" : "SIGTERM") << ")"
              << std::endl;
  }
  return 0;
}

}  // namespace ddblab::shell
