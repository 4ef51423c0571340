// Core operations on fixed positions of both board sizes: move generation,
// move counting, make/unmake, connectivity, the game layer's play/undo, and
// perft. Run: build/bin/loa_bench (results in docs/benchmarks.md).
#include <benchmark/benchmark.h>

#include "loa/movegen.hpp"
#include "loa/perft.hpp"
#include "loa/position_text.hpp"
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

}  // namespace
