// loa rules: the presets, and any rules printed as variant text
// (docs/variants.md), ready to copy into a variant file and change.
#include <fmt/core.h>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/text/variant.hpp"

namespace loa::cli {

int cmd_rules(const std::vector<std::string>& args) {
  po::options_description options("rules options");
  options.add_options()("spec", po::value<std::vector<std::string>>(), "a preset or FILE[:SECTION]; repeatable");
  po::positional_options_description positional;
  positional.add("spec", -1);
  po::variables_map vm;
  if (!parse_options("rules", "[NAME | FILE[:SECTION]]...", options, args, vm, &positional)) return 0;
  if (!vm.count("spec")) {
    for (auto name : preset_names()) {
      const Rules r = *preset(name);
      fmt::print("{:<10} {}x{}  {}\n", name, r.board_size, r.board_size, r.description);
    }
    fmt::print("\n'loa rules NAME' prints a preset as variant text; a variant file is read as FILE or FILE:SECTION.\n");
    return 0;
  }
  bool first = true;
  for (const std::string& spec : vm["spec"].as<std::vector<std::string>>()) {
    const auto rules = load_rules(spec);
    if (!rules) throw UsageError{"rules: " + rules.error()};
    fmt::print("{}{}", first ? "" : "\n", format_variant(*rules));
    first = false;
  }
  return 0;
}

}  // namespace loa::cli
