// Core operations on fixed positions of both board sizes: move generation,
// move counting, make/unmake, connectivity, the game layer's play/undo, and
// perft. Run: build/bin/loa_bench (results in docs/benchmarks.md).
#include <benchmark/benchmark.h>

#include "loa/board/movegen.hpp"
#include "loa/game/perft.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"
#include "positions.hpp"

namespace {

using namespace loa;

void BM_Generate(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  for (auto _ : state) {
    MoveList list;
    generate(g.position(), list);
    benchmark::DoNotOptimize(list);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Generate)->Arg(8)->Arg(7);

void BM_CountMoves(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(g.position().count_moves());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CountMoves)->Arg(8)->Arg(7);

void BM_MakeUnmake(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  Position p = g.position();
  MoveList list;
  generate(p, list);
  for (auto _ : state)
    for (Move m : list) {
      p.make(m);
      benchmark::DoNotOptimize(p);
      p.unmake(m);
    }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_MakeUnmake)->Arg(8)->Arg(7);

void BM_Connected(benchmark::State& state) {
  const Game g = bench::middle_game(int(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(g.position().connected(Black));
    benchmark::DoNotOptimize(g.position().connected(White));
  }
  state.SetItemsProcessed(state.iterations() * 2);
}
BENCHMARK(BM_Connected)->Arg(8)->Arg(7);

void BM_GamePlayUndo(benchmark::State& state) {
  Game g = bench::middle_game(int(state.range(0)));
  const MoveList list = g.legal_moves();
  for (auto _ : state)
    for (Move m : list) {
      g.play(m);
      g.undo();
    }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_GamePlayUndo)->Arg(8)->Arg(7);

// Leaves per second of perft from the start positions.
void BM_Perft(benchmark::State& state) {
  Game g(state.range(0) == 8 ? olympiad() : loaps());
  const int depth = int(state.range(1));
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += perft(g, depth);
  state.SetItemsProcessed(std::int64_t(leaves));
}
BENCHMARK(BM_Perft)->Args({8, 5})->Args({7, 5})->Unit(benchmark::kMillisecond);

// A variant text of N sections, each starting from the one before: linear
// in N since sections are found by name through an index.
void BM_VariantChain(benchmark::State& state) {
  std::string text = "[s0 : six]\n";
  for (int i = 1; i < state.range(0); ++i) text += "[s" + std::to_string(i) + " : s" + std::to_string(i - 1) + "]\n";
  for (auto _ : state) benchmark::DoNotOptimize(parse_variants(text));
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_VariantChain)->Arg(5000)->Arg(20000)->Unit(benchmark::kMillisecond)->Complexity();
}  // namespace
