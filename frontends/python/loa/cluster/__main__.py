"""python3 -m loa.cluster: the command line of loa.cluster (loa/cluster/cli.py)."""
import sys

# The jobs are functions of loa.cluster's modules (loa.cluster.jobs.solve_job), which pickle by reference
# and which every worker imports; nothing the workers run is defined here, in __main__.
from loa.cluster.cli import main

sys.exit(main())
