// The HTTP/1.1 server of `loa serve`: one thread polls every connection, so
// a slow or silent client holds a socket, never a thread. Each connection
// has deadlines (a request whole within request_timeout of its first byte,
// an idle keep-alive connection closed after idle_timeout, a reader that
// takes nothing for write_timeout dropped) and the number of connections is
// bounded (a new one pushes out the oldest that has sent no whole request).
// Handlers run on the server's thread and must not block: slow work answers
// later, from any thread, through the Responder (docs/architecture.md).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "loa/base/expected.hpp"
#include "serve/http_message.hpp"

namespace loa::cli {

struct ServerOptions {
  std::size_t max_connections = 512;
  std::chrono::milliseconds request_timeout{10000};
  std::chrono::milliseconds idle_timeout{5000};
  std::chrono::milliseconds write_timeout{10000};
  std::size_t max_output = 4 << 20;  // bytes waiting for a slow reader
  HttpLimits http;
};

class HttpServer;

// The answer to one request, given once: a whole response, or a stream
// (open, send..., close). Usable from any thread; after the client has gone
// every call does nothing.
class Responder {
 public:
  Responder(HttpServer& server, std::uint64_t connection, bool head_only)
      : server_(server), connection_(connection), head_only_(head_only) {}
  void respond(web::ApiResponse response);
  void open_stream(std::string content_type);
  void send(std::string data);
  void close_stream();
  // Called on the server's thread if the client goes away before the answer
  // is whole (at once when it is gone already).
  void on_disconnect(std::function<void()> callback);

 private:
  HttpServer& server_;
  const std::uint64_t connection_;
  const bool head_only_;
};

class HttpServer {
 public:
  using Handler = std::function<void(web::ApiRequest, std::shared_ptr<Responder>)>;

  HttpServer(ServerOptions options, Handler handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds host:port (port 0: any free port); the port bound, or an error.
  Expected<int> bind(const std::string& host, int port);
  // Serves until stop(); false if polling failed.
  bool run();
  // From any thread.
  void stop();

  std::size_t connections() const { return connection_count_; }

 private:
  friend class Responder;
  struct Connection;
  using Clock = std::chrono::steady_clock;

  // Runs `task` on the server's thread: at once when called from it.
  void post(std::function<void()> task);
  Connection* find(std::uint64_t id);
  void accept_all();
  void read_from(Connection& c);
  void queue_output(Connection& c, std::string_view data);
  void write_to(Connection& c);
  void process_input(Connection& c);
  void refuse(Connection& c, int status, const std::string& message);
  void finish_response(Connection& c);
  void close(std::uint64_t id);
  void check_deadlines(Clock::time_point now);
  int poll_timeout_ms(Clock::time_point now) const;

  ServerOptions options_;
  Handler handler_;
  int listen_fd_ = -1;
  int wake_read_ = -1, wake_write_ = -1;
  std::map<std::uint64_t, std::unique_ptr<Connection>> connections_;
  std::atomic<std::size_t> connection_count_{0};
  std::uint64_t next_id_ = 1;
  std::thread::id loop_thread_;
  std::atomic<bool> stopping_{false};
  std::mutex posted_mutex_;
  std::vector<std::function<void()>> posted_;
};

}  // namespace loa::cli
