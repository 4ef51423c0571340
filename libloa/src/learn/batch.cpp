#include "loa/learn/batch.hpp"

#include <algorithm>

namespace loa {

BatchEnv::BatchEnv(Rules rules, int games, std::uint64_t seed, int max_plies)
    : rules_(std::move(rules)),
      start_(rules_),
      games_(std::size_t(std::max(1, games)), start_),
      layout_(observation_layout(rules_)),
      actions_(num_distinct_actions(rules_)),
      max_plies_(max_plies),
      observation_size_(layout_.size() * std::size_t(rules_.board_size * rules_.board_size)),
      rng_(seed),
      observation_(games_.size() * observation_size_),
      rewards_(2 * games_.size()),
      mask_(games_.size() * std::size_t(actions_)),
      terminated_(games_.size()),
      truncated_(games_.size()),
      current_player_(games_.size()),
      set_in_mask_(games_.size()) {
  reset();
}

void BatchEnv::write(int i) {
  const std::size_t at = std::size_t(i);
  const Game& g = games_[at];
  write_observation(g, layout_, observation_.data() + at * observation_size_);
  std::uint8_t* mask = mask_.data() + at * std::size_t(actions_);
  for (std::int32_t a : set_in_mask_[at]) mask[a] = 0;
  set_in_mask_[at].clear();
  for (Move m : g.legal_moves()) {
    const int a = action_of(m, rules_.board_size);
    mask[a] = 1;
    set_in_mask_[at].push_back(a);
  }
  current_player_[at] = std::uint8_t(g.side_to_move());
}

void BatchEnv::reset() {
  for (int i = 0; i < size(); ++i) {
    games_[std::size_t(i)] = start_;
    rewards_[2 * std::size_t(i)] = rewards_[2 * std::size_t(i) + 1] = 0;
    terminated_[std::size_t(i)] = truncated_[std::size_t(i)] = 0;
    write(i);
  }
}

Expected<bool> BatchEnv::step(const std::int32_t* actions, int first, int last) {
  first = std::max(0, first);
  last = std::min(last, size());
  // Every action is checked before any game is stepped: a bad one leaves every game as it was. Legal
  // exactly where the environment's own list says so (set_in_mask_, kept apart from the mask a caller
  // can see and might edit): no move generation to check it.
  for (int i = first; i < last; ++i) {
    const std::int32_t a = actions[i];
    const std::vector<std::int32_t>& legal = set_in_mask_[std::size_t(i)];
    if (a < 0 || a >= actions_ || std::find(legal.begin(), legal.end(), a) == legal.end()) {
      const auto move = move_of_action(a, games_[std::size_t(i)]);  // for its message
      return Error{"game " + std::to_string(i) + ": " +
                   (move ? "action " + std::to_string(a) + " is not legal here" : move.error()) +
                   " (no game was stepped)"};
    }
  }
  for (int i = first; i < last; ++i) {
    const std::size_t at = std::size_t(i);
    Game& g = games_[at];
    const std::int32_t a = actions[i];
    g.play(move_of_legal_action(a, rules_.board_size));
    const bool ended = g.over();
    const bool cut = !ended && max_plies_ > 0 && g.ply() >= max_plies_;
    rewards_[2 * at] = ended ? float(g.outcome().score_for(Black)) : 0.0f;
    rewards_[2 * at + 1] = ended ? float(g.outcome().score_for(White)) : 0.0f;
    terminated_[at] = ended;
    truncated_[at] = cut;
    if (ended || cut) g = start_;
    write(i);
  }
  return true;
}

void BatchEnv::random_actions(std::int32_t* actions) {
  // The legal actions are the ones last set in the mask.
  for (int i = 0; i < size(); ++i) {
    const std::vector<std::int32_t>& legal = set_in_mask_[std::size_t(i)];
    actions[i] = legal[std::size_t(rng_() % legal.size())];
  }
}

}  // namespace loa
