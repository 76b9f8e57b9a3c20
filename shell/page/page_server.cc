#include "page_server.h"

#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <utility>

#include "shell/page/assets/app_js.h"
#include "shell/page/assets/index_html.h"
#include "shell/page/assets/style_css.h"

namespace ddblab::shell::page {
namespace {

using Clock = std::chrono::steady_clock;

// Browsers following the event stream at once; more are refused (each holds a thread).
constexpr size_t kMaxStreams = 16;
// Stream threads at once, those of browsers that just left included.
constexpr size_t kMaxStreamThreads = 4 * kMaxStreams;
// The statement box's text, and any request body.
constexpr size_t kMaxBodyBytes = 64 * 1024;
// A comment line this often keeps proxies from closing a quiet stream.
constexpr auto kKeepAlive = std::chrono::seconds(15);

// Only the page's own files, scripts and connections: nothing is fetched from elsewhere, and no
// other site may frame the page.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

void AddPageHeaders(serve::HttpResponse& r) {
  r.headers.emplace_back("Content-Security-Policy", kContentSecurityPolicy);
  r.headers.emplace_back("X-Content-Type-Options", "nosniff");
  // The token is in the URL: no Referer may carry it elsewhere.
  r.headers.emplace_back("Referrer-Policy", "no-referrer");
  r.headers.emplace_back("Cache-Control", "no-store");
  r.headers.emplace_back("X-Frame-Options", "DENY");
}

serve::HttpResponse Text(int status, std::string body) {
  serve::HttpResponse r;
  r.status = status;
  r.content_type = "text/plain; charset=utf-8";
  r.body = std::move(body) + "\n";
  return r;
}

serve::HttpResponse JsonAnswer(const PageAnswer& a) {
  serve::HttpResponse r;
  r.status = a.status;
  r.content_type = "application/json";
  r.body = a.json;
  return r;
}

serve::HttpResponse File(std::string_view content_type, std::string_view body) {
  serve::HttpResponse r;
  r.content_type = std::string(content_type);
  r.body = std::string(body);
  return r;
}

// 128 random bits, as 32 hex digits.
std::string NewToken() {
  unsigned char bytes[16];
  size_t got = 0;
  while (got < sizeof bytes) {
    ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n > 0) got += static_cast<size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (unsigned char b : bytes) {
    token += kHex[b >> 4];
    token += kHex[b & 15];
  }
  return token;
}

// Compares without stopping at the first difference, so timing does not reveal the token.
bool SameToken(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The value of `name` in a query string, percent-decoded ('+' is a space); "" when absent.
std::string QueryValue(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name || eq == std::string_view::npos) continue;
    std::string value;
    std::string_view raw = pair.substr(eq + 1);
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '+') {
        value += ' ';
      } else if (raw[i] == '%' && i + 2 < raw.size() && HexValue(raw[i + 1]) >= 0 &&
                 HexValue(raw[i + 2]) >= 0) {
        value += static_cast<char>(HexValue(raw[i + 1]) * 16 + HexValue(raw[i + 2]));
        i += 2;
      } else {
        value += raw[i];
      }
    }
    return value;
  }
  return "";
}

// Whether the browser closed its end. Asked without reading: a stream's browser sends nothing
// after its request, and the kernel flags the close (POLLRDHUP) as soon as it arrives.
bool PeerGone(int fd) {
  pollfd p{fd, POLLRDHUP, 0};
  return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

bool SendAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

Result<std::unique_ptr<PageServer>> PageServer::Start(PageBackend& backend, EventFeed& feed,
                                                      int port) {
  std::unique_ptr<PageServer> server(new PageServer(backend, feed));
  int fd = serve::ListenOn("127.0.0.1", port, &server->port_);
  if (fd < 0) {
    const int why = errno;
    const std::string where = "127.0.0.1:" + std::to_string(port);
    std::string message = "the page cannot listen on " + where + ": " + std::strerror(why);
    if (why == EADDRINUSE) message = where + " is already in use by another program";
    if (why == EACCES) message = "listening on " + where + " needs privileges this user lacks";
    return MakeError(ErrorType::kInternalServerError, message);
  }
  server->token_ = NewToken();
  server->url_ = "http://127.0.0.1:" + std::to_string(server->port_) + "/" + server->token_ + "/";
  serve::LoopOptions options;
  options.loops = 2;
  options.max_connections = 128;
  options.limits.max_body_bytes = kMaxBodyBytes;
  PageServer* self = server.get();
  server->loop_ = std::make_unique<serve::ConnectionLoop>(
      fd, options,
      [self](serve::HttpRequest&& request) { return self->Handle(std::move(request)); });
  server->loop_thread_ = std::thread([self] { self->loop_->Run(); });
  return server;
}

PageServer::~PageServer() {
  stopping_.store(true);
  if (!loop_) return;  // it never listened (Start failed)
  loop_->Stop();
  loop_thread_.join();
  std::vector<Stream> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    // A stream blocked in send (a browser that stopped reading) wakes up now.
    for (int fd : stream_fds_) shutdown(fd, SHUT_RDWR);
    streams = std::move(streams_);
  }
  for (Stream& s : streams) s.thread.join();
}

serve::HttpResponse PageServer::Handle(serve::HttpRequest&& request) {
  serve::HttpResponse response;
  // A page on loopback must not answer a name that resolves there by other means (DNS rebinding
  // would let a web site read the session).
  const std::string port = ":" + std::to_string(port_);
  const std::string_view host = request.Header("Host");
  if (host != "127.0.0.1" + port && host != "localhost" + port && host != "[::1]" + port) {
    response = Text(403, "ddblab's page answers only requests addressed to 127.0.0.1" + port +
                             ", the address .ui printed");
  } else {
    std::string_view path = request.path;
    const std::string prefix = "/" + token_;
    if (path.size() >= prefix.size() && SameToken(path.substr(0, prefix.size()), prefix) &&
        (path.size() == prefix.size() || path[prefix.size()] == '/')) {
      if (path.size() == prefix.size()) {
        // The page's files are named relative to the token's folder.
        response = Text(301, "the page is at " + prefix + "/");
        response.headers.emplace_back("Location", prefix + "/");
      } else {
        response = Route(std::string(path.substr(prefix.size() + 1)), request);
      }
    } else {
      response = Text(403,
                      "ddblab's page needs the address .ui printed, with its token (run .ui "
                      "again in the shell to see it)");
    }
  }
  if (!response.take_over) AddPageHeaders(response);
  return response;
}

serve::HttpResponse PageServer::Route(const std::string& rest, serve::HttpRequest& request) {
  const bool get = request.method == "GET" || request.method == "HEAD";
  auto only = [&](const char* method) {
    serve::HttpResponse r = Text(405, "/" + rest + " answers " + method + " only");
    r.headers.emplace_back("Allow", method);
    return r;
  };
  if (rest == "api/run") {
    if (request.method != "POST") return only("POST");
    return JsonAnswer(backend_.Run(request.body));
  }
  static const std::vector<std::string> kKnown = {
      "",          "index.html", "style.css",      "app.js",         "api/state", "api/table",
      "api/calls", "events",     "api/partitions", "api/simulation", "api/class"};
  if (std::find(kKnown.begin(), kKnown.end(), rest) == kKnown.end()) {
    return Text(404, "ddblab's page has nothing at /" + rest);
  }
  if (!get) return only("GET");
  if (rest.empty() || rest == "index.html") {
    return File("text/html; charset=utf-8", embedded::kPageIndexHtml);
  }
  if (rest == "style.css") return File("text/css; charset=utf-8", embedded::kPageStyleCss);
  if (rest == "app.js") return File("text/javascript; charset=utf-8", embedded::kPageAppJs);
  if (rest == "api/state") return JsonAnswer(backend_.State());
  if (rest == "api/calls") return JsonAnswer(PageAnswer{200, feed_.CallsJson()});
  if (rest == "api/simulation") return JsonAnswer(backend_.Simulation());
  if (rest == "api/class") return JsonAnswer(backend_.Class());
  if (rest == "api/table" || rest == "api/partitions") {
    const std::string name = QueryValue(request.query, "name");
    if (name.empty()) return JsonAnswer(PageAnswer::Fail(400, "/" + rest + " needs ?name=TABLE"));
    return JsonAnswer(rest == "api/table" ? backend_.Table(name) : backend_.Partitions(name));
  }
  // events: a browser that reconnects says where it left off; a new one starts from now (it
  // reads the calls so far from api/calls).
  uint64_t after = feed_.last_id();
  std::string_view last = request.Header("Last-Event-ID");
  if (!last.empty()) {
    uint64_t n = 0;
    bool digits = last.size() < 20;
    for (char c : last) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (digits) {
      for (char c : last) n = n * 10 + static_cast<uint64_t>(c - '0');
      after = std::min(n, after);
    }
  }
  serve::HttpResponse r;
  r.take_over = [this, after](int fd) {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    // A browser that left frees its slot now, not when its thread next wakes (up to 250 ms
    // later): a page reloaded many times in a row must not be refused.
    const size_t following = static_cast<size_t>(
        std::count_if(stream_fds_.begin(), stream_fds_.end(), [](int s) { return !PeerGone(s); }));
    // Threads of browsers that left finish within 250 ms; a client that opens and drops
    // streams faster than that still cannot pile them up past kMaxStreamThreads.
    if (stopping_.load() || following >= kMaxStreams || stream_fds_.size() >= kMaxStreamThreads) {
      serve::HttpResponse busy =
          Text(503, "ddblab's page already streams to " + std::to_string(kMaxStreams) +
                        " browsers; close one");
      busy.close = true;
      SendAll(fd, serve::SerializeResponse(busy));
      close(fd);
      return;
    }
    // Threads of browsers that left are joined here, so reloads do not pile them up.
    auto finished = std::partition(streams_.begin(), streams_.end(),
                                   [](const Stream& s) { return !s.done->load(); });
    for (auto it = finished; it != streams_.end(); ++it) it->thread.join();
    streams_.erase(finished, streams_.end());
    stream_fds_.push_back(fd);
    auto done = std::make_shared<std::atomic<bool>>(false);
    streams_.push_back({std::thread([this, fd, after, done] {
                          StreamEvents(fd, after);
                          done->store(true);
                        }),
                        done});
  };
  return r;
}

void PageServer::StreamEvents(int fd, uint64_t after) {
  timeval timeout{5, 0};  // a browser that stops reading is dropped, not waited for
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  serve::HttpResponse head;
  AddPageHeaders(head);
  std::string bytes =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
      "Connection: close\r\nX-Accel-Buffering: no\r\n";
  for (const auto& [name, value] : head.headers) bytes += name + ": " + value + "\r\n";
  bytes += "\r\nretry: 1000\n\n";
  bool open = SendAll(fd, bytes);
  Clock::time_point quiet_since = Clock::now();
  while (open && !stopping_.load()) {
    std::vector<PageEvent> events = feed_.After(after, std::chrono::milliseconds(250));
    if (PeerGone(fd)) break;
    std::string out;
    for (const PageEvent& e : events) {
      out += "id: " + std::to_string(e.id) + "\nevent: " + e.type + "\ndata: " + e.data + "\n\n";
      after = e.id;
    }
    if (out.empty() && Clock::now() - quiet_since >= kKeepAlive) out = ": keep-alive\n\n";
    if (out.empty()) continue;
    open = SendAll(fd, out);
    quiet_since = Clock::now();
  }
  std::lock_guard<std::mutex> lock(streams_mutex_);
  stream_fds_.erase(std::remove(stream_fds_.begin(), stream_fds_.end(), fd), stream_fds_.end());
  close(fd);
}

}  // namespace ddblab::shell::page
