// loa.Rules and loa.Move: values, comparable, hashable and picklable.
#include <map>

#include "bindings.hpp"
#include "loa/learn/actions.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/variant.hpp"

namespace loa::python {

namespace {

std::vector<std::string> square_names(Bitboard b) {
  std::vector<std::string> out;
  while (b) out.push_back(square_name(pop_lsb(b)));
  return out;
}

Rules rules_from_state(const py::tuple& t) {
  if (t.size() != 2) throw py::value_error("not a pickled Rules");
  return value_or_raise(parse_variant(t[0].cast<std::string>(), t[1].cast<std::string>()));
}

Move move_from_state(const py::tuple& t) {
  if (t.size() != 1) throw py::value_error("not a pickled Move");
  return Move::from_raw(t[0].cast<std::uint16_t>());
}

}  // namespace

void bind_rules(py::module_& m) {
  auto rules =
      py::class_<Rules>(m, "Rules",
                        "The rules of a Lines of Action variant (docs/variants.md): a value, comparable, hashable and "
                        "picklable.")
          .def(py::init([](const py::object& spec) {
                 if (!py::isinstance<py::str>(spec))
                   throw py::type_error("spec must be a str (a preset or FILE:SECTION)");
                 return value_or_raise(load_rules(spec.cast<std::string>()));
               }),
               py::arg("spec"), "A preset ('olympiad', 'six', ...) or a variant file, FILE or FILE:SECTION.")
          .def_static(
              "presets",
              [] {
                std::vector<std::string> names;
                for (auto n : preset_names()) names.emplace_back(n);
                return names;
              },
              "The names of the presets, in the order `loa rules` lists them.")
          .def_static(
              "from_text",
              [](const std::string& text, const std::string& section) {
                return value_or_raise(parse_variant(text, section));
              },
              py::arg("text"), py::arg("section") = "", "Rules from variant text (one section, or the one named).")
          .def("variant_text", &format_variant, "These rules as variant text; it reads back equal.")
          .def_readonly("name", &Rules::name, "The preset's or variant's name.")
          .def_readonly("description", &Rules::description, "One line saying what the variant is.")
          .def_readonly("source", &Rules::source, "Where its rules come from.")
          .def_readonly("board_size", &Rules::board_size, "5 to 8.")
          .def_property_readonly(
              "first_player", [](const Rules& r) { return color_name(r.first_player); }, "'black' or 'white'.")
          .def_property_readonly(
              "black", [](const Rules& r) { return square_names(r.start[Black]); }, "Black's start squares.")
          .def_property_readonly(
              "white", [](const Rules& r) { return square_names(r.start[White]); }, "White's start squares.")
          .def_property_readonly(
              "bonus",
              [](const Rules& r) {
                std::map<std::string, int> bonus;
                for (Square s = 0; s < kSquares; ++s)
                  if (r.square_points[s]) bonus[square_name(s)] = r.square_points[s];
                return bonus;
              },
              "Bonus squares and their points, {'d4': 7, ...}.")
          .def_readonly("capture_points", &Rules::capture_points, "Points for a capture.")
          .def_readonly("connection_points", &Rules::connection_points, "Points for the side a connection counts for.")
          .def_readonly("points_decide", &Rules::points_decide,
                        "Whether points, not the connection, decide the winner.")
          .def_property_readonly(
              "simultaneous", [](const Rules& r) { return r.simultaneous == Simultaneous::Draw ? "draw" : "mover"; },
              "Who a move connecting both sides counts for: 'draw' or 'mover'.")
          .def_property_readonly(
              "no_move",
              [](const Rules& r) {
                return r.no_move == NoMoveRule::Pass ? "pass" : r.no_move == NoMoveRule::Draw ? "draw" : "lose";
              },
              "What a side with no legal move does: 'pass', 'draw' or 'lose'.")
          .def_readonly("repetition", &Rules::repetition, "The occurrence of a position that draws (0: never).")
          .def_readonly("ply_limit", &Rules::ply_limit, "Plies after which the game ends (0: no limit).")
          .def_property_readonly(
              "at_limit", [](const Rules& r) { return r.at_limit == LimitOutcome::Draw ? "draw" : "points"; },
              "What decides a game at the ply limit: 'draw' or 'points'.")
          .def_property_readonly("num_distinct_actions", &num_distinct_actions,
                                 "How many action ids these rules use (docs/library.md, 'Actions').")
          .def_property_readonly("observation_planes", &observation_planes,
                                 "The names of the observation tensor's planes, in order.")
          .def(
              "observation_tensor_shape",
              [](const Rules& r) { return py::make_tuple(observation_planes(r).size(), r.board_size, r.board_size); },
              "(planes, n, n).")
          .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; })
          .def("__ne__", [](const Rules& a, const Rules& b) { return !(a == b); })
          .def("__hash__", [](const Rules& r) { return py::int_(r.key() >> 1); })
          .def("__copy__", [](const Rules& r) { return r; })
          .def("__deepcopy__", [](const Rules& r, py::dict) { return r; })
          .def(py::pickle([](const Rules& r) { return py::make_tuple(format_variant(r), r.name); }, &rules_from_state))
          .def("__repr__", [](const Rules& r) { return "loa.Rules('" + r.name + "')"; });
  pickle_by_any_protocol(rules, "Rules");
  m.def("_rules_from_state", &rules_from_state, "Rules from its pickled state (pickle's, any protocol).");

  auto move =
      py::class_<Move>(m, "Move", "A move: origin, destination and whether it captures; or a pass.")
          .def(py::init([](const py::object& text, const py::object& game) {
                 if (!py::isinstance<py::str>(text)) throw py::type_error("text must be a str, such as 'b1-d3'");
                 return value_or_raise(parse_move(text.cast<std::string>(), game_of(game)));
               }),
               py::arg("text"), py::arg("game"),
               "The legal move of `game` written as text ('b1-d3', 'b1xd3', 'b1d3', 'pass'); ValueError otherwise.")
          .def_property_readonly(
              "from_square", [](Move mv) { return mv.is_pass() ? std::string() : square_name(mv.from()); },
              "The origin square's name ('' for a pass).")
          .def_property_readonly(
              "to_square", [](Move mv) { return mv.is_pass() ? std::string() : square_name(mv.to()); },
              "The destination square's name ('' for a pass).")
          .def_property_readonly("is_capture", &Move::is_capture, "Whether it takes a piece.")
          .def_property_readonly("is_pass", &Move::is_pass, "Whether it is a pass.")
          .def("__str__", [](Move mv) { return move_text(mv); })
          .def("__repr__", [](Move mv) { return "loa.Move('" + move_text(mv) + "')"; })
          .def("__eq__", [](Move a, Move b) { return a == b; })
          .def("__ne__", [](Move a, Move b) { return a != b; })
          .def("__hash__", [](Move mv) { return mv.raw(); })
          .def("__copy__", [](Move mv) { return mv; })
          .def("__deepcopy__", [](Move mv, py::dict) { return mv; })
          .def(py::pickle([](Move mv) { return py::make_tuple(mv.raw()); }, &move_from_state));
  pickle_by_any_protocol(move, "Move");
  m.def("_move_from_state", &move_from_state, "A Move from its pickled state (pickle's, any protocol).");
}

}  // namespace loa::python
