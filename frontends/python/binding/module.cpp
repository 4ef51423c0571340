// loa._core, the compiled part of `import loa`: a thin adapter over the C++
// library (every rule, notation and search decision is the library's).
// The package's __init__.py re-exports it with a few pure-Python helpers;
// docs/library.md shows its use.
#include "bindings.hpp"
#include "loa/text/variant.hpp"

namespace loa::python {

std::string type_name(const py::handle& value) { return py::str(value.get_type().attr("__name__")); }

long long int_arg(const py::handle& value, const char* name, long long lo, long long hi) {
  // An int, or anything that says it is one through __index__ (numpy's integers: np.random.choice over
  // legal_actions() gives an np.int64); never a bool (Python's or numpy's), a float or a string. A plain
  // int, the common case of every call, is taken without looking at its type's name.
  py::object integer;
  if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
    integer = py::reinterpret_borrow<py::object>(value);
  } else {
    const std::string type = type_name(value);
    PyObject* index = type == "bool" || type == "bool_" ? nullptr : PyNumber_Index(value.ptr());
    if (index == nullptr) {
      PyErr_Clear();
      throw py::type_error(std::string(name) + " must be an int, not " + type);
    }
    integer = py::reinterpret_steal<py::object>(index);
  }
  long long v = 0;
  try {
    v = integer.cast<long long>();
  } catch (const py::cast_error&) {
    // Beyond 64 bits: out of range either way.
    v = integer.attr("__gt__")(0).cast<bool>() ? hi + 1 : lo - 1;
  }
  if (v < lo || v > hi)
    throw py::value_error(std::string(name) + " must lie in " + std::to_string(lo) + ".." + std::to_string(hi) +
                          ", not " + std::string(py::str(integer)));
  return v;
}

std::optional<long long> optional_int_arg(const py::handle& value, const char* name, long long lo, long long hi) {
  if (value.is_none()) return std::nullopt;
  return int_arg(value, name, lo, hi);
}

std::string color_name(Color c) { return c == Black ? "black" : "white"; }

Rules rules_of(const py::handle& arg) {
  if (py::isinstance<Rules>(arg)) return arg.cast<Rules>();
  if (py::isinstance<py::str>(arg)) return value_or_raise(load_rules(arg.cast<std::string>()));
  throw py::type_error("rules must be a loa.Rules or a str (a preset or FILE:SECTION), not " + type_name(arg));
}

const Game& game_of(const py::handle& arg, const char* name) {
  if (!py::isinstance<Game>(arg))
    throw py::type_error(std::string(name) + " must be a loa.Game, not " + type_name(arg));
  return arg.cast<const Game&>();
}

}  // namespace loa::python

PYBIND11_MODULE(_core, m) {
  m.doc() = "libloa: Lines of Action and its variants: rules as data, move generation, search, solver.";
  // numpy's C API, made ready now, while one thread imports the module: made on first use, inside a
  // function-local static, it deadlocked two threads that asked for their first arrays at once (one held
  // the static's lock and waited for the GIL, the other the reverse). Without numpy the package still
  // imports; only its arrays need it.
  try {
    pybind11::module_::import("numpy");
    pybind11::detail::npy_api::get();
  } catch (const pybind11::error_already_set&) {
  }
  m.attr("__version__") = LOA_VERSION;
  loa::python::bind_rules(m);
  loa::python::bind_game(m);
  loa::python::bind_engine(m);
  loa::python::bind_match(m);
  loa::python::bind_batch(m);
  loa::python::bind_training(m);
}
