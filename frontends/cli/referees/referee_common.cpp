#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "commands/commands.hpp"
#include "referees/referee.hpp"

namespace loa::cli {

Contestant make_contestant(const std::string& spec, std::uint64_t seed) {
  Contestant c;
  c.spec = spec;
  if (spec.rfind("builtin:", 0) == 0) {
    auto player = make_player(spec.substr(8), seed);
    if (!player) throw UsageError{"referee: " + player.error()};
    c.builtin = std::move(player).value();
    return c;
  }
  std::istringstream words(spec);
  for (std::string w; words >> w;) c.argv.push_back(w);
  if (c.argv.empty()) throw UsageError{"referee: empty program"};
  // Programs run inside their own run directories: a relative path must
  // still name the same file.
  if (c.argv[0].find('/') != std::string::npos) c.argv[0] = std::filesystem::absolute(c.argv[0]).string();
  return c;
}

Transcript::Transcript(const std::string& path) {
  if (path.empty()) return;
  file_ = std::make_unique<std::ofstream>(path);
  if (!*file_) throw UsageError{"referee: cannot write the transcript " + path};
}

void Transcript::sent(const std::string& who, const std::string& text) {
  if (!file_) return;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) *file_ << "> " << who << " " << line << "\n";
}

void Transcript::received(const std::string& who, const std::string& text) {
  if (!file_) return;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) *file_ << "< " << who << " " << line << "\n";
}

void Transcript::note(const std::string& text) {
  if (file_) *file_ << "# " << text << "\n";
}

std::optional<std::string> one_line_answer(const RunResult& r, std::string& fault) {
  if (!r.err.empty()) return fault = "wrote on stderr: " + r.err.substr(0, 60), std::nullopt;
  const std::string& out = r.out;
  if (out.empty() || out.back() != '\n' || out.find('\n') != out.size() - 1)
    return fault = "did not print exactly one line: '" + out.substr(0, 60) + "'", std::nullopt;
  return out.substr(0, out.size() - 1);
}

std::string cpu_summary(std::vector<double> seconds) {
  if (seconds.empty()) return "no games";
  std::sort(seconds.begin(), seconds.end());
  return fmt::format("median {:.3f} s, worst {:.3f} s", seconds[seconds.size() / 2], seconds.back());
}

int cmd_referee(const std::vector<std::string>& args) {
  const std::string usage =
      "usage: loa referee potm|kattis|votey|codingame|showdown ...   (loa referee PROTOCOL --help for its options)";
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    fmt::print("{}\n", usage);
    return 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "kattis") return referee_kattis(rest);
  if (args[0] == "codingame") return referee_codingame(rest);
  if (args[0] == "potm") return referee_potm(rest);
  if (args[0] == "votey") return referee_votey(rest);
  if (args[0] == "showdown") return referee_showdown(rest);
  throw UsageError{"referee: unknown protocol '" + args[0] + "' (potm, kattis, votey, codingame or showdown)"};
}

}  // namespace loa::cli
