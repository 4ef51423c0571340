#!/usr/bin/env python3
"""Checks that the sample session in docs/protocols.md is made of runs of
lines that stand, as they are, in the golden transcript it cites.

    doc_sample.py DOC GOLDEN
"""
import re
import sys


def main():
    doc, golden = (open(p).read() for p in sys.argv[1:3])
    section = doc[doc.index("### Sample session") :]
    sample = re.search(r"```\n(.*?)```", section, re.S).group(1).rstrip("\n")
    golden_text = "\n" + golden.rstrip("\n") + "\n"
    runs = [run.strip("\n") for run in sample.split("\n...\n")]
    for run in runs:
        if "\n" + run + "\n" not in golden_text:
            print(f"doc_sample.py: this part of the sample is not in {sys.argv[2]}:\n{run}")
            sys.exit(1)
    print(f"doc_sample.py: {len(runs)} runs of the sample stand in the golden transcript")


if __name__ == "__main__":
    main()
