// Players that choose a move for a game: a uniformly random one, a greedy
// one-ply one (best static evaluation), and the engine with its limits. Used
// by tests, referees, matches and strength measurement.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "loa/game/game.hpp"
#include "loa/search/search.hpp"

namespace loa {

class Player {
 public:
  virtual ~Player() = default;
  // A legal move for a game that is not over.
  virtual Move choose(const Game& game) = 0;
  virtual std::string name() const = 0;
  // Forgets what was learned in the previous game.
  virtual void new_game() {}
  // The game clock before the next choose(): time left and increment, by
  // colour. Players without a notion of time ignore it.
  virtual void set_clock(const std::array<std::int64_t, 2>& time_ms, const std::array<std::int64_t, 2>& inc_ms) {
    (void)time_ms, (void)inc_ms;
  }
  // Why the last choose() gave no legal move (a crashed or silent program),
  // or empty.
  virtual std::string failure() const { return ""; }
};

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed = 1) : rng_(seed) {}
  Move choose(const Game& game) override;
  std::string name() const override { return "random"; }

 private:
  std::mt19937_64 rng_;
};

// Plays an immediate win when it has one, never an immediate loss when it
// can help it, and otherwise the move whose position evaluates best for it.
// Ties go to the first move in generation order.
class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(EvalWeights weights = {}) : weights_(weights) {}
  Move choose(const Game& game) override;
  std::string name() const override { return "greedy"; }

 private:
  EvalWeights weights_;
};

// Plays against a uniformly random opponent (the Kattis judge), where
// minimax is too pessimistic: the reply is a chance node. Takes a win at
// once; otherwise each move is worth the best own shape one move later (as
// if the reply changed nothing), less the chance that a random reply wins for
// the opponent at once (engine notes, section 7). A win two moves on counts
// above any shape.
class RacePlayer final : public Player {
 public:
  explicit RacePlayer(EvalWeights weights = race_weights()) : weights_(weights) {}
  Move choose(const Game& game) override;
  std::string name() const override { return "racer"; }
  // The evaluation weights of the own shape alone: no mobility, no tempo.
  static EvalWeights race_weights();

 private:
  EvalWeights weights_;
};

// Plays for the longest game, to test what happens at a move limit: never a
// move that ends the game (but at the limit itself), and, when it can help
// it, none after which the opponent can force a win within its next three
// moves (a short AND-OR search); of the rest, the engine's choice at a small
// fixed depth (so that it keeps the opponent apart), reproducibly. Against a
// player that takes the wins it sees, games reach the rules' limit.
class StallingPlayer final : public Player {
 public:
  explicit StallingPlayer(int depth = 3) : engine_(1), depth_(depth) {}
  Move choose(const Game& game) override;
  std::string name() const override { return "staller"; }
  void new_game() override { engine_.new_game(); }

 private:
  Engine engine_;
  int depth_;
};

class EnginePlayer final : public Player {
 public:
  explicit EnginePlayer(Limits limits, std::size_t hash_mb = 16) : engine_(hash_mb), limits_(limits) {}
  Move choose(const Game& game) override { return engine_.search(game, limits_).best; }
  std::string name() const override { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  void new_game() override { engine_.new_game(); }
  void set_clock(const std::array<std::int64_t, 2>& time_ms, const std::array<std::int64_t, 2>& inc_ms) override {
    limits_.movetime_ms = 0;
    limits_.time_ms = time_ms;
    limits_.inc_ms = inc_ms;
  }
  Engine& engine() { return engine_; }
  const Limits& limits() const { return limits_; }

 private:
  Engine engine_;
  Limits limits_;
  std::string name_ = "engine";
};

// A player from a short description: "random", "greedy", "racer", "staller",
// or "engine" with
// options, each ":key=value": a limit (depth, nodes, ms; 100 ms a move when
// none is given), the time kept back from each timed move (overhead, in ms;
// 10 by default), a search feature switched on or off (nullmove, multicut,
// lmr: 0 or 1) or an evaluation weight by its EvalWeights name, as in
// "engine:nodes=20000:multicut=0:tempo=40". `seed` seeds the random players.
Expected<std::unique_ptr<Player>> make_player(const std::string& spec, std::uint64_t seed);

}  // namespace loa
