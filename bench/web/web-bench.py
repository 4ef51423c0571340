#!/usr/bin/env python3
"""The engine's speed in a browser: `loa bench`'s positions searched by the WebAssembly engine of the static
page (build/loa-web, in headless Chromium, on the page's main thread as in its Web Worker: one thread), against
the native build. The node counts must agree exactly (the same deterministic search); nodes a second are what
differ. A script, not a test: figures in docs/benchmarks.md.

usage: bench/web/web-bench.py [--loa build/bin/loa] [--web build/loa-web] [--depth 9] [--runs 3]
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "frontends", "web"))
import serve_browser  # noqa: E402  (its static server and headless Chromium)

SEARCH = """
const [positions, depth, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
LoaModule().then((m) => {
  globalThis.postMessage = () => {};  // the worker's info messages: nobody listens here
  const searcher = m._loa_searcher_new(16);
  const search = m.cwrap("loa_search", "string", ["number", "string", "string"]);
  let nodes = 0;
  const t0 = performance.now();
  for (const [rules, position] of positions) {
    const record = `[Rules "${rules}"]\\n[Start "${position}"]\\n\\n*\\n`;
    const r = JSON.parse(search(searcher, record, JSON.stringify({depth, movetime_ms: 0, nodes: 0, new_game: true})));
    if (r.error) return done({error: r.error});
    nodes += r.search.nodes;
  }
  done({nodes, ms: performance.now() - t0});
}).catch((e) => done({error: String(e)}));
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--web", default="build/loa-web")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    positions = [line.split("\t") for line in
                 subprocess.run([args.loa, "bench", "--list"], capture_output=True, text=True, check=True).stdout
                 .splitlines()]
    server, base = serve_browser.start_static(args.web)
    driver = serve_browser.browser()
    driver.set_script_timeout(600)
    try:
        driver.get(base)
        for run in range(args.runs):
            native = subprocess.run([args.loa, "bench", "--depth", str(args.depth)], capture_output=True, text=True,
                                    check=True).stdout
            native_nodes = int(re.search(r"Nodes searched: (\d+)", native).group(1))
            native_nps = int(re.search(r"Nodes/second: (\d+)", native).group(1))
            web = driver.execute_async_script(SEARCH, positions, args.depth)
            if "error" in web:
                print(f"web-bench: {web['error']}")
                return 1
            web_nps = web["nodes"] / (web["ms"] / 1000)
            print(f"run {run + 1}: native {native_nodes} nodes, {native_nps / 1e6:.2f} M nodes/s; "
                  f"browser {web['nodes']} nodes, {web_nps / 1e6:.2f} M nodes/s ({web_nps / native_nps:.0%})"
                  + ("" if web["nodes"] == native_nodes else "  NODE COUNTS DIFFER"))
    finally:
        driver.quit()
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
