#include "serve/http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace loa::cli {

struct HttpServer::Connection {
  int fd = -1;
  std::uint64_t id = 0;
  std::string client;  // the peer's address: whom per-client bounds count
  enum class Phase { Head, Body, Waiting, Closing } phase = Phase::Head;
  std::string in;
  std::string out;
  std::size_t out_sent = 0;
  RequestHead head;        // of the request being read or answered
  bool head_only = false;  // a HEAD request: no body is written
  bool streaming = false;  // the answer is a chunked stream, still open
  bool answered = false;   // the answer is whole (maybe not yet written)
  bool continue_sent = false;
  // process_input() is running for this connection further up the stack: an
  // answer given at once hands the next pipelined request back to its loop
  // instead of starting another (a thousand pipelined requests answered at
  // once were a thousand nested calls: a stack overflow under ASan).
  bool processing = false;
  Clock::time_point request_start;  // the first byte of the current request
  Clock::time_point idle_since;     // accepted, or the last answer written
  Clock::time_point write_stall;    // output waiting since (no progress)
  std::function<void()> on_disconnect;

  std::size_t pending() const { return out.size() - out_sent; }
};

namespace {

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// A peer's address without its port ("127.0.0.2", "::1"); an IPv4 client
// reaching an IPv6 socket is its IPv4 address.
std::string address_text(const sockaddr_storage& peer) {
  char text[INET6_ADDRSTRLEN] = "";
  if (peer.ss_family == AF_INET) {
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(peer).sin_addr, text, sizeof text);
  } else if (peer.ss_family == AF_INET6) {
    const in6_addr& a = reinterpret_cast<const sockaddr_in6&>(peer).sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&a))
      ::inet_ntop(AF_INET, a.s6_addr + 12, text, sizeof text);
    else
      ::inet_ntop(AF_INET6, &a, text, sizeof text);
  }
  return text;
}

}  // namespace

HttpServer::HttpServer(ServerOptions options, Handler handler) : options_(options), handler_(std::move(handler)) {
  int fds[2];
  if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0) {
    wake_read_ = fds[0];
    wake_write_ = fds[1];
  }
}

HttpServer::~HttpServer() {
  for (auto& [id, c] : connections_) ::close(c->fd);
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (wake_read_ >= 0) ::close(wake_read_);
  if (wake_write_ >= 0) ::close(wake_write_);
}

Expected<int> HttpServer::bind(const std::string& host, int port) {
  if (wake_read_ < 0) return Error{"cannot make a pipe: " + std::string(std::strerror(errno))};
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) != 0 || !found)
    return Error{"'" + host + "' is not an address here"};
  std::string why = "no address";
  for (addrinfo* a = found; a; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0) {
      listen_fd_ = fd;
      break;
    }
    why = std::strerror(errno);
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (listen_fd_ < 0) return Error{why};
  set_nonblocking(listen_fd_);
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &length);
  return bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                     : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
}

void HttpServer::stop() {
  stopping_ = true;
  post([] {});
}

void HttpServer::post(std::function<void()> task) {
  if (std::this_thread::get_id() == loop_thread_) return task();
  {
    std::lock_guard lock(posted_mutex_);
    posted_.push_back(std::move(task));
  }
  const char byte = 1;
  [[maybe_unused]] const auto n = ::write(wake_write_, &byte, 1);  // full pipe: a wake-up is pending anyway
}

HttpServer::Connection* HttpServer::find(std::uint64_t id) {
  const auto it = connections_.find(id);
  return it == connections_.end() ? nullptr : it->second.get();
}

bool HttpServer::run() {
  loop_thread_ = std::this_thread::get_id();
  std::vector<pollfd> fds;
  std::vector<std::uint64_t> ids;
  while (!stopping_) {
    const auto now = Clock::now();
    fds.clear();
    ids.clear();
    fds.push_back({listen_fd_, POLLIN, 0});
    fds.push_back({wake_read_, POLLIN, 0});
    for (auto& [id, c] : connections_) {
      short events = POLLRDHUP;
      if (c->phase == Connection::Phase::Head || c->phase == Connection::Phase::Body) events |= POLLIN;
      if (c->pending()) events |= POLLOUT;
      fds.push_back({c->fd, events, 0});
      ids.push_back(id);
    }
    if (::poll(fds.data(), fds.size(), poll_timeout_ms(now)) < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (fds[1].revents) {
      char drain[256];
      while (::read(wake_read_, drain, sizeof drain) > 0) {
      }
      std::vector<std::function<void()>> tasks;
      {
        std::lock_guard lock(posted_mutex_);
        tasks.swap(posted_);
      }
      for (auto& task : tasks) task();
    }
    for (std::size_t i = 2; i < fds.size(); ++i) {
      Connection* c = find(ids[i - 2]);
      if (!c || !fds[i].revents) continue;
      if (fds[i].revents & POLLOUT) write_to(*c);
      if ((c = find(ids[i - 2])) && (fds[i].revents & POLLIN)) read_from(*c);
      if ((c = find(ids[i - 2])) && (fds[i].revents & (POLLERR | POLLHUP | POLLNVAL))) close(c->id);
      // The client shut its side: once nothing more can be read from it, a
      // request it waits for is cancelled.
      if ((c = find(ids[i - 2])) && (fds[i].revents & POLLRDHUP) && !(fds[i].revents & POLLIN)) close(c->id);
    }
    if (fds[0].revents & POLLIN) accept_all();
    check_deadlines(Clock::now());
  }
  return true;
}

int HttpServer::poll_timeout_ms(Clock::time_point) const {
  // Deadlines are seconds long: checking them four times a second is exact enough.
  return connections_.empty() ? 1000 : 250;
}

void HttpServer::accept_all() {
  for (;;) {
    sockaddr_storage peer{};
    socklen_t peer_size = sizeof peer;
    const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &peer_size, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN, or out of descriptors: the rest wait in the backlog
    if (connections_.size() >= options_.max_connections) {
      // Full: push out the connection that has waited longest without
      // sending a whole request (idle or slow); if every one is being
      // answered, the newcomer is told so.
      Connection* oldest = nullptr;
      for (auto& [id, c] : connections_)
        if ((c->phase == Connection::Phase::Head || c->phase == Connection::Phase::Body) && !c->pending() &&
            (!oldest || c->idle_since < oldest->idle_since))
          oldest = c.get();
      if (!oldest) {
        const std::string busy = format_response(
            {503, "application/json", R"({"error":"the server has too many connections: try again later"})", {}}, false,
            false);
        [[maybe_unused]] const auto n = ::send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
        ::close(fd);
        continue;
      }
      close(oldest->id);
    }
    auto c = std::make_unique<Connection>();
    c->fd = fd;
    c->id = next_id_++;
    c->client = address_text(peer);
    c->idle_since = c->request_start = Clock::now();
    connections_.emplace(c->id, std::move(c));
    connection_count_ = connections_.size();
  }
}

void HttpServer::read_from(Connection& c) {
  char buffer[65536];
  const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
  if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return close(c.id);
  if (n < 0) return;
  if (c.in.empty() && c.phase == Connection::Phase::Head) c.request_start = Clock::now();
  c.in.append(buffer, static_cast<std::size_t>(n));
  process_input(c);
}

void HttpServer::process_input(Connection& c) {
  if (c.processing) return;
  c.processing = true;
  const std::uint64_t id = c.id;
  struct Done {
    HttpServer& server;
    std::uint64_t id;
    ~Done() {
      if (Connection* c = server.find(id)) c->processing = false;
    }
  } done{*this, id};
  while (find(id) && (c.phase == Connection::Phase::Head || c.phase == Connection::Phase::Body)) {
    if (c.phase == Connection::Phase::Head) {
      if (c.in.empty()) return;
      HeadParse parsed = parse_head(c.in, options_.http);
      if (parsed.kind == HeadParse::Incomplete) return;
      if (parsed.kind == HeadParse::Bad) return refuse(c, parsed.status, parsed.message);
      c.head = std::move(parsed.head);
      c.in.erase(0, c.head.head_bytes);
      c.phase = Connection::Phase::Body;
      c.continue_sent = false;
    }
    if (c.in.size() < c.head.content_length) {
      if (c.head.expect_continue && !c.continue_sent) {
        queue_output(c, "HTTP/1.1 100 Continue\r\n\r\n");
        c.continue_sent = true;
        write_to(c);
      }
      return;
    }
    c.head.request.body = c.in.substr(0, c.head.content_length);
    c.in.erase(0, c.head.content_length);
    c.phase = Connection::Phase::Waiting;
    c.answered = c.streaming = false;
    c.head_only = c.head.request.method == "HEAD";
    c.head.request.client = c.client;
    auto responder = std::make_shared<Responder>(*this, c.id, c.head_only);
    handler_(std::move(c.head.request), std::move(responder));
  }
}

void HttpServer::refuse(Connection& c, int status, const std::string& message) {
  // The rest of what this client sent cannot be trusted to start a request.
  c.in.clear();
  c.head.keep_alive = false;
  c.phase = Connection::Phase::Waiting;
  queue_output(c,
               format_response({status, "application/json", web::json_text({{"error", message}}), {}}, false, false));
  c.answered = true;
  finish_response(c);
}

void HttpServer::finish_response(Connection& c) {
  c.on_disconnect = nullptr;
  if (!c.head.keep_alive) c.phase = Connection::Phase::Closing;
  write_to(c);
}

void HttpServer::queue_output(Connection& c, std::string_view data) {
  // A reader's stall is timed from when it had something to read: output
  // queued on a connection idle for a while must not count as stalled since then.
  if (!c.pending()) c.write_stall = Clock::now();
  c.out += data;
}

void HttpServer::write_to(Connection& c) {
  const std::uint64_t id = c.id;
  while (c.pending()) {
    const ssize_t n = ::send(c.fd, c.out.data() + c.out_sent, c.pending(), MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) break;
    if (n <= 0) return close(id);
    c.out_sent += static_cast<std::size_t>(n);
    c.write_stall = Clock::now();
  }
  if (c.pending()) {
    if (c.pending() > options_.max_output) close(id);  // a reader this slow is dropped
    return;
  }
  c.out.clear();
  c.out_sent = 0;
  if (c.phase == Connection::Phase::Closing) return close(id);
  if (c.phase == Connection::Phase::Waiting && c.answered) {
    c.phase = Connection::Phase::Head;
    c.idle_since = c.request_start = Clock::now();
    process_input(c);  // a request sent before this answer (pipelining)
  }
}

void HttpServer::close(std::uint64_t id) {
  const auto it = connections_.find(id);
  if (it == connections_.end()) return;
  auto c = std::move(it->second);
  connections_.erase(it);
  connection_count_ = connections_.size();
  ::close(c->fd);
  if (c->on_disconnect) c->on_disconnect();
}

void HttpServer::check_deadlines(Clock::time_point now) {
  std::vector<std::uint64_t> late, slow;
  for (auto& [id, c] : connections_) {
    if (c->pending() && now - c->write_stall > options_.write_timeout)
      late.push_back(id);
    else if (c->phase == Connection::Phase::Head && c->in.empty() && now - c->idle_since > options_.idle_timeout)
      late.push_back(id);
    else if (((c->phase == Connection::Phase::Head && !c->in.empty()) || c->phase == Connection::Phase::Body) &&
             now - c->request_start > options_.request_timeout)
      slow.push_back(id);
  }
  for (std::uint64_t id : late) close(id);
  for (std::uint64_t id : slow)
    if (Connection* c = find(id))
      refuse(*c, 408, "the request was not whole within " + std::to_string(options_.request_timeout.count()) + " ms");
}

void Responder::respond(web::ApiResponse response) {
  server_.post([&server = server_, id = connection_, head_only = head_only_, response = std::move(response)] {
    auto* c = server.find(id);
    if (!c || c->phase != HttpServer::Connection::Phase::Waiting || c->answered) return;
    server.queue_output(*c, format_response(response, c->head.keep_alive, head_only));
    c->answered = true;
    server.finish_response(*c);
  });
}

void Responder::open_stream(std::string content_type) {
  server_.post([&server = server_, id = connection_, type = std::move(content_type)] {
    auto* c = server.find(id);
    if (!c || c->phase != HttpServer::Connection::Phase::Waiting || c->answered || c->streaming) return;
    server.queue_output(*c, format_stream_head(type, c->head.keep_alive));
    c->streaming = true;
    server.write_to(*c);
  });
}

void Responder::send(std::string data) {
  server_.post([&server = server_, id = connection_, data = std::move(data)] {
    auto* c = server.find(id);
    if (!c || !c->streaming || c->answered) return;
    server.queue_output(*c, format_chunk(data));
    server.write_to(*c);
  });
}

void Responder::close_stream() {
  server_.post([&server = server_, id = connection_] {
    auto* c = server.find(id);
    if (!c || !c->streaming || c->answered) return;
    server.queue_output(*c, kLastChunk);
    c->streaming = false;
    c->answered = true;
    server.finish_response(*c);
  });
}

void Responder::on_disconnect(std::function<void()> callback) {
  server_.post([&server = server_, id = connection_, callback = std::move(callback)] {
    auto* c = server.find(id);
    if (!c) return callback();
    if (!c->answered) c->on_disconnect = callback;
  });
}

}  // namespace loa::cli
