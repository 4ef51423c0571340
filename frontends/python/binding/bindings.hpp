// What the binding files of `import loa` share: argument checks that name
// the argument and its range (never pybind11's signature dump), the library's
// errors as ValueError, and long calls that release the GIL and stop on
// Ctrl-C. Each bind_*.cpp adds one part of the module.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <variant>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/game/rules.hpp"

namespace loa::python {

namespace py = pybind11;

template <class T>
T value_or_raise(Expected<T> e) {
  if (!e) throw py::value_error(e.error());
  return std::move(e).value();
}

// A whole number for `name` within lo..hi: TypeError for anything that is
// not an int (a float, a string; bool too), ValueError outside the range.
long long int_arg(const py::handle& value, const char* name, long long lo, long long hi);
// The same, None giving nothing.
std::optional<long long> optional_int_arg(const py::handle& value, const char* name, long long lo, long long hi);

std::string color_name(Color c);

// The name of a value's type, for TypeError messages ("float", "NoneType").
std::string type_name(const py::handle& value);

// Rules given as a Rules value or by name (a preset or FILE:SECTION);
// TypeError for anything else.
Rules rules_of(const py::handle& arg);
// The Game an argument holds; TypeError naming the argument otherwise.
const Game& game_of(const py::handle& arg, const char* name = "game");

// Runs `work` on another thread with the GIL released, looking for Ctrl-C
// (or any signal Python handles) every 50 ms; on one, calls `stop`, waits for
// `work` to return and raises the signal's exception (KeyboardInterrupt).
template <class Work>
auto run_interruptibly(Work work, const std::function<void()>& stop) -> decltype(work()) {
  auto result = std::async(std::launch::async, std::move(work));
  for (;;) {
    {
      py::gil_scoped_release release;
      if (result.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) {
      stop();
      {
        py::gil_scoped_release release;
        result.wait();
      }
      throw py::error_already_set();
    }
  }
  return result.get();
}

// Pickling by every protocol: __reduce_ex__ gives (loa._pickling.restore, (KIND, state)), the state being what
// __getstate__ (py::pickle) gives; restore calls the module's _KIND_from_state (kind "Game": _game_from_state).
// pybind11's own support works from protocol 2 up; 0 and 1 went through copyreg and aborted the interpreter.
// The function pickle names is Python's: one of the compiled module cannot be pickled by name.
template <class Class>
void pickle_by_any_protocol(Class& cls, const char* kind) {
  const auto reduce = [kind](const py::object& self) {
    return py::make_tuple(py::module_::import("loa._pickling").attr("restore"),
                          py::make_tuple(kind, self.attr("__getstate__")()));
  };
  cls.def(
      "__reduce_ex__", [reduce](const py::object& self, const py::object&) { return reduce(self); },
      py::arg("protocol"));
  cls.def("__reduce__", reduce);
}

// Refuses every pickle protocol with a TypeError that says why, and what to do instead.
template <class Class>
void refuse_pickle(Class& cls, const std::string& why) {
  cls.def(
      "__reduce_ex__", [why](const py::object&, const py::object&) -> py::object { throw py::type_error(why); },
      py::arg("protocol"));
  cls.def("__reduce__", [why](const py::object&) -> py::object { throw py::type_error(why); });
}

void bind_rules(py::module_& m);
void bind_game(py::module_& m);
void bind_engine(py::module_& m);
void bind_match(py::module_& m);
void bind_batch(py::module_& m);
void bind_training(py::module_& m);

}  // namespace loa::python
