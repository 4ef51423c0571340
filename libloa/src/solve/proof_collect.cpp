#include <array>
#include <bit>
#include <cassert>

#include "solve/proof_node.hpp"

namespace loa::proof_tree {
namespace {

struct Children {
  std::uint32_t first, count;
};

// The children a node keeps: all of an open node's; a settled node's proof
// needs every child where all are settled its way (the other side chooses
// there, or every move wins), else the first that is (the one the proof
// walk takes).
Children kept_children(const std::vector<Node>& nodes, const Node& n) {
  if (!n.count || !n.settled()) return {n.first, n.count};
  const bool proven = n.proof == 0;
  const std::uint32_t end = n.first + n.count;
  std::uint32_t first_settled = end;
  bool all = true;
  for (std::uint32_t c = n.first; c < end; ++c) {
    const bool settled_so = proven ? nodes[c].proof == 0 : nodes[c].disproof == 0;
    if (settled_so && first_settled == end) first_settled = c;
    all = all && settled_so;
  }
  assert(first_settled != end);
  return all ? Children{n.first, n.count} : Children{first_settled, 1};
}

int floor_log2(std::uint64_t x) { return static_cast<int>(std::bit_width(x)) - 1; }

// Subtree sizes are below 2^32 (node indices are 32 bits): folding below
// 2^32 folds every open subtree under the root.
constexpr int kLargestFold = 32;

}  // namespace

std::size_t collect(std::vector<Node>& nodes, std::size_t target) {
  const std::size_t n = nodes.size();
  if (n <= 1) return 0;
  // Pass 1, each subtree after its children: its size as kept (log2, a
  // byte a node) and, for each k, how many nodes folding every open subtree
  // smaller than 2^k would free. An open child of size s under a parent of
  // size p is the top of a folded subtree for s < 2^k <= p, and frees s - 1.
  std::vector<std::uint8_t> size_log2(n, 0);
  std::array<std::uint64_t, kLargestFold + 1> freed{};
  struct Frame {
    std::uint32_t node, next, end;
    std::uint64_t size;
    std::size_t open_children;  // where its open children's sizes start in `sizes`
  };
  std::vector<Frame> stack;
  std::vector<std::uint64_t> sizes;  // of finished open children, for their parents
  auto enter = [&](std::uint32_t i) {
    const Children k = kept_children(nodes, nodes[i]);
    stack.push_back({i, k.first, k.first + k.count, 1, sizes.size()});
  };
  std::uint64_t kept = 0;
  enter(0);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next < f.end) {
      const std::uint32_t c = f.next++;
      if (nodes[c].count) {
        enter(c);  // `f` may be gone now
      } else {
        f.size += 1;  // a leaf: nothing to fold
      }
      continue;
    }
    const Frame done = f;
    stack.pop_back();
    const int top = floor_log2(done.size);
    size_log2[done.node] = static_cast<std::uint8_t>(top);
    for (std::size_t j = done.open_children; j < sizes.size(); ++j)
      for (int k = floor_log2(sizes[j]) + 1; k <= top; ++k) freed[k] += sizes[j] - 1;
    sizes.resize(done.open_children);
    if (stack.empty()) {
      kept = done.size;
      break;
    }
    stack.back().size += done.size;
    if (!nodes[done.node].settled()) sizes.push_back(done.size);
  }

  // The least fold that reaches the target; the largest if none does.
  int fold_below = 0;
  if (kept > target) {
    fold_below = kLargestFold;
    for (int k = 1; k <= kLargestFold; ++k)
      if (kept - freed[k] <= target) {
        fold_below = k;
        break;
      }
  }

  // Pass 2, from the root down: what stays, with each node's children as
  // kept (a settled node's proof; none for a folded node).
  std::vector<std::uint64_t> live((n + 63) / 64, 0);
  auto mark = [&](std::uint32_t i) { live[i >> 6] |= std::uint64_t{1} << (i & 63); };
  std::vector<std::uint32_t> todo{0};
  mark(0);
  while (!todo.empty()) {
    const std::uint32_t i = todo.back();
    todo.pop_back();
    Node& node = nodes[i];
    if (i != 0 && !node.settled() && size_log2[i] < fold_below) {
      node.first = 0;
      node.count = 0;
      continue;
    }
    const Children k = kept_children(nodes, node);
    node.first = k.first;
    node.count = static_cast<std::uint16_t>(k.count);
    for (std::uint32_t c = k.first; c < k.first + k.count; ++c) {
      mark(c);
      if (nodes[c].count) todo.push_back(c);
    }
  }

  // Pass 3: slide what stays to the front, in order (a node's new index is
  // the number of nodes staying before it, never more than its old one).
  std::vector<std::uint32_t> live_before(live.size());
  std::uint32_t total = 0;
  for (std::size_t w = 0; w < live.size(); ++w) {
    live_before[w] = total;
    total += static_cast<std::uint32_t>(std::popcount(live[w]));
  }
  auto new_index = [&](std::uint32_t i) {
    return live_before[i >> 6] +
           static_cast<std::uint32_t>(std::popcount(live[i >> 6] & ((std::uint64_t{1} << (i & 63)) - 1)));
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!(live[i >> 6] >> (i & 63) & 1)) continue;
    Node node = nodes[i];
    if (node.count) node.first = new_index(node.first);
    nodes[new_index(i)] = node;
  }
  assert(total == kept - (fold_below ? freed[fold_below] : 0));
  nodes.resize(total);
  return n - total;
}

}  // namespace loa::proof_tree
