#!/usr/bin/env python3
"""Runs a command and checks all of it: the exit code, the whole of stdout
against a regular expression (it must match from the first character to the
last), and stderr (never a sanitizer report; empty unless allowed).

    cli_check.py [--exit N] [--stdin TEXT] [--allow-stderr] REGEX -- COMMAND [ARGS...]
"""
import re
import subprocess
import sys

SANITIZER = re.compile(r"Sanitizer|runtime error:|LeakSanitizer|==\d+==ERROR")


def main():
    args = sys.argv[1:]
    split = args.index("--")
    options, command = args[:split], args[split + 1 :]
    want_exit, stdin, allow_stderr = 0, "", False
    while len(options) > 1:
        flag = options.pop(0)
        if flag == "--exit":
            want_exit = int(options.pop(0))
        elif flag == "--stdin":
            stdin = options.pop(0).encode().decode("unicode_escape")
        elif flag == "--allow-stderr":
            allow_stderr = True
        else:
            sys.exit(f"cli_check.py: unknown option {flag}")
    pattern = options[0]
    run = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600)
    problems = []
    if run.returncode != want_exit:
        problems.append(f"exit code {run.returncode}, expected {want_exit}")
    if not re.fullmatch(pattern, run.stdout, re.S if "(?s)" in pattern else 0):
        problems.append(f"stdout does not match, as a whole, {pattern!r}")
    if SANITIZER.search(run.stderr):
        problems.append("a sanitizer report on stderr")
    elif run.stderr and not allow_stderr:
        problems.append("unexpected output on stderr")
    if problems:
        print("cli_check.py: " + "; ".join(problems))
        print("--- stdout\n" + run.stdout + "--- stderr\n" + run.stderr)
        sys.exit(1)
    print("cli_check.py: exit code, stdout and stderr as expected")


if __name__ == "__main__":
    main()
