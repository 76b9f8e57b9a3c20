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
#include "shell/serve/connection_loop.h"
#include "shell/views/event_feed.h"
#include "shell/views/shell_views.h"

namespace ddblab::shell::page {

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
