// loa._core._run_match and _sprt: a match (or one shard of it) as `loa
// match` plays it, for loa.cluster to spread shards over a Dask cluster and
// stop them once the test decides. Private: loa.cluster is their user.
#include "bindings.hpp"
#include "loa/play/match.hpp"
#include "loa/play/network_players.hpp"

namespace loa::python {

void bind_match(py::module_& m) {
  m.def(
      "_run_match",
      [](const py::handle& rules, const std::string& first, const std::string& second, const py::object& pairs,
         const py::object& seed, const py::object& shard_index, const py::object& shard_count,
         const py::object& opening_plies) {
        MatchOptions options;
        options.rules = rules_of(rules);
        options.first = first;
        options.second = second;
        options.pairs = int(int_arg(pairs, "pairs", 1, 1000000));
        options.seed = std::uint64_t(int_arg(seed, "seed", 0, (1LL << 62)));
        options.shard_count = int(int_arg(shard_count, "shard_count", 1, 1000000));
        options.shard_index = int(int_arg(shard_index, "shard_index", 0, options.shard_count - 1));
        options.opening_plies = int(int_arg(opening_plies, "opening_plies", 0, 40));
        // As loa match: engines play with the built-in network unless a spec says eval=classic or net=FILE.
        options.factory = make_network_player;
        Expected<MatchStats> stats = Error{""};
        {
          py::gil_scoped_release release;
          stats = run_match(options);
        }
        const MatchStats s = value_or_raise(std::move(stats));
        py::dict d;
        d["wins"] = s.wins;
        d["losses"] = s.losses;
        d["draws"] = s.draws;
        return d;
      },
      py::arg("rules"), py::arg("first"), py::arg("second"), py::kw_only(), py::arg("pairs"), py::arg("seed") = 1,
      py::arg("shard_index") = 0, py::arg("shard_count") = 1, py::arg("opening_plies") = 4,
      "Plays shard shard_index of shard_count of a match of `pairs` game pairs (loa match --shard); the first "
      "player's wins, losses and draws. Releases the GIL.");
  m.def(
      "_sprt",
      [](int wins, int losses, int draws, double elo0, double elo1, double alpha, double beta) {
        const Sprt test{elo0, elo1, alpha, beta};
        MatchStats s;
        s.wins = wins, s.losses = losses, s.draws = draws;
        py::dict d;
        d["llr"] = test.llr(s);
        d["lower"] = test.lower();
        d["upper"] = test.upper();
        return d;
      },
      py::arg("wins"), py::arg("losses"), py::arg("draws"), py::arg("elo0"), py::arg("elo1"), py::arg("alpha") = 0.05,
      py::arg("beta") = 0.05, "The SPRT's log-likelihood ratio of these results and its bounds (loa match --sprt).");
}

}  // namespace loa::python
