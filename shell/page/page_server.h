// The live page's HTTP side: the embedded files, the JSON answers and the event stream, on
// 127.0.0.1 behind an unguessable token (docs/page.md). It knows nothing of shells or servers:
// a PageBackend answers for whoever started it.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ddblab/error.h"
#include "event_feed.h"
#include "shell/serve/connection_loop.h"

namespace ddblab::shell::page {

// A JSON answer, or an error with its HTTP status.
struct PageAnswer {
  int status = 200;
  std::string json;
  // Text that is not UTF-8 (a statement's echo of bytes typed in the box) is replaced, not
  // refused: the page still gets its answer.
  static PageAnswer Ok(const wire::Json& body) { return {200, Dump(body)}; }
  static PageAnswer Fail(int status, const std::string& message) {
    return {status, Dump(wire::Json{{"error", message}})};
  }
  static std::string Dump(const wire::Json& j) {
    return j.dump(-1, ' ', false, wire::Json::error_handler_t::replace);
  }
  // A client's error: 404 for a table that is not there, 502 for anything else it refused.
  static PageAnswer FromError(const Error& e) {
    const int status = e.type == ErrorType::kResourceNotFoundException ? 404 : 502;
    return Fail(status, std::string(ErrorTypeName(e.type)) + ": " + e.message);
  }
};

// What the page reads; called from the server's threads, so each takes its own locks.
class PageBackend {
 public:
  virtual ~PageBackend() = default;
  virtual PageAnswer State() = 0;
  virtual PageAnswer Table(const std::string& name) = 0;
  virtual PageAnswer Partitions(const std::string& name) = 0;
  virtual PageAnswer Simulation() = 0;
  // The statement box (403 unless it is on).
  virtual PageAnswer Run(const std::string& statement) = 0;
};

class PageServer {
 public:
  // Listens on 127.0.0.1:`port` (0: a free port) and serves until destroyed. `backend` and
  // `feed` must outlive it. A port another program holds is an error that says so.
  static Result<std::unique_ptr<PageServer>> Start(PageBackend& backend, EventFeed& feed,
                                                   int port = 0);
  ~PageServer();
  PageServer(const PageServer&) = delete;
  PageServer& operator=(const PageServer&) = delete;

  // http://127.0.0.1:PORT/TOKEN/
  const std::string& url() const { return url_; }
  int port() const { return port_; }

 private:
  PageServer(PageBackend& backend, EventFeed& feed) : backend_(backend), feed_(feed) {}
  serve::HttpResponse Handle(serve::HttpRequest&& request);
  serve::HttpResponse Route(const std::string& rest, serve::HttpRequest& request);
  // Streams events to one browser on its own thread until it leaves or the server stops.
  void StreamEvents(int fd, uint64_t after);

  PageBackend& backend_;
  EventFeed& feed_;
  std::string token_;
  int port_ = 0;
  std::string url_;
  std::unique_ptr<serve::ConnectionLoop> loop_;
  std::thread loop_thread_;
  std::atomic<bool> stopping_{false};
  std::mutex streams_mutex_;
  struct Stream {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::vector<Stream> streams_;
  // The sockets of the streams whose threads have not closed them yet (closed under the mutex).
  std::vector<int> stream_fds_;
};

}  // namespace ddblab::shell::page
