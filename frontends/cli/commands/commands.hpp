// The loa subcommands, each in a file of its own.
#pragma once

#include <string>
#include <vector>

namespace loa::cli {

int cmd_analyse(const std::vector<std::string>& args);
int cmd_bench(const std::vector<std::string>& args);
int cmd_categories(const std::vector<std::string>& args);
int cmd_datagen(const std::vector<std::string>& args);
int cmd_demo(const std::vector<std::string>& args);
int cmd_match(const std::vector<std::string>& args);
int cmd_match_merge(const std::vector<std::string>& args);
int cmd_perft(const std::vector<std::string>& args);
int cmd_play(const std::vector<std::string>& args);
int cmd_records(const std::vector<std::string>& args);
int cmd_referee(const std::vector<std::string>& args);
int cmd_rules(const std::vector<std::string>& args);
int cmd_serve(const std::vector<std::string>& args);
int cmd_show(const std::vector<std::string>& args);
int cmd_solve(const std::vector<std::string>& args);
int cmd_tune(const std::vector<std::string>& args);
int cmd_ugi(const std::vector<std::string>& args);
int cmd_verify_proof(const std::vector<std::string>& args);

}  // namespace loa::cli
