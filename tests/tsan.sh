#!/usr/bin/env bash
# tsan.sh: builds the tests and the command line with ThreadSanitizer and runs
# what uses threads: the threaded search and the shared transposition table
# (GoogleTest), `loa ugi` with two search threads, a two-thread bench, and
# `loa serve` under the hostile suite (engine threads answering through the
# server's loop, searches cancelled by clients that leave). Any
# report of a data race fails it (TSan exits 66).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
LOA_VARIANT=tsan "$root/scripts/build.sh" --target loa_tests loa_cli
bin="$root/build-tsan/bin"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
"$bin/loa_tests" --gtest_brief=1 --gtest_filter='Threads.*:TranspositionTable.*:Search.Stop*:Search.AStop*'
python3 "$root/tests/frontends/cli/ugi_behaviour.py" "$bin/loa"
"$bin/loa" bench --threads 2 --depth 6 | tail -3
"$bin/loa" analyse --threads 3 --movetime 500 --moves "b1-d3" | tail -1
python3 "$root/tests/frontends/web/serve_hostile.py" "$bin/loa"
echo "tsan.sh: no data race"
