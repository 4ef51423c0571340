"""What test_cluster.py and test_split_solve.py share: the environment of the processes they start, and 5x5
positions."""
import os

import loa

ENV = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(loa.__file__)))

# 5x5, white to move: a draw (both sides can go round, tests/libloa/support/helpers.hpp five_drawn_by_going_round). Each
# side's "wins or draws" is about 30,000 (black) and 57,000 (white) nodes: a 1 MiB job leaves white's unknown.
DRAWN = ["d5-d3", "a4-a1", "b1-b3", "a3xc5", "b3-d5", "a2-c4", "d1-d4"]


def cluster_module():
    """loa.cluster, imported when a test runs: a Python without Dask still collects the tests."""
    from loa import cluster as module
    return module
