// loa tune: tunes the evaluation weights by self-play with SPSA
// (simultaneous perturbation stochastic approximation). Each step perturbs
// every weight by +-c at once, plays a colour-reversed pair of games between
// the two perturbed engines from a random opening, and moves the weights
// towards the side that scored better. Prints the weights as it goes; paste
// the result into EvalWeights' defaults and confirm with `loa match`.
#include <fmt/core.h>

#include <cmath>
#include <random>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/play/match.hpp"

namespace loa::cli {

namespace {

// Score of engine `a` (+1 win, -1 loss) over a pair of games from `start`.
int play_pair(const Game& start, const EvalWeights& a, const EvalWeights& b, const Limits& limits) {
  int score = 0;
  for (Color a_colour : {Black, White}) {
    EnginePlayer pa(limits, 4), pb(limits, 4);
    pa.engine().weights() = a;
    pb.engine().weights() = b;
    const GameRecord g = a_colour == Black ? play_game(start, pa, pb) : play_game(start, pb, pa);
    score += g.outcome.score_for(a_colour);
  }
  return score;
}

}  // namespace

int cmd_tune(const std::vector<std::string>& args) {
  po::options_description options("tune options");
  add_rules_option(options);
  options.add_options()("iterations,i", po::value<int>()->default_value(500), "SPSA steps (each plays two games)")(
      "nodes,n", po::value<std::uint64_t>()->default_value(4000), "node limit per move of the self-play games")(
      "step", po::value<double>()->default_value(0.15), "perturbation, as a fraction of each weight")(
      "rate", po::value<double>()->default_value(0.5), "learning rate")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for openings and perturbations")(
      "report", po::value<int>()->default_value(25), "print the weights every this many steps");
  po::variables_map vm;
  if (!parse_options("tune", "[--rules NAME|FILE:SECTION] [--iterations N] [--nodes N] ...", options, args, vm))
    return 0;
  const Rules rules = rules_from_options("tune", vm);
  const int iterations = vm["iterations"].as<int>(), report = std::max(1, vm["report"].as<int>());
  if (iterations < 1) throw UsageError{"tune: --iterations must be positive"};
  Limits limits;
  limits.nodes = vm["nodes"].as<std::uint64_t>();
  std::mt19937_64 rng(vm["seed"].as<std::uint64_t>());
  const double step = vm["step"].as<double>(), rate = vm["rate"].as<double>();

  EvalWeights w;
  const auto names = EvalWeights::kNames;
  std::vector<double> theta;
  for (int* f : w.fields()) theta.push_back(double(*f));
  int total = 0;
  for (int k = 1; k <= iterations; ++k) {
    // Standard SPSA gain sequences: perturbation ~ k^-0.101, step ~ k^-0.602.
    const double ck = step / std::pow(k, 0.101), ak = rate / std::pow(k + iterations / 10.0, 0.602);
    EvalWeights plus, minus;
    std::vector<int> delta(theta.size());
    for (std::size_t i = 0; i < theta.size(); ++i) {
      delta[i] = (rng() & 1) ? 1 : -1;
      const double c = std::max(1.0, std::abs(theta[i]) * ck);
      *plus.fields()[i] = int(std::lround(theta[i] + c * delta[i]));
      *minus.fields()[i] = int(std::lround(theta[i] - c * delta[i]));
    }
    const int score = play_pair(random_opening(rules, 4, rng), plus, minus, limits);
    total += score;
    for (std::size_t i = 0; i < theta.size(); ++i) {
      const double c = std::max(1.0, std::abs(theta[i]) * ck);
      theta[i] = std::max(0.0, theta[i] + ak * score * c * delta[i]);
    }
    if (k % report == 0 || k == iterations) {
      std::string line;
      for (std::size_t i = 0; i < theta.size(); ++i) line += fmt::format(" {}={:.1f}", names[i], theta[i]);
      fmt::print("step {:>5}:{}\n", k, line);
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace loa::cli
