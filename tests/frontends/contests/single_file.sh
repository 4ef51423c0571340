#!/usr/bin/env bash
# single_file.sh PROTOCOL LOA: writes the contest front-end as one source
# file, compiles it the way judges do (g++ -std=c++20 FILE -lm, no
# optimisation; CodinGame's entry as C++17 with g++ 11), and plays games
# through the protocol's referee.
set -euo pipefail
protocol="$1"; loa="$2"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# CodinGame limits a submission to 100,000 characters: the compact form.
compact=(); [ "$protocol" = codingame ] && compact=(--compact)
python3 "$root/frontends/contests/single_file.py" "${compact[@]}" "$protocol" "$work/$protocol.cpp"
if [ "$protocol" = codingame ]; then
  chars=$(wc -m <"$work/$protocol.cpp")
  [ "$chars" -lt 100000 ] || { echo "CodinGame source is $chars characters, over 100,000"; exit 1; }
fi
if [ "$protocol" = codingame ]; then
  # As the arena compiles it: g++ 11 in C++17 mode, its flags and libraries
  # (docs/contests.md); g++-11 is Debian's 11.3 (scripts/setup.sh installs it).
  g++-11 -std=gnu++17 -Werror=return-type -g -pthread "$work/$protocol.cpp" -o "$work/$protocol" -lm -lpthread -ldl -lcrypt
  standard=c++17
else
  g++ -std=c++20 "$work/$protocol.cpp" -lm -o "$work/$protocol"
  standard=c++20
fi
# Some judges use clang, whose constexpr limits are tighter: it must compile too.
clang++ -std=$standard "$work/$protocol.cpp" -lm -o "$work/$protocol-clang"
size=$(stat -c %s "$work/$protocol")
echo "$protocol: $(wc -l <"$work/$protocol.cpp") lines, binary $size bytes"
case "$protocol" in
  potm)
    [ "$size" -lt 500000 ] || { echo "POTM entry over 500,000 bytes"; exit 1; }
    "$loa" referee potm "$work/potm" builtin:greedy --clock 6 ;;
  kattis) "$loa" referee kattis "$work/kattis" --games 4 --seed 3 ;;
  # Beside other tests (and in the sanitizer-free but slower CI), the arena's
  # 150 ms would make this a timing test; the time limits are measured with the full build (docs/contests.md).
  codingame) "$loa" referee codingame "$work/codingame" --games 2 --seed 3 --first-turn-ms 3000 --turn-ms 600 ;;
  votey) LOA_VOTEY_MS=50 "$loa" referee votey "$work/votey" builtin:random --games 2 ;;
  showdown) "$loa" referee showdown "$work/showdown" builtin:racer builtin:zapper builtin:waller ;;
esac
