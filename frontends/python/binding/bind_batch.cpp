// loa.env.BatchEnv: many games stepped by one call (loa/learn/batch.hpp), its arrays
// handed to Python as read-only numpy arrays over the environment's own memory
// (no copy; each step overwrites them). A step runs with the GIL released, and
// Ctrl-C is looked at after it.
#include <memory>
#include <mutex>
#include <type_traits>

#include "bindings.hpp"
#include "loa/learn/batch.hpp"

namespace loa::python {

namespace {

struct PyBatch {
  std::unique_ptr<BatchEnv> env;
  // One call at a time: step, reset and playouts release the GIL, and a second thread stepping the same
  // environment meanwhile crashed the process (SIGFPE, a double free). The second waits its turn.
  std::unique_ptr<std::mutex> busy = std::make_unique<std::mutex>();
};

// The environment's lock, taken with the GIL released (the thread holding it may need the GIL to finish).
std::unique_lock<std::mutex> lock(PyBatch& b) {
  py::gil_scoped_release release;
  return std::unique_lock<std::mutex>(*b.busy);
}

// A read-only numpy array over the environment's memory, keeping the environment (the Python object
// `self`) alive as long as the array lives. Read-only: an edited mask once let step() play a1-a1 (the
// library no longer trusts the mask, and a caller who wants to change an array takes a copy).
template <class T>
py::array view(const py::object& self, T* data, std::vector<py::ssize_t> shape) {
  py::array out = py::array_t<T>(shape, data, self);
  out.attr("setflags")(py::arg("write") = false);
  return out;
}
BatchEnv& env_of(const py::object& self) { return *self.cast<PyBatch&>().env; }

py::array observation(const py::object& self) {
  BatchEnv& e = env_of(self);
  const py::ssize_t n = e.rules().board_size;
  return view(self, e.observation(), {e.size(), py::ssize_t(e.layout().size()), n, n});
}
py::array mask(const py::object& self) {
  BatchEnv& e = env_of(self);
  return view(self, reinterpret_cast<bool*>(e.mask()), {e.size(), e.num_actions()});
}
py::array rewards(const py::object& self) { return view(self, env_of(self).rewards(), {env_of(self).size(), 2}); }
py::array terminated(const py::object& self) {
  return view(self, reinterpret_cast<bool*>(env_of(self).terminated()), {env_of(self).size()});
}
py::array truncated(const py::object& self) {
  return view(self, reinterpret_cast<bool*>(env_of(self).truncated()), {env_of(self).size()});
}
py::array current_player(const py::object& self) {
  return view(self, env_of(self).current_player(), {env_of(self).size()});
}

// Steps every game with actions[i], all or nothing, with the GIL released; Ctrl-C is looked at after.
void step_all(BatchEnv& env, const std::int32_t* actions) {
  Expected<bool> stepped = true;
  {
    py::gil_scoped_release release;
    stepped = env.step(actions);
  }
  if (!stepped) throw py::value_error(stepped.error());
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// Copies the ids of a 1-d array of T into `out`, each checked in T's own width before it is narrowed.
template <class T>
void checked_ids(const py::array& raw, int num_actions, std::vector<std::int32_t>& out) {
  // An array of T already is not copied (random_actions() gives int32); another width is converted once.
  const auto ids = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(raw);
  const T* v = ids.data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool negative = std::is_signed_v<T> && v[i] < T(0);
    if (negative || static_cast<unsigned long long>(v[i]) >= static_cast<unsigned long long>(num_actions))
      throw py::value_error("game " + std::to_string(i) + ": action " + std::to_string(v[i]) + " is out of range 0.." +
                            std::to_string(num_actions - 1) + " (no game was stepped)");
    out[i] = std::int32_t(v[i]);
  }
}

// The action ids of `given` as int32, each checked in its own width first: an int64 id of 2**32 + 5 is
// out of range, not action 5 (forcecast wrapped it once).
std::vector<std::int32_t> action_ids(const py::object& given, const BatchEnv& env) {
  const py::array raw = py::array::ensure(given);
  if (!raw || (raw.dtype().kind() != 'i' && raw.dtype().kind() != 'u'))
    throw py::type_error("actions must be an array of int action ids, not " +
                         (raw ? "an array of " + std::string(py::str(raw.dtype())) : type_name(given)));
  if (raw.ndim() != 1 || raw.shape(0) != env.size())
    throw py::value_error("actions must be a 1-d array of num_envs (" + std::to_string(env.size()) + ") action ids");
  std::vector<std::int32_t> out(std::size_t(env.size()));
  // Widths up to 32 bits hold no id that int32 would change; wider ones are read as 64 bits.
  if (raw.dtype().kind() == 'u')
    checked_ids<std::uint64_t>(raw, env.num_actions(), out);
  else if (raw.dtype().itemsize() <= 4)
    checked_ids<std::int32_t>(raw, env.num_actions(), out);
  else
    checked_ids<std::int64_t>(raw, env.num_actions(), out);
  return out;
}

}  // namespace

void bind_batch(py::module_& m) {
  auto batch =
      py::class_<PyBatch>(m, "BatchEnv",
                          "Many games stepped by one call, with numpy arrays written in C++ (docs/library.md, 'Batched "
                          "games'). A finished game starts again at once (auto-reset).")
          .def(py::init([](const py::object& rules, const py::object& num_envs, const py::object& seed,
                           const py::object& max_plies) {
                 const Rules r = rules_of(rules);
                 const long long n = int_arg(num_envs, "num_envs", 1, 1 << 20);
                 const long long s = int_arg(seed, "seed", 0, (1LL << 62));
                 const auto limit = optional_int_arg(max_plies, "max_plies", 1, 1 << 20);
                 return PyBatch{std::make_unique<BatchEnv>(r, int(n), std::uint64_t(s), limit ? int(*limit) : 0)};
               }),
               py::arg("rules"), py::arg("num_envs"), py::kw_only(), py::arg("seed") = 0,
               py::arg("max_plies") = py::none(),
               "num_envs games under `rules`; `seed` seeds random_actions(); a game going on after `max_plies` plies "
               "is truncated (ended without a result and started again).")
          .def_property_readonly(
              "num_envs", [](const PyBatch& b) { return b.env->size(); }, "How many games.")
          .def_property_readonly(
              "rules", [](const PyBatch& b) { return b.env->rules(); }, "The games' rules.")
          .def_property_readonly(
              "num_actions", [](const PyBatch& b) { return b.env->num_actions(); }, "Action ids per game (A).")
          .def_property_readonly(
              "observation", &observation,
              "float32 (N, planes, n, n): each game's observation tensor (Rules.observation_planes).")
          .def_property_readonly("action_mask", &mask, "bool (N, A): each game's legal actions.")
          .def_property_readonly("rewards", &rewards, "float32 (N, 2): black's and white's reward of the last step.")
          .def_property_readonly("terminated", &terminated, "bool (N,): the last step ended the game by the rules.")
          .def_property_readonly("truncated", &truncated, "bool (N,): the last step reached max_plies.")
          .def_property_readonly("current_player", &current_player, "uint8 (N,): 0 black or 1 white to move.")
          .def(
              "reset",
              [](const py::object& self) {
                const auto held = lock(self.cast<PyBatch&>());
                env_of(self).reset();
                return py::make_tuple(observation(self), mask(self));
              },
              "Starts every game again; returns (observation, action_mask).")
          .def(
              "step",
              [](const py::object& self, const py::object& given) {
                PyBatch& b = self.cast<PyBatch&>();
                const auto held = lock(b);
                const std::vector<std::int32_t> actions = action_ids(given, *b.env);
                step_all(*b.env, actions.data());
                return py::make_tuple(observation(self), rewards(self), terminated(self), truncated(self), mask(self));
              },
              py::arg("actions"),
              "Plays actions[i] in game i: returns (observation, rewards, terminated, truncated, action_mask), views "
              "of "
              "the environment's read-only arrays that the next call overwrites. All or nothing: ValueError naming the "
              "game for an action out of range or not legal, and no game stepped. Releases the GIL (a second thread "
              "waits for the first); Ctrl-C is looked at after the step.")
          .def(
              "random_actions",
              [](PyBatch& b) {
                const auto held = lock(b);
                py::array_t<std::int32_t> out(b.env->size());
                b.env->random_actions(out.mutable_data());
                return out;
              },
              "int32 (N,): a uniformly random legal action for each game, from the environment's seeded generator.")
          .def(
              "random_playout",
              [](PyBatch& b, const py::object& steps) {
                const long long count = int_arg(steps, "steps", 0, 1LL << 40);
                const auto held = lock(b);
                std::vector<std::int32_t> actions(std::size_t(b.env->size()));
                long long finished = 0, black = 0, white = 0, draws = 0, cut = 0;
                for (long long s = 0; s < count; ++s) {
                  b.env->random_actions(actions.data());
                  step_all(*b.env, actions.data());
                  for (int i = 0; i < b.env->size(); ++i) {
                    const bool over = b.env->terminated()[i];
                    const float r = b.env->rewards()[2 * i];
                    finished += over;
                    black += over && r > 0;
                    white += over && r < 0;
                    draws += over && r == 0;
                    cut += b.env->truncated()[i];
                  }
                }
                py::dict d;
                d["steps"] = count * b.env->size();
                d["finished"] = finished;
                d["black_wins"] = black;
                d["white_wins"] = white;
                d["draws"] = draws;
                d["truncated"] = cut;
                return d;
              },
              py::arg("steps"),
              "Plays `steps` random steps in every game (random_actions, then step, in C++): steps, finished, "
              "black_wins, white_wins, draws, truncated.");
  refuse_pickle(batch,
                "a loa.env.BatchEnv does not pickle: its games are mid-play in C++; make a new one where it is "
                "needed (loa.env.BatchEnv(rules, num_envs, seed=...))");
}

}  // namespace loa::python
