// The proof-number solver: tree nodes a second on a fixed budget, and the
// memory a node takes.
#include <benchmark/benchmark.h>

#include "loa/solve/solver.hpp"
#include "positions.hpp"

namespace {

using namespace loa;

// A middle-game position searched to a fixed node budget (it is not
// settled within it), so every run does the same work.
void BM_SolveNodes(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  SolveLimits limits;
  limits.nodes = std::uint64_t(state.range(1));
  std::uint64_t nodes = 0;
  std::size_t memory = 0;
  for (auto _ : state) {
    const SolveReport r = Solver().solve(g, limits);
    nodes += r.nodes;
    memory = r.memory_bytes;
  }
  state.SetItemsProcessed(std::int64_t(nodes));
  state.counters["bytes/node"] = double(memory) / double(limits.nodes);
}
BENCHMARK(BM_SolveNodes)->Args({8, 1000000})->Args({7, 1000000})->Unit(benchmark::kMillisecond);

}  // namespace
