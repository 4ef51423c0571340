#include "loa/match.hpp"

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

namespace loa {

Game random_opening(const Rules& rules, int plies, std::mt19937_64& rng) {
  for (;;) {
    Game g(rules);
    for (int i = 0; i < plies && !g.over(); ++i) {
      const MoveList moves = g.legal_moves();
      g.play(moves[int(rng() % std::uint64_t(moves.size()))]);
    }
    if (!g.over()) return g;
  }
}

GameRecord play_game(const Game& start, Player& black, Player& white) {
  GameRecord record;
  record.opening.assign(start.moves().begin(), start.moves().end());
  Game g = start;
  black.new_game();
  white.new_game();
  while (!g.over()) {
    const Move m = (g.side_to_move() == Black ? black : white).choose(g);
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

void MatchStats::add(const GameRecord& g) {
  const int s = g.first_player_score();
  wins += s > 0, losses += s < 0, draws += s == 0;
}

Expected<MatchStats> run_match(const MatchOptions& options,
                               const std::function<void(int, const GameRecord&, const MatchStats&)>& on_game) {
  // Check the specs once before any thread starts.
  for (const auto& spec : {options.first, options.second})
    if (auto p = make_player(spec, 0); !p) return Error{p.error()};
  MatchStats stats;
  std::mutex mutex;
  std::atomic<int> next{0};
  const int total = 2 * options.pairs;
  auto worker = [&] {
    for (int game_no; (game_no = next.fetch_add(1)) < total;) {
      // Game 2k and 2k+1 share opening k, with the colours swapped; every
      // game's randomness depends on its number only, not on scheduling.
      const int pair = game_no / 2;
      std::mt19937_64 opening_rng(options.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(pair));
      const Game start = random_opening(options.rules, options.opening_plies, opening_rng);
      auto first = std::move(make_player(options.first, options.seed + 2 * std::uint64_t(game_no))).value();
      auto second = std::move(make_player(options.second, options.seed + 2 * std::uint64_t(game_no) + 1)).value();
      const Color first_colour = game_no % 2 == 0 ? Black : White;
      GameRecord record = first_colour == Black ? play_game(start, *first, *second) : play_game(start, *second, *first);
      record.first_player_colour = first_colour;
      std::lock_guard lock(mutex);
      stats.add(record);
      if (on_game) on_game(game_no, record, stats);
    }
  };
  const int threads = std::clamp(options.concurrency, 1, 64);
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return stats;
}

}  // namespace loa
