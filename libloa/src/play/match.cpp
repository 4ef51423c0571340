#include "loa/play/match.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace loa {

Game random_opening(const Rules& rules, int plies, std::mt19937_64& rng) {
  const Game start(rules);
  // A start that is over already (the side to move has no move, under rules
  // where that ends the game) is the whole game.
  if (start.over()) return start;
  // An opening that ends the game is drawn again, a bounded number of times:
  // under rules where every one does, the game starts from the start.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    Game g = start;
    for (int i = 0; i < plies && !g.over(); ++i) {
      const MoveList moves = g.legal_moves();
      g.play(moves[int(rng() % std::uint64_t(moves.size()))]);
    }
    if (!g.over()) return g;
  }
  return start;
}

GameRecord play_game(const Game& start, Player& black, Player& white, const GameSettings& settings) {
  GameRecord record;
  record.opening.assign(start.moves().begin(), start.moves().end());
  Game g = start;
  black.new_game();
  white.new_game();
  std::array<std::int64_t, 2> clock{settings.base_ms, settings.base_ms};
  const std::array<std::int64_t, 2> inc{settings.inc_ms, settings.inc_ms};
  while (!g.over()) {
    if (settings.max_plies && int(record.moves.size()) >= settings.max_plies) {
      record.forfeit = "adjudicated: move limit";
      break;
    }
    const Color c = g.side_to_move();
    Player& p = c == Black ? black : white;
    if (settings.base_ms) p.set_clock(clock, inc);
    const auto before = std::chrono::steady_clock::now();
    const Move m = p.choose(g);
    const auto used =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - before).count();
    if (!g.is_legal(m)) {
      record.forfeit = p.failure().empty() ? "illegal move " + move_text(m) : p.failure();
      record.forfeit_colour = c;
      break;
    }
    if (settings.base_ms) {
      clock[c] -= used;
      if (clock[c] < 0) {
        record.forfeit = "time forfeit";
        record.forfeit_colour = c;
        break;
      }
      clock[c] += inc[c];
    }
    g.play(m);
    record.moves.push_back(m);
  }
  record.outcome = g.outcome();
  record.points = {g.points(Black), g.points(White)};
  record.plies = g.ply();
  return record;
}

EloEstimate MatchStats::elo() const {
  const int n = games();
  if (n == 0) return {};
  // Clamp the score away from 0 and 1 so that the logistic stays finite.
  const double s = std::clamp(score(), 0.5 / n, 1 - 0.5 / n);
  const double w = double(wins) / n, d = double(draws) / n, l = double(losses) / n;
  const double variance = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
  auto elo_of = [](double x) { return -400.0 * std::log10(1.0 / x - 1.0); };
  const double lo = std::clamp(s - 1.96 * std::sqrt(variance), 1e-6, 1 - 1e-6);
  const double hi = std::clamp(s + 1.96 * std::sqrt(variance), 1e-6, 1 - 1e-6);
  return {elo_of(s), (elo_of(hi) - elo_of(lo)) / 2};
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const MatchStats& s) const {
  const double n = s.games();
  if (n == 0) return 0;
  double wins = s.wins, losses = s.losses;
  auto variance_of = [&](double& score) {
    const double w = wins / n, d = s.draws / n, l = losses / n;
    score = w + d / 2;
    return w * (1 - score) * (1 - score) + d * (0.5 - score) * (0.5 - score) + l * score * score;
  };
  double score = 0, variance = variance_of(score);
  // All games alike (say, all won): the variance vanishes and the test
  // could never decide. Half a win and half a loss of pseudo-count keep it
  // finite and the ratio growing with the evidence.
  if (variance < 1e-9) {
    wins += 0.5, losses += 0.5;
    variance = variance_of(score);
  }
  auto expected = [](double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); };
  const double s0 = expected(elo0), s1 = expected(elo1);
  return n * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance);
}

void MatchStats::add(const GameRecord& g) {
  const int s = g.first_player_score();
  wins += s > 0, losses += s < 0, draws += s == 0;
}

Expected<Game> match_opening(const MatchOptions& options, int pair) {
  if (!options.openings.empty()) {
    const std::string& text = options.openings[std::size_t(pair) % options.openings.size()];
    auto g = parse_position_text(text, options.rules);
    if (!g) return Error{"opening '" + text + "': " + g.error()};
    if (g->over()) return Error{"opening '" + text + "' is a finished game"};
    return g;
  }
  std::mt19937_64 rng(options.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(pair));
  return random_opening(options.rules, options.opening_plies, rng);
}

Expected<MatchStats> run_match(const MatchOptions& options,
                               const std::function<void(int, const GameRecord&, const MatchStats&)>& on_game) {
  // Check the specs and the openings once before any thread starts.
  for (const auto& spec : {options.first, options.second})
    if (auto p = options.factory(spec, 0); !p) return Error{p.error()};
  for (std::size_t i = 0; i < options.openings.size(); ++i)
    if (auto g = match_opening(options, int(i)); !g) return Error{g.error()};
  if (options.shard_count < 1 || options.shard_index < 0 || options.shard_index >= options.shard_count)
    return Error{"bad shard"};
  // This shard's games: both colours of every pair k with k % count == index.
  std::vector<int> games;
  for (int pair = options.shard_index; pair < options.pairs; pair += options.shard_count)
    games.insert(games.end(), {2 * pair, 2 * pair + 1});
  MatchStats stats;
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> decided{false};
  std::string failure;
  auto worker = [&] {
    for (std::size_t i; !decided && (i = next.fetch_add(1)) < games.size();) {
      // Game 2k and 2k+1 share opening k, with the colours swapped; every
      // game's randomness depends on its number only, not on scheduling.
      const int game_no = games[i];
      auto start = match_opening(options, game_no / 2);
      auto first = options.factory(options.first, options.seed + 2 * std::uint64_t(game_no));
      auto second = options.factory(options.second, options.seed + 2 * std::uint64_t(game_no) + 1);
      if (!start || !first || !second) {
        std::lock_guard lock(mutex);
        failure = !start ? start.error() : !first ? first.error() : second.error();
        decided = true;
        return;
      }
      const Color first_colour = game_no % 2 == 0 ? Black : White;
      Player& a = **first;
      Player& b = **second;
      GameRecord record =
          first_colour == Black ? play_game(*start, a, b, options.game) : play_game(*start, b, a, options.game);
      record.first_player_colour = first_colour;
      std::lock_guard lock(mutex);
      if (decided) return;
      stats.add(record);
      if (on_game) on_game(game_no, record, stats);
      if (options.sprt) {
        const double llr = options.sprt->llr(stats);
        if (llr <= options.sprt->lower() || llr >= options.sprt->upper()) decided = true;
      }
    }
  };
  const int threads = std::clamp(options.concurrency, 1, 64);
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (!failure.empty()) return Error{failure};
  return stats;
}
}  // namespace loa
