#include "shell/serve/connection_loop.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <ctime>
#include <exception>
#include <thread>
#include <unordered_map>

namespace ddblab::shell::serve {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint64_t kListenTag = 0;
constexpr uint64_t kWakeTag = 1;
constexpr size_t kReadChunk = 64 * 1024;
// A lingering close drains at most this much before giving up on the client.
constexpr size_t kMaxLingerBytes = 64 * 1024 * 1024;

const char* Reason(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 301:
      return "Moved Permanently";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 413:
      return "Request Entity Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

// The Date header changes once a second: each loop thread formats it once per second.
const std::string& HttpDate() {
  thread_local std::time_t formatted_at = -1;
  thread_local std::string text;
  std::time_t now = std::time(nullptr);
  if (now != formatted_at) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    text = buf;
    formatted_at = now;
  }
  return text;
}

// An answer the loop gives itself (no worker): empty body in DynamoDB's content type.
std::string LoopAnswer(int status) {
  HttpResponse r;
  r.status = status;
  r.content_type = "application/x-amz-json-1.0";
  r.close = true;
  return SerializeResponse(r);
}

// DynamoDB answers an overloaded front end with 503 and the ServiceUnavailable error code, which
// every SDK retries. The message is ours: DynamoDB's own text for this case is not documented.
std::string ConnectionLimitAnswer(size_t limit) {
  HttpResponse r;
  r.status = 503;
  r.content_type = "application/x-amz-json-1.0";
  r.body =
      "{\"__type\":\"com.amazon.coral.availability#ServiceUnavailableException\",\"message\":"
      "\"ddblab serve has reached its limit of " +
      std::to_string(limit) + " open connections; retry after closing idle ones\"}";
  r.close = true;
  return SerializeResponse(r);
}

}  // namespace

std::string SerializeResponse(const HttpResponse& response) {
  std::string out;
  out.reserve(256 + response.body.size());
  out += "HTTP/1.1 ";
  out += std::to_string(response.status);
  out += ' ';
  out += Reason(response.status);
  out += "\r\n";
  if (!response.content_type.empty()) {
    out += "Content-Type: ";
    out += response.content_type;
    out += "\r\n";
  }
  out += "Content-Length: ";
  out += std::to_string(response.body.size());
  out += "\r\nDate: ";
  out += HttpDate();
  out += response.close ? "\r\nConnection: close\r\n" : "\r\nConnection: keep-alive\r\n";
  // DynamoDB names its front end "Server" on every reply, errors included.
  out += "Server: Server\r\n";
  for (const auto& [name, value] : response.headers) {
    out += name;
    out += ": ";
    out += value;
    out += "\r\n";
  }
  out += "\r\n";
  out += response.body;
  return out;
}

int ListenOn(const std::string& host, int port, int* bound_port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) {
    errno = EADDRNOTAVAIL;
    return -1;
  }
  int fd = -1;
  int failure = EADDRNOTAVAIL;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
    if (fd < 0) {
      failure = errno;
      continue;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    // A deep backlog: connection churn must not overflow the accept queue into resets.
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
      failure = errno;
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd < 0) {
    errno = failure;  // callers say why: EADDRINUSE, EACCES...
    return -1;
  }
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  *bound_port = addr.ss_family == AF_INET6
                    ? ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port)
                    : ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port);
  return fd;
}

struct ConnectionLoop::Impl {
  enum class State { kReading, kWriting, kLingering };
  enum class Phase { kIdle, kHead, kBody };

  struct Conn {
    int fd = -1;
    uint64_t id = 0;
    State state = State::kReading;
    Phase phase = Phase::kIdle;
    uint32_t watched = EPOLLIN;  // the events epoll is asked for now
    RequestReader reader;
    std::string in;
    std::string out;
    size_t out_pos = 0;
    bool close_after_write = false;
    size_t lingered = 0;
    Clock::time_point deadline;
    explicit Conn(ReaderLimits limits) : reader(limits) {}
  };

  // One event loop: its own epoll set and the connections it accepted.
  struct Shard {
    Impl& impl;
    int epoll_fd = -1;
    std::unordered_map<uint64_t, std::unique_ptr<Conn>> conns;
    uint64_t next_id = 2;

    explicit Shard(Impl& owner) : impl(owner) {
      epoll_fd = epoll_create1(EPOLL_CLOEXEC);
      // EPOLLEXCLUSIVE: a new connection wakes one loop, not all of them.
      Watch(impl.listen_fd, kListenTag, EPOLLIN | EPOLLEXCLUSIVE, EPOLL_CTL_ADD);
      // Level-triggered and never drained: Stop() wakes every loop with one write.
      Watch(impl.wake_fd, kWakeTag, EPOLLIN, EPOLL_CTL_ADD);
    }
    ~Shard() {
      for (auto& [id, c] : conns) {
        if (c->fd >= 0) close(c->fd);
      }
      close(epoll_fd);
    }
    Shard(const Shard&) = delete;
    Shard& operator=(const Shard&) = delete;

    void Watch(int fd, uint64_t tag, uint32_t events, int op) {
      epoll_event ev{};
      ev.events = events;
      ev.data.u64 = tag;
      epoll_ctl(epoll_fd, op, fd, &ev);
    }

    // Re-arms only when the events change: a request answered at once costs no epoll_ctl.
    void WatchConn(Conn& c, uint32_t events) {
      if (c.watched == events) return;
      c.watched = events;
      Watch(c.fd, c.id, events, EPOLL_CTL_MOD);
    }

    bool Alive(uint64_t id) const { return conns.find(id) != conns.end(); }

    void CloseConn(uint64_t id) {
      auto it = conns.find(id);
      if (it == conns.end()) return;
      if (it->second->fd >= 0) {
        epoll_ctl(epoll_fd, EPOLL_CTL_DEL, it->second->fd, nullptr);
        close(it->second->fd);
      }
      conns.erase(it);
      impl.open_connections.fetch_sub(1);
    }

    // Gives the connection's socket to `take_over` (a streamed answer): out of the epoll set and
    // the connection table, back to blocking mode, not closed.
    void HandOver(uint64_t id, const std::function<void(int fd)>& take_over) {
      auto it = conns.find(id);
      if (it == conns.end()) return;
      const int fd = it->second->fd;
      epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, nullptr);
      it->second->fd = -1;
      conns.erase(it);
      impl.open_connections.fetch_sub(1);
      int flags = fcntl(fd, F_GETFL);
      if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
      take_over(fd);
    }

    void EnterReading(Conn& c) {
      c.state = State::kReading;
      c.phase = Phase::kIdle;
      c.deadline = Clock::now() + impl.options.idle_timeout;
      WatchConn(c, EPOLLIN);
    }

    // Queues `bytes` and writes what the socket takes now. Returns true when the connection is
    // reading again (the whole answer went out and it stays open).
    bool Respond(Conn& c, std::string bytes, bool close_after) {
      c.out = std::move(bytes);
      c.out_pos = 0;
      c.close_after_write = close_after;
      c.state = State::kWriting;
      c.deadline = Clock::now() + impl.options.write_timeout;
      return Flush(c);
    }

    // Writes what the socket takes. Returns true when the answer is out and the connection is
    // reading again; false when it waits for EPOLLOUT, lingers, or was closed.
    bool Flush(Conn& c) {
      while (c.out_pos < c.out.size()) {
        ssize_t n = send(c.fd, c.out.data() + c.out_pos, c.out.size() - c.out_pos, MSG_NOSIGNAL);
        if (n > 0) {
          c.out_pos += static_cast<size_t>(n);
          c.deadline = Clock::now() + impl.options.write_timeout;
          continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
          WatchConn(c, EPOLLOUT);  // resumed by OnConnEvent
          return false;
        }
        CloseConn(c.id);
        return false;
      }
      c.out.clear();
      c.out_pos = 0;
      if (c.close_after_write) {
        // Lingering close: stop sending, then drain what the client still sends, so its request
        // bytes in flight do not turn our answer into a connection reset.
        shutdown(c.fd, SHUT_WR);
        c.state = State::kLingering;
        c.deadline = Clock::now() + impl.options.linger_timeout;
        WatchConn(c, EPOLLIN);
        return false;
      }
      EnterReading(c);
      return true;
    }

    HttpResponse Run(HttpRequest&& request) {
      bool keep_alive = request.KeepAlive();
      HttpResponse response;
      try {
        response = impl.handler(std::move(request));
      } catch (const std::exception&) {
        response = HttpResponse{};
        response.status = 500;
        response.content_type = "application/x-amz-json-1.0";
        response.body = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\"}";
      }
      response.close = response.close || !keep_alive;
      return response;
    }

    // Answers every complete request buffered on `c`, in order, while the socket takes the
    // answers; a loop (not recursion) so a long pipeline cannot exhaust the stack.
    void Serve(Conn& c) {
      const uint64_t id = c.id;
      while (Alive(id) && c.state == State::kReading) {
        ReadStatus status = c.reader.Feed(c.in);
        Phase phase = c.reader.HeadDone()  ? Phase::kBody
                      : c.reader.Started() ? Phase::kHead
                                           : Phase::kIdle;
        if (phase != c.phase) {
          c.phase = phase;
          c.deadline = Clock::now() + (phase == Phase::kBody ? impl.options.body_timeout
                                                             : impl.options.head_timeout);
        }
        if (status == ReadStatus::kNeedMore && c.reader.WantsContinue()) {
          static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
          c.reader.ContinueSent();
          // Sent on a connection that has nothing else in flight, so the socket buffer takes it.
          if (send(c.fd, kContinue.data(), kContinue.size(), MSG_NOSIGNAL) !=
              static_cast<ssize_t>(kContinue.size())) {
            CloseConn(id);
            return;
          }
        }
        switch (status) {
          case ReadStatus::kNeedMore:
            return;
          case ReadStatus::kComplete: {
            HttpResponse response = Run(c.reader.Take());
            if (response.take_over) {
              HandOver(id, response.take_over);
              return;
            }
            if (!Respond(c, SerializeResponse(response), response.close)) return;
            break;  // a pipelined request may already be buffered
          }
          case ReadStatus::kBadRequest:
          case ReadStatus::kHeadTooLarge:
            Respond(c, LoopAnswer(400), true);
            return;
          case ReadStatus::kBodyTooLarge:
            // DynamoDB: a request body over 16 MB is refused with HTTP 413 and no body.
            Respond(c, LoopAnswer(413), true);
            return;
        }
      }
    }

    void OnReadable(Conn& c) {
      char buf[kReadChunk];
      const uint64_t id = c.id;
      for (;;) {
        ssize_t n = recv(c.fd, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n <= 0) {
          CloseConn(id);
          return;
        }
        if (c.state == State::kLingering) {
          c.lingered += static_cast<size_t>(n);
          if (c.lingered > kMaxLingerBytes) {
            CloseConn(id);
            return;
          }
          continue;
        }
        c.in.append(buf, static_cast<size_t>(n));
        Serve(c);
        if (!Alive(id)) return;
        if (c.state != State::kReading && c.state != State::kLingering) return;
      }
    }

    // Takes one pending connection per wake-up, so a burst of connections spreads over the loops.
    void AcceptOne() {
      for (;;) {
        int fd = accept4(impl.listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
          if (errno == EINTR || errno == ECONNABORTED) continue;
          return;  // EAGAIN, or out of descriptors: the listener stays readable and we retry
        }
        if (impl.open_connections.fetch_add(1) >= impl.options.max_connections) {
          impl.open_connections.fetch_sub(1);
          std::string answer = ConnectionLimitAnswer(impl.options.max_connections);
          ssize_t n = send(fd, answer.data(), answer.size(), MSG_NOSIGNAL);
          (void)n;  // best effort: the connection is refused either way
          close(fd);
          continue;  // a refusal is cheap: look for a connection this loop can take
        }
        int one = 1;
        // Small request/response pairs: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms.
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        auto conn = std::make_unique<Conn>(impl.options.limits);
        conn->fd = fd;
        conn->id = next_id++;
        conn->deadline = Clock::now() + impl.options.idle_timeout;
        Watch(fd, conn->id, EPOLLIN, EPOLL_CTL_ADD);
        conns.emplace(conn->id, std::move(conn));
        return;
      }
    }

    void Sweep() {
      Clock::time_point now = Clock::now();
      std::vector<uint64_t> expired;
      for (auto& [id, c] : conns) {
        if (now >= c->deadline) expired.push_back(id);
      }
      for (uint64_t id : expired) {
        Conn& c = *conns.at(id);
        if (c.state == State::kReading && c.phase != Phase::kIdle) {
          Respond(c, LoopAnswer(408), true);  // a request too slow to arrive
        } else {
          CloseConn(id);
        }
      }
    }

    void OnConnEvent(uint64_t id, uint32_t events) {
      auto it = conns.find(id);
      if (it == conns.end()) return;
      Conn& c = *it->second;
      if (c.state == State::kWriting) {
        if ((events & (EPOLLOUT | EPOLLHUP | EPOLLERR)) && Flush(c)) Serve(c);
        return;
      }
      OnReadable(c);
    }

    void Loop() {
      std::vector<epoll_event> events(256);
      Clock::time_point next_sweep = Clock::now();
      while (!impl.stopping.load()) {
        int n = epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()), 250);
        for (int i = 0; i < n; ++i) {
          uint64_t tag = events[i].data.u64;
          if (tag == kListenTag) {
            AcceptOne();
          } else if (tag != kWakeTag) {
            OnConnEvent(tag, events[i].events);
          }
        }
        if (Clock::now() >= next_sweep) {
          Sweep();
          next_sweep = Clock::now() + std::chrono::milliseconds(250);
        }
      }
    }
  };

  int listen_fd;
  LoopOptions options;
  RequestHandler handler;
  int wake_fd = -1;
  std::atomic<bool> stopping{false};
  std::atomic<size_t> open_connections{0};

  Impl(int fd, LoopOptions o, RequestHandler h)
      : listen_fd(fd), options(std::move(o)), handler(std::move(h)) {
    // Every idle connection is a descriptor: raise the soft limit to the hard one, and keep the
    // connection limit under it with room for the database and the process's own files.
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
      lim.rlim_cur = lim.rlim_max;
      setrlimit(RLIMIT_NOFILE, &lim);
      getrlimit(RLIMIT_NOFILE, &lim);
    }
    if (lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur > 64 &&
        options.max_connections > lim.rlim_cur - 64) {
      options.max_connections = lim.rlim_cur - 64;
    }
    if (options.loops == 0) {
      options.loops = std::clamp<size_t>(std::thread::hardware_concurrency(), 2, 8);
    }
    wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  }

  ~Impl() {
    close(listen_fd);
    close(wake_fd);
  }

  void Wake() {
    uint64_t one = 1;
    ssize_t n = write(wake_fd, &one, sizeof one);
    (void)n;  // the counter is already non-zero when this fails: the loops wake anyway
  }

  void Run() {
    std::vector<std::unique_ptr<Shard>> shards;
    for (size_t i = 0; i < options.loops; ++i) shards.push_back(std::make_unique<Shard>(*this));
    std::vector<std::thread> threads;
    for (size_t i = 1; i < shards.size(); ++i) {
      threads.emplace_back([shard = shards[i].get()] { shard->Loop(); });
    }
    shards[0]->Loop();
    for (std::thread& t : threads) t.join();
  }
};

ConnectionLoop::ConnectionLoop(int listen_fd, LoopOptions options, RequestHandler handler)
    : impl_(std::make_unique<Impl>(listen_fd, std::move(options), std::move(handler))) {}

ConnectionLoop::~ConnectionLoop() = default;

void ConnectionLoop::Run() { impl_->Run(); }

void ConnectionLoop::Stop() {
  impl_->stopping.store(true);
  impl_->Wake();
}

}  // namespace ddblab::shell::serve
