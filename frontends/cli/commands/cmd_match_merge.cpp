// loa match-merge: adds up the results files of a match's shards, checking
// that they belong to one match and that no shard is counted twice.
#include <fmt/core.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/play/match.hpp"

namespace loa::cli {

int cmd_match_merge(const std::vector<std::string>& args) {
  po::options_description options("match-merge options");
  options.add_options()("files", po::value<std::vector<std::string>>()->required(), "results files of the shards")(
      "sprt", po::value<std::string>(), "report the SPRT elo0,elo1[,alpha,beta] on the totals");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options("match-merge", "FILE... [--sprt elo0,elo1[,alpha,beta]]", options, args, vm, &positional))
    return 0;
  MatchStats total;
  std::map<std::string, std::string> match;  // what every shard must agree on
  std::set<std::string> shards;
  int shard_count = 0;
  for (const std::string& path : vm["files"].as<std::vector<std::string>>()) {
    std::ifstream in(path);
    if (!in) throw UsageError{"match-merge: cannot read " + path};
    std::map<std::string, std::string> fields;
    std::string line;
    if (!std::getline(in, line) || line != "loa-match-results 1")
      throw UsageError{"match-merge: " + path + " is not a loa match results file"};
    while (std::getline(in, line)) {
      const auto space = line.find(' ');
      if (space != std::string::npos) fields[line.substr(0, space)] = line.substr(space + 1);
    }
    for (const char* key : {"rules", "first", "second", "seed", "pairs"}) {
      if (!fields.count(key)) throw UsageError{"match-merge: " + path + " has no " + key};
      if (match.count(key) && match[key] != fields[key])
        throw UsageError{"match-merge: " + path + " is from another match (" + key + " differs)"};
      match[key] = fields[key];
    }
    if (!shards.insert(fields["shard"]).second)
      throw UsageError{"match-merge: shard " + fields["shard"] + " given twice"};
    shard_count = std::stoi(fields["shard"].substr(fields["shard"].find('/') + 1));
    try {
      total.wins += std::stoi(fields.at("wins"));
      total.losses += std::stoi(fields.at("losses"));
      total.draws += std::stoi(fields.at("draws"));
    } catch (const std::exception&) {
      throw UsageError{"match-merge: " + path + " has unreadable totals"};
    }
  }
  std::optional<Sprt> sprt;
  if (vm.count("sprt")) sprt = parse_sprt("match-merge", vm["sprt"].as<std::string>());
  print_match_summary(fmt::format("{} vs {} under {}, {} of {} shards", match["first"], match["second"], match["rules"],
                                  shards.size(), shard_count),
                      total, sprt);
  return 0;
}

}  // namespace loa::cli
