#include "loa/text/variant.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <unordered_map>

#include "loa/base/bitboard.hpp"
#include "loa/text/notation.hpp"
#include "text/text.hpp"

namespace loa {

namespace {

using text::quoted;

// A section being read: the rules so far, and the line that set each field
// (so that a problem validate() finds points at that line).
struct Section {
  Rules rules;
  int header_line = 0;
  std::map<std::string, int> set_on;
};

// The canonical name of a field, or "" when it is none. Case and the
// spelling of separators are free: "Board-Size" is board_size.
std::string field_name(std::string_view raw) {
  std::string key;
  for (char c : raw) key += c == '-' || c == ' ' ? '_' : char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  static const std::map<std::string, std::string, std::less<>> kFields = {
      {"description", "description"},
      {"source", "source"},
      {"board_size", "board_size"},
      {"size", "board_size"},
      {"start", "start"},
      {"black", "black"},
      {"white", "white"},
      {"first_player", "first_player"},
      {"bonus", "bonus"},
      {"capture_points", "capture_points"},
      {"connection_points", "connection_points"},
      {"points_decide", "points_decide"},
      {"simultaneous", "simultaneous"},
      {"no_move", "no_move"},
      {"repetition", "repetition"},
      {"ply_limit", "ply_limit"},
      {"at_limit", "at_limit"},
      {"repetition_by_board", "repetition_by_board"},
      {"limit_over_connection", "limit_over_connection"},
  };
  const auto it = kFields.find(key);
  return it == kFields.end() ? "" : it->second;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

Expected<int> number(std::string_view value, int lo, int hi) {
  long long v = 0;
  if (!text::parse_int(value, v) || v < lo || v > hi)
    return Error{"expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
                 quoted(value)};
  return int(v);
}

Expected<bool> boolean(std::string_view value) {
  const std::string v = lower(value);
  if (v == "true" || v == "yes" || v == "on" || v == "1") return true;
  if (v == "false" || v == "no" || v == "off" || v == "0") return false;
  return Error{"expected true or false, not " + quoted(value)};
}

// Squares separated by blanks or commas.
std::vector<std::string_view> list_items(std::string_view value) {
  std::vector<std::string_view> items;
  for (auto word : text::fields(value)) {
    while (!word.empty()) {
      const auto comma = word.find(',');
      if (comma != 0) items.push_back(word.substr(0, comma));
      if (comma == std::string_view::npos) break;
      word.remove_prefix(comma + 1);
    }
  }
  return items;
}

Expected<Square> square(std::string_view item, int size) {
  const std::string s = lower(item);
  auto sq = parse_square(s, size);
  if (!sq)
    return Error{quoted(item) + " is not a square of the " + std::to_string(size) + "x" + std::to_string(size) +
                 " board"};
  return *sq;
}

Expected<Bitboard> square_list(std::string_view value, int size) {
  Bitboard b = 0;
  for (auto item : list_items(value)) {
    const auto s = square(item, size);
    if (!s) return Error{s.error()};
    if (b & square_bb(*s)) return Error{"square " + quoted(item) + " is listed twice"};
    b |= square_bb(*s);
  }
  return b;
}

// Rows from the top, as position text writes them ("1bbbb1/w4w/..."), or
// with '.' for an empty square; rows apart by '/' or blanks.
struct Layout {
  int size = 0;
  std::array<Bitboard, 2> pieces{};
};
Expected<Layout> rows_layout(std::string_view value) {
  std::vector<std::string> rows;
  std::string row;
  for (char c : value) {
    if (c == '/' || text::is_blank(c)) {
      if (!row.empty()) rows.push_back(row);
      row.clear();
      continue;
    }
    if (c >= '1' && c <= '8')
      row.append(std::size_t(c - '0'), '.');
    else if (c == 'b' || c == 'w' || c == '.' || c == 'B' || c == 'W')
      row += char(c | 0x20) == '.' ? '.' : char(c | 0x20);
    else
      return Error{"unexpected character " + quoted(std::string_view(&c, 1)) + " in the rows"};
  }
  if (!row.empty()) rows.push_back(row);
  Layout layout;
  layout.size = int(rows.size());
  if (layout.size < kMinSize || layout.size > kMaxSize)
    return Error{"the rows describe a board of " + std::to_string(layout.size) + " ranks; boards have 5 to 8"};
  for (int i = 0; i < layout.size; ++i) {
    if (int(rows[i].size()) != layout.size)
      return Error{"row " + std::to_string(i + 1) + " from the top holds " + std::to_string(rows[i].size()) +
                   " squares, not " + std::to_string(layout.size)};
    for (int f = 0; f < layout.size; ++f)
      if (rows[i][f] != '.') layout.pieces[rows[i][f] == 'w'] |= square_bb(make_square(f, layout.size - 1 - i));
  }
  return layout;
}

// "d4=7 b2=3" (or "d4:7"): squares and the points for landing there.
Expected<std::array<std::uint8_t, 64>> bonus_list(std::string_view value, int size) {
  std::array<std::uint8_t, 64> points{};
  for (auto item : list_items(value)) {
    const auto sep = item.find_first_of("=:");
    if (sep == std::string_view::npos) return Error{"expected square=points, like d4=7, not " + quoted(item)};
    const auto s = square(item.substr(0, sep), size);
    if (!s) return Error{s.error()};
    const auto p = number(item.substr(sep + 1), 1, 100);
    if (!p) return Error{"points of " + quoted(item.substr(0, sep)) + ": " + p.error()};
    if (points[*s]) return Error{"square " + quoted(item.substr(0, sep)) + " is listed twice"};
    points[*s] = std::uint8_t(*p);
  }
  return points;
}

template <class Enum, std::size_t N>
Expected<Enum> choice(std::string_view value, const std::pair<const char*, Enum> (&names)[N]) {
  const std::string v = lower(value);
  std::string known;
  for (const auto& [name, e] : names) {
    if (v == name) return e;
    known += (known.empty() ? "" : ", ") + std::string(name);
  }
  return Error{"expected one of " + known + ", not " + quoted(value)};
}

constexpr std::pair<const char*, Simultaneous> kSimultaneous[] = {{"draw", Simultaneous::Draw},
                                                                  {"mover", Simultaneous::Mover}};
constexpr std::pair<const char*, NoMoveRule> kNoMove[] = {
    {"pass", NoMoveRule::Pass}, {"draw", NoMoveRule::Draw}, {"lose", NoMoveRule::Lose}};
constexpr std::pair<const char*, LimitOutcome> kAtLimit[] = {{"draw", LimitOutcome::Draw},
                                                             {"points", LimitOutcome::Points}};
constexpr std::pair<const char*, Color> kPlayers[] = {{"black", Black}, {"white", White}, {"b", Black},
                                                      {"w", White},     {"first", Black}, {"second", White}};

// Sets `field` of `r` from `value`; the board size is already final.
std::optional<std::string> set_field(Rules& r, const std::string& field, std::string_view value) {
  auto fail = [](const std::string& e) { return std::optional<std::string>(e); };
  const int size = r.board_size;
  if (field == "description") {
    r.description = std::string(value);
  } else if (field == "source") {
    r.source = std::string(value);
  } else if (field == "black" || field == "white") {
    const auto b = square_list(value, size);
    if (!b) return fail(b.error());
    r.start[field == "white"] = *b;
  } else if (field == "start") {
    const auto layout = rows_layout(value);
    if (!layout) return fail(layout.error());
    if (layout->size != size)
      return fail("the rows describe a " + std::to_string(layout->size) + "x" + std::to_string(layout->size) +
                  " board, but board_size is " + std::to_string(size));
    r.start = layout->pieces;
  } else if (field == "first_player") {
    const auto c = choice(value, kPlayers);
    if (!c) return fail(c.error());
    r.first_player = *c;
  } else if (field == "bonus") {
    const auto p = bonus_list(value, size);
    if (!p) return fail(p.error());
    r.square_points = *p;
  } else if (field == "capture_points" || field == "connection_points") {
    const auto n = number(value, 0, 100);
    if (!n) return fail(n.error());
    (field == "capture_points" ? r.capture_points : r.connection_points) = *n;
  } else if (field == "points_decide" || field == "repetition_by_board" || field == "limit_over_connection") {
    const auto b = boolean(value);
    if (!b) return fail(b.error());
    (field == "points_decide"         ? r.points_decide
     : field == "repetition_by_board" ? r.repetition_by_board
                                      : r.limit_over_connection) = *b;
  } else if (field == "simultaneous") {
    const auto s = choice(value, kSimultaneous);
    if (!s) return fail(s.error());
    r.simultaneous = *s;
  } else if (field == "no_move") {
    const auto s = choice(value, kNoMove);
    if (!s) return fail(s.error());
    r.no_move = *s;
  } else if (field == "repetition") {
    const auto n = number(value, 0, 100);
    if (!n) return fail(n.error());
    r.repetition = *n;
  } else if (field == "ply_limit") {
    const auto n = number(value, 0, 100000);
    if (!n) return fail(n.error());
    r.ply_limit = *n;
  } else if (field == "at_limit") {
    const auto s = choice(value, kAtLimit);
    if (!s) return fail(s.error());
    r.at_limit = *s;
  }
  return std::nullopt;
}

std::string at(int line, const std::string& field, const std::string& message) {
  return "line " + std::to_string(line) + (field.empty() ? "" : ": field '" + field + "'") + ": " + message;
}

bool valid_section_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

// A section's fields, as read: line and value, applied once the section is
// complete (the board size first, since squares are read against it).
struct RawField {
  int line;
  std::string name;
  std::string value;
};

Expected<Rules> finish_section(Rules base, const std::string& name, int header_line,
                               const std::vector<RawField>& fields) {
  const int base_size = base.board_size;
  Rules r = std::move(base);
  r.name = name;
  std::map<std::string, int> set_on;
  for (const RawField& f : fields) {
    if (const auto it = set_on.find(f.name); it != set_on.end())
      return Error{
          at(f.line, f.name, "set twice in section [" + name + "] (first on line " + std::to_string(it->second) + ")")};
    set_on[f.name] = f.line;
  }
  if (set_on.count("start") && (set_on.count("black") || set_on.count("white")))
    return Error{at(set_on["start"], "start", "give the start as rows or as black and white square lists, not both")};
  // The board size: its own field, or the number of rows of the start.
  if (set_on.count("board_size")) {
    const RawField& f =
        *std::find_if(fields.begin(), fields.end(), [](const RawField& x) { return x.name == "board_size"; });
    const auto n = number(f.value, 0, 1000);
    if (!n) return Error{at(f.line, f.name, n.error())};
    if (*n < kMinSize || *n > kMaxSize)
      return Error{at(f.line, f.name, "must be 5, 6, 7 or 8, not " + std::to_string(*n))};
    r.board_size = *n;
  } else if (set_on.count("start")) {
    const RawField& f =
        *std::find_if(fields.begin(), fields.end(), [](const RawField& x) { return x.name == "start"; });
    const auto layout = rows_layout(f.value);
    if (!layout) return Error{at(f.line, f.name, layout.error())};
    r.board_size = layout->size;
  }
  // A new size with no start of its own takes the standard shape.
  if (r.board_size != base_size && !set_on.count("start") && !set_on.count("black") && !set_on.count("white"))
    r.start = standard_start(r.board_size);
  for (const RawField& f : fields)
    if (f.name != "board_size")
      if (const auto problem = set_field(r, f.name, f.value)) return Error{at(f.line, f.name, *problem)};
  auto valid = validate(r);
  if (!valid) {
    // validate() names the field first: "bonus: ...".
    const std::string& e = valid.error();
    const auto colon = e.find(": ");
    const std::string field = colon == std::string::npos ? "" : e.substr(0, colon);
    const std::string message = colon == std::string::npos ? e : e.substr(colon + 2);
    const auto it = set_on.find(field);
    const int line = it != set_on.end() ? it->second : header_line;
    return Error{at(line, field, message + (it == set_on.end() ? " (in section [" + name + "])" : ""))};
  }
  return valid;
}

}  // namespace

Expected<std::vector<Rules>> parse_variants(std::string_view text) {
  std::vector<Rules> sections;
  // Where each section is in `sections`: a text of many sections is read in
  // time linear in its length, not quadratic (20,000 sections took 1.3 s).
  std::unordered_map<std::string, std::size_t> index;
  std::string name;
  Rules base;
  int header_line = 0;
  std::vector<RawField> fields;
  auto close = [&]() -> std::optional<std::string> {
    if (name.empty()) return std::nullopt;
    auto r = finish_section(base, name, header_line, fields);
    if (!r) return r.error();
    index.emplace(name, sections.size());
    sections.push_back(std::move(r).value());
    fields.clear();
    name.clear();
    return std::nullopt;
  };
  std::size_t pos = 0;
  for (int line_no = 1; pos <= text.size(); ++line_no) {
    const auto end = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.find('\0') != std::string_view::npos) return Error{at(line_no, "", "not text (a NUL byte)")};
    line = text::trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      if (const auto e = close()) return Error{*e};
      if (line.back() != ']') return Error{at(line_no, "", "a section header must end with ']': " + quoted(line))};
      const std::string_view inside = text::trim(line.substr(1, line.size() - 2));
      const auto colon = inside.find(':');
      const std::string_view own = text::trim(inside.substr(0, colon));
      if (!valid_section_name(own))
        return Error{at(line_no, "", "a section name is 1 to 64 letters, digits, '_', '-' or '.', not " + quoted(own))};
      if (index.count(std::string(own)))
        return Error{at(line_no, "", "section [" + std::string(own) + "] is defined twice")};
      // With no base: the defaults of Rules, on the standard 8x8 start.
      base = Rules{};
      base.start = standard_start(base.board_size);
      if (colon != std::string_view::npos) {
        const std::string_view from = text::trim(inside.substr(colon + 1));
        if (const auto earlier = index.find(std::string(from)); earlier != index.end()) {
          base = sections[earlier->second];
        } else if (auto p = preset(from)) {
          base = *p;
        } else {
          return Error{at(line_no, "",
                          "section [" + std::string(own) + "] starts from " + quoted(from) +
                              ", which is neither a preset nor an earlier section")};
        }
      }
      // A section is a game of its own: what the base says of itself does
      // not carry over.
      base.description.clear();
      base.source.clear();
      name = std::string(own);
      header_line = line_no;
      continue;
    }
    const auto sep = line.find_first_of("=:");
    if (sep == std::string_view::npos)
      return Error{at(line_no, "", "expected a [section] header or 'field = value', not " + quoted(line))};
    const std::string_view key = text::trim(line.substr(0, sep));
    const std::string field = field_name(key);
    if (field.empty()) return Error{at(line_no, "", "no such field " + quoted(key) + " (see docs/variants.md)")};
    if (name.empty()) return Error{at(line_no, field, "a field before the first [section] header")};
    std::string_view value = line.substr(sep + 1);
    // Free text keeps a '#'; elsewhere it starts a comment.
    if (field != "description" && field != "source") value = value.substr(0, value.find('#'));
    std::string kept(text::trim(value));
    // A stray carriage return inside a line reads as a blank, as it prints.
    std::replace(kept.begin(), kept.end(), '\r', ' ');
    fields.push_back({line_no, field, std::move(kept)});
  }
  if (const auto e = close()) return Error{*e};
  if (sections.empty()) return Error{"no [section] in the variant text"};
  return sections;
}

Expected<Rules> parse_variant(std::string_view text, std::string_view section) {
  auto all = parse_variants(text);
  if (!all) return Error{all.error()};
  std::string names;
  for (const Rules& r : *all) {
    if (r.name == section || (section.empty() && all->size() == 1)) return r;
    names += (names.empty() ? "" : ", ") + r.name;
  }
  if (section.empty()) return Error{"several sections (" + names + "): name one"};
  return Error{"no section [" + std::string(section) + "] (sections: " + names + ")"};
}

std::string format_variant(const Rules& r) {
  // Items joined by one blank (appended piece by piece: GCC 12 warns falsely
  // on a + (cond ? "" : " ") + b).
  auto join = [](std::string& out, const std::string& item) {
    if (!out.empty()) out += ' ';
    out += item;
  };
  auto squares = [&join](Bitboard b) {
    std::string out;
    while (b) join(out, square_name(pop_lsb(b)));
    return out;
  };
  std::string bonus;
  for (Square s = 0; s < kSquares; ++s)
    if (r.square_points[s]) join(bonus, square_name(s) + "=" + std::to_string(r.square_points[s]));
  auto one_line = [](const std::string& s) {
    std::string out;
    for (char c : s) out += c == '\n' || c == '\r' ? ' ' : c;
    return std::string(text::trim(out));
  };
  std::string out = "[" + r.name + "]\n";
  auto field = [&out](const char* name, const std::string& value) {
    out += name;
    out += value.empty() ? " =\n" : " = " + value + "\n";
  };
  field("description", one_line(r.description));
  field("source", one_line(r.source));
  out += "board_size = " + std::to_string(r.board_size) + "\n";
  out += "black = " + squares(r.start[Black]) + "\n";
  out += "white = " + squares(r.start[White]) + "\n";
  out += std::string("first_player = ") + (r.first_player == Black ? "black" : "white") + "\n";
  field("bonus", bonus);
  out += "capture_points = " + std::to_string(r.capture_points) + "\n";
  out += "connection_points = " + std::to_string(r.connection_points) + "\n";
  out += std::string("points_decide = ") + (r.points_decide ? "true" : "false") + "\n";
  out += std::string("simultaneous = ") + kSimultaneous[int(r.simultaneous)].first + "\n";
  out += std::string("no_move = ") + kNoMove[int(r.no_move)].first + "\n";
  out += "repetition = " + std::to_string(r.repetition) + "\n";
  out += "ply_limit = " + std::to_string(r.ply_limit) + "\n";
  out += std::string("at_limit = ") + kAtLimit[int(r.at_limit)].first + "\n";
  // Written only when set, so that the text of every other variant is as it was.
  if (r.repetition_by_board) out += "repetition_by_board = true\n";
  if (r.limit_over_connection) out += "limit_over_connection = true\n";
  return out;
}

Expected<Rules> load_rules(std::string_view spec) {
  if (auto p = preset(spec)) return p;
  // FILE:SECTION when FILE opens, else the whole spec as a file.
  std::string file(spec), section;
  if (const auto colon = spec.rfind(':'); colon != std::string_view::npos && colon > 0) {
    std::ifstream probe{std::string(spec.substr(0, colon))};
    if (probe) file = std::string(spec.substr(0, colon)), section = std::string(spec.substr(colon + 1));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error{preset(spec).error() + "; nor is it a variant file (FILE or FILE:SECTION)"};
  std::string text(kMaxVariantFile + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  if (in.bad() || (in.fail() && !in.eof())) return Error{file + ": cannot be read (a directory?)"};
  if (text.size() > kMaxVariantFile)
    return Error{file + ": longer than " + std::to_string(kMaxVariantFile) + " bytes; not a variant file"};
  auto r = parse_variant(text, section);
  if (!r) {
    // "line 7: field ..." becomes "FILE:7: field ...", as compilers write it.
    std::string e = r.error();
    if (e.rfind("line ", 0) == 0) return Error{file + ":" + e.substr(5)};
    return Error{file + ": " + e};
  }
  return r;
}

}  // namespace loa
