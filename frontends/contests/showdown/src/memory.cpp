#include "showdown/memory.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace showdown {

namespace {

// Every square the opponent can reach in one turn from `from`, standing still
// included, except our own square. Walls do not narrow it: the opponent may
// have cleared one we believe in.
SquareSet spread(const SquareSet& from, Square me) {
  SquareSet out = from;
  for (int i = 0; i < kSquares; ++i) {
    if (!from[i]) continue;
    const Square s = Square::from_index(i);
    for (const Step d : kSteps)
      if (const Square n = s + d; n.on_board()) out.set(n.index());
  }
  out.reset(me.index());
  return out;
}

SquareSet everywhere_but(Square me) {
  SquareSet all;
  all.set();
  all.reset(me.index());
  return all;
}

}  // namespace

void Memory::observe(const Result& r) {
  ++turns;
  ++info_age;
  if (r.outcome == Outcome::Init) {
    *this = Memory{};
    valid = true;
    turns = 1;
    side = r.square == home(0) ? 0 : 1;
    me = r.square;
    opponent.set(home(1 - side).index());
    info_age = 0;
    if (side == 1) opponent = spread(opponent, me);  // player one has had its first turn
    return;
  }
  if (r.outcome == Outcome::Loc) {  // the answer to HELP, expected or not
    me = r.square;
    if (!valid) {  // starting again from nothing but our square
      valid = true;
      side = -1;
      walls.reset();
      opponent = everywhere_but(me);
      return;
    }
  }
  if (!valid) return;
  opponent_asleep = false;
  const Action action = last ? last->action : Action::Help;
  const Square target = last ? last->target : Square{};
  // A result that does not answer the turn we made means our memory is off.
  bool consistent = true;
  switch (r.outcome) {
    case Outcome::Ok:
      if (action == Action::Move) {
        me = target;
      } else if (action == Action::Wall) {
        walls.set(target.index());
        opponent.reset(target.index());
      } else {
        consistent = false;
      }
      break;
    case Outcome::Ouch:
      consistent = action == Action::Move;
      if (consistent) walls.set(target.index());
      break;
    case Outcome::Hello:
      consistent = action == Action::Move;
      if (consistent) opponent.reset(), opponent.set(target.index()), info_age = 0;
      break;
    case Outcome::Oops:
      consistent = action == Action::Wall;
      if (consistent) opponent.reset(), opponent.set(target.index()), info_age = 0;
      break;
    case Outcome::At:
      opponent.reset();
      opponent.set(r.square.index());
      info_age = 0;
      if (side < 0) {  // memory lost: before the two cross, player one is the one nearer A-1
        side = me.row + me.column <= r.square.row + r.square.column ? 0 : 1;
        turns = std::max(turns, distance(me, home(side)) + 2);
      }
      break;
    case Outcome::Miss:
    case Outcome::Boom:
    case Outcome::Hit: {
      consistent = action == Action::Zap && aligned(me, target);
      if (!consistent) break;
      const Step d = direction(me, target);
      SquareSet ray;
      for_each_on_ray(me, d, [&](Square s) { return ray.set(s.index()), true; });
      if (r.outcome == Outcome::Miss) {  // nothing at all on the whole ray
        opponent &= ~ray;
        walls &= ~ray;
      } else if (r.outcome == Outcome::Boom) {
        // Most likely the first wall we knew of; where the opponent is not
        // depends on where that wall really was, so the belief stays.
        for_each_on_ray(me, d, [&](Square s) { return walls[s.index()] ? (walls.reset(s.index()), false) : true; });
      } else {
        const SquareSet on_ray = opponent & ray;
        opponent = on_ray.any() ? on_ray : ray;
        if (opponent.count() == 1) info_age = 0;
        opponent_asleep = true;
      }
      break;
    }
    case Outcome::Loc: break;
    case Outcome::Error:
    case Outcome::Init: consistent = false; break;
  }
  if (!consistent) {
    valid = false;
    return;
  }
  if (opponent.none()) opponent = everywhere_but(me);  // we lost a turn asleep: start over
  // The opponent's turn between this result and our next one, unless our ZAP
  // put it to sleep (or a repeated ZAP keeps it there).
  if (!opponent_asleep) opponent = spread(opponent, me);
}

// ---- the state file ----

namespace {

std::string to_hex(const SquareSet& set) {
  std::string out;
  for (int i = 0; i < kSquares; i += 4) {
    int nibble = 0;
    for (int b = 0; b < 4 && i + b < kSquares; ++b) nibble |= set[i + b] << b;
    out += "0123456789abcdef"[nibble];
  }
  return out;
}

bool from_hex(std::string_view text, SquareSet& set) {
  if (text.size() != (kSquares + 3) / 4) return false;
  set.reset();
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    const int nibble = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (nibble < 0) return false;
    for (int b = 0; b < 4; ++b) {
      const int i = static_cast<int>(k) * 4 + b;
      if (nibble >> b & 1) {
        if (i >= kSquares) return false;
        set.set(i);
      }
    }
  }
  return true;
}

// The last line of a state file: "sum " and the FNV-1a hash of all before it.
std::string sum_line(std::string_view body) {
  std::uint32_t h = 2166136261u;
  for (const char c : body) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[16];
  std::snprintf(hex, sizeof hex, "%08x", h);
  return std::string("sum ") + hex + "\n";
}

constexpr std::string_view kHeader = "showdown-memory 1\n";

}  // namespace

std::string save_memory(const Memory& m) {
  std::ostringstream body;
  body << kHeader << "side " << m.side << "\nturns " << m.turns << "\nme " << m.me.row << " " << m.me.column
       << "\nlast " << (m.last ? to_string(*m.last) : "none") << "\nasleep " << m.opponent_asleep << "\nage "
       << m.info_age << "\nscratch";
  for (const int v : m.scratch) body << " " << v;
  body << "\nwalls " << to_hex(m.walls) << "\nopponent " << to_hex(m.opponent) << "\n";
  const std::string text = body.str();
  return text + sum_line(text);
}

Memory load_memory(std::string_view text) {
  Memory invalid;
  const std::size_t sum_at = text.rfind("sum ");
  if (text.substr(0, kHeader.size()) != kHeader || sum_at == std::string_view::npos) return invalid;
  const std::string_view body = text.substr(0, sum_at);
  if (text.substr(sum_at) != sum_line(body)) return invalid;

  std::istringstream in{std::string(body.substr(kHeader.size()))};
  Memory m;
  std::string key, last, walls, opponent;
  bool ok = static_cast<bool>(in >> key >> m.side) && key == "side";
  ok = ok && (in >> key >> m.turns) && key == "turns";
  ok = ok && (in >> key >> m.me.row >> m.me.column) && key == "me";
  ok = ok && (in >> key) && key == "last" && std::getline(in, last);
  int asleep = 0;
  ok = ok && (in >> key >> asleep) && key == "asleep";
  ok = ok && (in >> key >> m.info_age) && key == "age";
  ok = ok && (in >> key) && key == "scratch";
  for (int& v : m.scratch) ok = ok && (in >> v);
  ok = ok && (in >> key >> walls) && key == "walls" && from_hex(walls, m.walls);
  ok = ok && (in >> key >> opponent) && key == "opponent" && from_hex(opponent, m.opponent);
  if (!ok || m.side < -1 || m.side > 1 || !m.me.on_board() || m.turns < 0 || m.turns > 10000) return invalid;
  if (!last.empty() && last[0] == ' ') last.erase(0, 1);
  if (last != "none") {
    const auto turn = parse_turn(last);
    if (!turn) return invalid;
    m.last = *turn;
  }
  m.opponent_asleep = asleep != 0;
  m.valid = true;
  return m;
}

}  // namespace showdown
