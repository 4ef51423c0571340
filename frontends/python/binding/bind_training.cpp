// loa._core._generate_data: `loa datagen` for loa.train.generate, with the
// GIL released, Ctrl-C stopping it after the games in progress, and an
// optional progress callback (an exception in it stops the run and is raised).
#include <atomic>
#include <mutex>

#include "bindings.hpp"
#include "loa/learn/training_data.hpp"

namespace loa::python {

namespace {

// The options every generation call takes, checked as `loa datagen` checks them.
DataGenOptions options_of(const py::handle& rules, const py::object& nodes, const py::object& opening_plies,
                          const py::object& max_plies, const py::object& seed) {
  DataGenOptions o;
  o.rules = rules_of(rules);
  o.nodes = std::uint64_t(int_arg(nodes, "nodes", 1, 100000000));
  o.opening_plies = int(int_arg(opening_plies, "opening_plies", 0, 40));
  o.max_plies = int(int_arg(max_plies, "max_plies", 1, 10000));
  o.seed = std::uint64_t(int_arg(seed, "seed", 0, (1LL << 62)));
  return o;
}

py::dict progress_dict(const DataGenProgress& p) {
  py::dict d;
  d["games_done"] = p.games_done;
  d["games_total"] = p.games_total;
  d["games_resumed"] = p.games_resumed;
  d["positions"] = p.positions;
  d["seconds"] = p.seconds;
  return d;
}

}  // namespace

void bind_training(py::module_& m) {
  m.def(
      "_generate_data",
      [](const py::handle& rules, const std::string& path, const py::object& games, const py::object& nodes,
         const py::object& opening_plies, const py::object& max_plies, const py::object& seed,
         const py::object& threads, const py::object& progress) {
        DataGenOptions o = options_of(rules, nodes, opening_plies, max_plies, seed);
        o.games = int(int_arg(games, "games", 1, 100000000));
        o.threads = int(int_arg(threads, "threads", 1, 256));
        std::atomic<bool> stop{false};
        std::mutex failed_mutex;
        std::optional<py::error_already_set> failed;
        std::function<void(const DataGenProgress&)> on_game;
        if (!progress.is_none())
          on_game = [&](const DataGenProgress& p) {
            py::gil_scoped_acquire gil;
            if (stop.load()) return;
            try {
              progress(progress_dict(p));
            } catch (py::error_already_set& e) {
              const std::lock_guard<std::mutex> lock(failed_mutex);
              failed = std::move(e);
              stop.store(true);
            }
          };
        Expected<DataGenProgress> result =
            run_interruptibly([&] { return generate_data(o, path, on_game, &stop); }, [&] { stop.store(true); });
        if (failed) throw std::move(*failed);
        return progress_dict(value_or_raise(std::move(result)));
      },
      py::arg("rules"), py::arg("path"), py::kw_only(), py::arg("games"), py::arg("nodes"), py::arg("opening_plies"),
      py::arg("max_plies"), py::arg("seed"), py::arg("threads"), py::arg("progress"),
      "Adds the missing games of 0..games-1 to the positions file at `path` (loa datagen).");
  // For loa.cluster datagen: the driver opens the file, workers play games and send their records back.
  m.def(
      "_open_training_file",
      [](const py::handle& rules, const std::string& path, const py::object& nodes, const py::object& opening_plies,
         const py::object& max_plies, const py::object& seed) {
        return value_or_raise(open_data_file(options_of(rules, nodes, opening_plies, max_plies, seed), path));
      },
      py::arg("rules"), py::arg("path"), py::kw_only(), py::arg("nodes"), py::arg("opening_plies"),
      py::arg("max_plies"), py::arg("seed"),
      "Makes or checks a positions file for these options, cuts off an unfinished game; the games it holds.");
  m.def(
      "_generate_games",
      [](const py::handle& rules, const std::vector<std::uint32_t>& indices, const py::object& nodes,
         const py::object& opening_plies, const py::object& max_plies, const py::object& seed) {
        const DataGenOptions o = options_of(rules, nodes, opening_plies, max_plies, seed);
        std::string bytes;
        {
          py::gil_scoped_release release;
          bytes = encode_games(o, indices);
        }
        return py::bytes(bytes);
      },
      py::arg("rules"), py::arg("indices"), py::kw_only(), py::arg("nodes"), py::arg("opening_plies"),
      py::arg("max_plies"), py::arg("seed"), "The records of these games, as a positions file holds them.");
  m.attr("_TRAINING_DATA_VERSION") = kTrainingDataVersion;
}

}  // namespace loa::python
