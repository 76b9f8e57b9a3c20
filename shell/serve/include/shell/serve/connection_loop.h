// The connection model of `ddblab serve`: a few event loops (one thread each) share the listening
// socket; each owns the connections it accepted and runs their complete requests itself.
//
// Why this design: a thread per connection (the model of cpp-httplib, which serve used before)
// lets idle keep-alive connections and slowloris clients hold every worker until their read
// timeout, so a ready request waits behind them. Here a connection costs a file descriptor and a
// buffer, not a thread, while it is idle or half-sent: a loop reads each request whole (head,
// then the Content-Length or chunked body, within size limits) before running it. Each
// connection state has its own deadline (idle, head, body, write, lingering close).
// Requests run on the loop that read them rather than being handed to a worker pool: profiling
// PutItem behind one epoll thread and four workers showed most of the time in the hand-off
// (condition variables, eventfd wake-ups, epoll_ctl re-arming, context switches), not in the
// request. The engine serializes its calls anyway, so a long request on one loop delays that
// loop's other connections no more than the engine lock would. A small loop of our own (rather
// than libevent's evhttp) keeps every limit, timeout and error answer in code we test, with no
// new dependency.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "shell/serve/request_reader.h"

namespace ddblab::shell::serve {

struct HttpResponse {
  int status = 200;
  std::string content_type;  // empty: no Content-Type header
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  bool close = false;  // close the connection after this response
  // A long-lived answer (server-sent events): when set, the loop writes nothing, forgets the
  // connection and hands its socket (blocking, still open) to this function, which owns it from
  // then on and must return at once (it passes the socket to a thread of its own).
  std::function<void(int fd)> take_over;
};

struct LoopOptions {
  // Event loops (threads); 0: one per core, at least 2 and at most 8.
  size_t loops = 0;
  // Connections beyond this are answered 503 ServiceUnavailable and closed. Also capped by the
  // process's file descriptor limit.
  size_t max_connections = 10000;
  ReaderLimits limits;
  // A keep-alive connection with no request started is closed after this long.
  std::chrono::milliseconds idle_timeout{60000};
  // A request whose head is not complete this long after its first byte is answered 408.
  std::chrono::milliseconds head_timeout{10000};
  // A body not complete this long after its head is answered 408.
  std::chrono::milliseconds body_timeout{60000};
  // A response the client does not read for this long (no progress) is dropped.
  std::chrono::milliseconds write_timeout{30000};
  // After a refusal (413, 400), unread input is drained this long before closing, so the client
  // can read the answer instead of a connection reset.
  std::chrono::milliseconds linger_timeout{3000};
};

// Runs `handler` on a loop thread for each complete request; the handler must be thread-safe.
using RequestHandler = std::function<HttpResponse(HttpRequest&&)>;

class ConnectionLoop {
 public:
  // Takes ownership of `listen_fd`, a bound, listening socket.
  ConnectionLoop(int listen_fd, LoopOptions options, RequestHandler handler);
  ~ConnectionLoop();
  ConnectionLoop(const ConnectionLoop&) = delete;
  ConnectionLoop& operator=(const ConnectionLoop&) = delete;

  // Serves until Stop(); then closes every connection and joins the loops. Requests already
  // running finish first.
  void Run();
  // Thread-safe; Run() returns soon after.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The bytes of a response: status line, Content-Type, Content-Length, Date, Connection, the
// response's own headers, then the body.
std::string SerializeResponse(const HttpResponse& response);

// Binds and listens on host:port (port 0 picks one). Returns the socket, or -1 with errno saying
// why (EADDRINUSE: the port is taken); *bound_port is the port actually bound.
int ListenOn(const std::string& host, int port, int* bound_port);

}  // namespace ddblab::shell::serve
