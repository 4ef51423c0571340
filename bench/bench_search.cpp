// Evaluation and search on fixed positions of both board sizes.
#include <benchmark/benchmark.h>

#include "loa/search/eval.hpp"
#include "loa/search/search.hpp"
#include "loa/text/position_text.hpp"
#include "positions.hpp"

namespace {

using namespace loa;

void BM_Evaluate(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(g));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Evaluate)->Arg(8)->Arg(7);

void BM_EulerNumber(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(euler_number(g.position().pieces(Black)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EulerNumber)->Arg(8)->Arg(7);

// Nodes per second of a fixed-depth search from a middle-game position.
void BM_Search(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  Engine engine(16);
  Limits limits;
  limits.depth = int(state.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    engine.new_game();
    nodes += engine.search(g, limits).nodes;
  }
  state.SetItemsProcessed(std::int64_t(nodes));
}
BENCHMARK(BM_Search)->Args({8, 10})->Args({7, 12})->Unit(benchmark::kMillisecond);

}  // namespace
