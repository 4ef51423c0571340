"""python3 -m loa.train: positions from self-play, and a network trained on them (docs/training.md).

  python3 -m loa.train generate OUT [--rules olympiad] [--games N] [--nodes N] [--threads N] ...
  python3 -m loa.train fit DATA... --output NET [--hidden 256] [--epochs 8] [--curves loss.svg] [--seed 1]

Bad input exits with one line on stderr and code 2.
"""
import argparse
import sys

from . import generate
from .nnue import fit


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m loa.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    g = commands.add_parser("generate", help="self-play positions (as loa datagen)")
    g.add_argument("output")
    g.add_argument("--rules", default="olympiad")
    g.add_argument("--games", type=int, default=1000)
    g.add_argument("--nodes", type=int, default=5000)
    g.add_argument("--opening-plies", type=int, default=8)
    g.add_argument("--max-plies", type=int, default=300)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--threads", type=int, default=None)
    f = commands.add_parser("fit", help="train a network on positions files")
    f.add_argument("data", nargs="+")
    f.add_argument("--output", "-o", required=True, help="the network file to write")
    f.add_argument("--hidden", type=int, default=256, help="hidden units a view (1 to 1024)")
    f.add_argument("--epochs", type=int, default=8)
    f.add_argument("--batch", type=int, default=16384)
    f.add_argument("--lr", type=float, default=0.002)
    f.add_argument("--lam", type=float, default=0.75, help="weight of the search's score against the result")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--max-positions", type=int, default=None)
    f.add_argument("--curves", help="write the loss curves to this SVG file")
    args = parser.parse_args(argv)
    try:
        if args.command == "generate":
            r = generate(args.output, args.rules, games=args.games, nodes=args.nodes,
                         opening_plies=args.opening_plies, max_plies=args.max_plies, seed=args.seed,
                         threads=args.threads, progress=True)
            print(f"{args.output}: {r['games_done']} games ({r['games_resumed']} there before), {r['positions']} "
                  f"positions written in {r['seconds']:.1f} s")
        else:
            if not 1 <= args.hidden <= 1024 or args.epochs < 1 or args.batch < 1 or not 0 <= args.lam <= 1:
                raise ValueError("--hidden must lie in 1..1024, --epochs and --batch be positive, --lam in 0..1")
            r = fit(args.data, args.output, hidden=args.hidden, epochs=args.epochs, batch=args.batch, lr=args.lr,
                    lam=args.lam, seed=args.seed, max_positions=args.max_positions, curves=args.curves,
                    progress=True)
            print(f"{args.output}: {r['positions']} positions ({r['validation_positions']} apart), scale "
                  f"{r['scale']}, validation loss {r['validation'][-1]:.5f}, {r['seconds']:.0f} s")
    except (ValueError, OSError) as e:
        print(f"python3 -m loa.train: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("python3 -m loa.train: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
