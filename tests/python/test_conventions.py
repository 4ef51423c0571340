"""The conventions researchers know: OpenSpiel's State methods on loa.Game
(integer actions, masks, returns, observation tensors), values that pickle
and hash, the batched environment's arrays, errors that name the argument,
and Ctrl-C during long calls."""
import copy
import os
import pickle
import random
import re
import signal
import threading
import time

import numpy as np
import pytest

import loa
import loa.env

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
PRESETS = loa.Rules.presets()


def random_game(rules, seed, plies=400):
    """A game of random moves, and the action ids played."""
    rng = random.Random(seed)
    game = loa.Game(rules)
    while not game.is_terminal() and game.ply < plies:
        game.apply_action(rng.choice(game.legal_actions()))
    return game


def test_version_is_the_cmake_projects():
    cmake = open(os.path.join(SOURCE, "CMakeLists.txt")).read()
    assert loa.__version__ == re.search(r"project\(libloa VERSION ([0-9.]+)", cmake).group(1)


@pytest.mark.parametrize("name", PRESETS)
def test_actions_are_the_legal_moves(name):
    rules = loa.Rules(name)
    n = rules.board_size
    assert rules.num_distinct_actions == 2 * n**4 + (1 if rules.no_move == "pass" else 0)
    rng = random.Random(3)
    game = loa.Game(rules)
    while not game.is_terminal() and game.ply < 200:
        actions = game.legal_actions()
        assert actions == sorted(actions) and len(actions) == len(game.legal_moves())
        mask = game.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (rules.num_distinct_actions,)
        assert list(np.flatnonzero(mask)) == actions
        assert game.legal_actions_mask() == [int(x) for x in mask], "OpenSpiel's list form"
        # Each id names its move: as text, back to the id, and as the move played.
        texts = {str(m) for m in game.legal_moves()}
        assert {game.action_to_string(a) for a in actions} == texts
        assert all(game.string_to_action(game.action_to_string(a)) == a for a in actions)
        assert game.current_player() == (0 if game.side_to_move == "black" else 1)
        assert game.rewards() == [0.0, 0.0] and game.returns() == [0.0, 0.0]
        game.apply_action(rng.choice(actions))
    if game.is_terminal():
        assert game.current_player() == -4 and game.legal_actions() == []
        winner = game.outcome()["winner"]
        expected = {"black": [1.0, -1.0], "white": [-1.0, 1.0], None: [0.0, 0.0]}[winner]
        assert game.returns() == expected and game.rewards() == expected


def test_action_ids_follow_openspiel_on_8x8():
    game = loa.Game("olympiad")
    # b1-b3: from (rank 0, file 1) to (rank 2, file 1), no capture.
    assert game.string_to_action("b1-b3") == (((0 * 8 + 1) * 8 + 2) * 8 + 1) * 2
    assert game.action_to_string(game.string_to_action("b1-b3")) == "b1-b3"
    assert game.action_to_string(0, game.string_to_action("b1-b3")) == "b1-b3", "the (player, action) form"
    capture = loa.Game.from_position("olympiad", "7b/8/8/8/8/8/b1w5/7w b")
    assert capture.action_to_string(capture.string_to_action("a2xc2")) == "a2xc2"
    assert capture.string_to_action("a2xc2") % 2 == 1


def test_clone_history_and_apply_action_errors():
    game = random_game("six", seed=5, plies=10)
    twin = game.clone()
    assert twin.history() == game.history() and twin.move_number() == 10
    twin.apply_action(twin.legal_actions()[0])
    assert twin.move_number() == 11 and game.move_number() == 10
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in set(game.legal_actions()))
    with pytest.raises(ValueError, match="not legal here"):
        game.apply_action(illegal)
    with pytest.raises(ValueError, match="action must lie in"):
        game.apply_action(-1)
    with pytest.raises(TypeError, match="action must be an int, not float"):
        game.apply_action(1.0)
    with pytest.raises(ValueError, match="player must lie in 0..1"):
        game.legal_actions(2)


def test_observation_planes_hold_the_rules_features():
    assert loa.Rules("olympiad").observation_planes == ["black", "white", "empty", "black_to_move", "repetitions"]
    assert loa.Rules("kattis").observation_planes == ["black", "white", "empty", "black_to_move", "plies_left"]
    loaps = loa.Rules("loaps")
    assert loaps.observation_planes == ["black", "white", "empty", "black_to_move", "bonus_points",
                                        "black_points", "white_points", "plies_left"]
    game = loa.Game.from_position("loaps", "7/5w1/7/6w/1b5/7/b6 b 0 4 9")
    tensor = game.observation_tensor().reshape(game.observation_tensor_shape())
    planes = dict(zip(loaps.observation_planes, tensor))
    assert planes["black"][0, 0] == 1 and planes["black"][2, 1] == 1 and planes["black"].sum() == 2
    assert planes["white"][5, 5] == 1 and planes["empty"].sum() == 49 - 4
    assert planes["bonus_points"][3, 3] == 7 and planes["bonus_points"][1, 1] == 3
    assert (planes["black_points"] == 4).all() and (planes["white_points"] == 9).all()
    assert (planes["plies_left"] == 100).all() and (planes["black_to_move"] == 1).all()
    # The repetition count: the start again after four plies is its second occurrence.
    game = loa.Game("olympiad")
    for move in ["b1-b3", "a2-c2", "b3-b1", "c2-a2"]:
        game.play(move)
    tensor = game.observation_tensor().reshape(game.observation_tensor_shape())
    assert (tensor[4] == 2).all()


def test_values_pickle_copy_and_hash():
    game = random_game("loaps", seed=9, plies=15)
    for other in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert other.history() == game.history() and other.position_text() == game.position_text()
        assert other.points == game.points and other.rules == game.rules
    custom = loa.Rules.from_text("[pinned6 : six]\nno_move = lose\nply_limit = 60\n")
    assert pickle.loads(pickle.dumps(custom)) == custom and copy.deepcopy(custom) == custom
    assert hash(loa.Rules("six")) == hash(loa.Rules("six")) and len({loa.Rules("six"), loa.Rules("six"), custom}) == 2
    assert loa.Rules("six") != custom
    # A game from a position of its own pickles with that root: loads() does not start from the rules' start.
    rooted = loa.Game.from_position("six", "1bbbb1/w4w/w2b1w/w4w/w4w/1bb1b1 w")
    rooted.play(rooted.legal_moves()[0])
    again = pickle.loads(pickle.dumps(rooted))
    assert again.position_text() == rooted.position_text() and again.history() == rooted.history()
    again.undo()
    assert again.position_text().split()[:2] == ["1bbbb1/w4w/w2b1w/w4w/w4w/1bb1b1", "w"], again.position_text()
    move = loa.Move("b1-d3", loa.Game())
    assert pickle.loads(pickle.dumps(move)) == move and str(move) == "b1-d3"
    with pytest.raises(ValueError):
        loa.Move("b1-b9", loa.Game())


def test_random_playout_counts_as_stepping_does():
    # random_playout is random_actions then step, in C++: its counts are what stepping the same games from
    # Python counts (black's and white's wins apart, which a swapped reward would exchange).
    played, stepped = loa.env.BatchEnv("five", 64, seed=5), loa.env.BatchEnv("five", 64, seed=5)
    counts = played.random_playout(300)
    black = white = draws = 0
    for _ in range(300):
        stepped.step(stepped.random_actions())
        over = stepped.terminated.astype(bool)
        black += int((over & (stepped.rewards[:, 0] > 0)).sum())
        white += int((over & (stepped.rewards[:, 1] > 0)).sum())
        draws += int((over & (stepped.rewards[:, 0] == 0)).sum())
    assert (counts["black_wins"], counts["white_wins"], counts["draws"]) == (black, white, draws), counts
    assert black != white and black + white > 0, counts


def test_batch_env_steps_like_single_games():
    env = loa.env.BatchEnv("six", 8, seed=4)
    obs, mask = env.reset()
    assert obs.shape == (8, 5, 6, 6) and obs.dtype == np.float32 and mask.shape == (8, 2 * 6**4 + 1)
    games = [loa.Game("six") for _ in range(8)]
    finished = 0
    for _ in range(300):
        actions = env.random_actions()
        assert all(mask[i, a] for i, a in enumerate(actions))
        obs, rewards, terminated, truncated, mask = env.step(actions)
        assert np.shares_memory(obs, env.observation), "the arrays are the environment's own"
        for i, game in enumerate(games):
            game.apply_action(int(actions[i]))
            assert terminated[i] == game.is_terminal() and not truncated[i]
            assert list(rewards[i]) == (game.returns() if game.is_terminal() else [0.0, 0.0])
            if game.is_terminal():
                finished += 1
                games[i] = game = loa.Game("six")  # auto-reset: the new game's observation and mask
            assert (obs[i].ravel() == game.observation_tensor()).all()
            assert list(np.flatnonzero(mask[i])) == game.legal_actions()
    assert finished > 0


def test_batch_env_truncates_seeds_and_refuses_bad_actions():
    env = loa.env.BatchEnv("olympiad", 4, seed=1, max_plies=10)
    for step in range(10):
        _, _, terminated, truncated, _ = env.step(env.random_actions())
    # Started again: every game's observation and mask are the start's (after ten plies the side to move is
    # black either way, so that alone would not tell).
    start = loa.env.BatchEnv("olympiad", 1)
    assert truncated.all() and not terminated.any()
    assert (env.observation == start.observation[0]).all() and (env.action_mask == start.action_mask[0]).all()
    a, b = loa.env.BatchEnv("five", 16, seed=7), loa.env.BatchEnv("five", 16, seed=7)
    assert a.random_playout(200) == b.random_playout(200)
    actions = env.random_actions()
    actions[2] = 0
    with pytest.raises(ValueError, match="game 2: action 0 is not legal here"):
        env.step(actions)
    with pytest.raises(ValueError, match="1-d array of num_envs"):
        env.step(np.zeros(3, dtype=np.int32))
    with pytest.raises(ValueError, match="num_envs must lie in"):
        loa.env.BatchEnv("six", 0)


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: loa.Engine().search(loa.Game(), nodes=0), ValueError, "nodes must lie in 1.."),
        (lambda: loa.Engine().search(loa.Game(), nodes=-5), ValueError, "nodes must lie in 1.."),
        (lambda: loa.Engine().search(loa.Game(), movetime_ms=1.5), TypeError, "movetime_ms must be an int, not float"),
        (lambda: loa.Engine(hash_mb=2**40), ValueError, "hash_mb must lie in 1..65536"),
        (lambda: loa.Engine(hash_mb=2**80), ValueError, "hash_mb must lie in 1..65536"),
        (lambda: loa.Engine(threads="2"), TypeError, "threads must be an int, not str"),
        (lambda: loa.solve(loa.Game("six"), nodes=0), ValueError, "nodes must lie in 1.."),
        (lambda: loa.solve(loa.Game("six"), time_s="1"), TypeError, "time_s must be a number"),
        (lambda: loa.Game().perft(True), TypeError, "depth must be an int, not bool"),
        (lambda: loa.verify_proof(42), TypeError, "a proof is given as text, a path or bytes"),
        (lambda: loa.verify_proof("/nonexistent/proof.gz"), ValueError, "no proof file"),
        (lambda: loa.verify_proof(b"\x1f\x8b\x08garbage"), ValueError, "gzip proof cannot be read"),
        (lambda: loa.Game(42), TypeError, "rules must be a loa.Rules or a str"),
        (lambda: loa.Game("six").play(42), TypeError, "move must be a str or a loa.Move, not int"),
        (lambda: loa.Rules(6), TypeError, "spec must be a str"),
        (lambda: loa.Engine().search("six"), TypeError, "game must be a loa.Game, not str"),
        (lambda: loa.solve(None), TypeError, "game must be a loa.Game, not NoneType"),
        (lambda: loa.Move(1, loa.Game()), TypeError, "text must be a str"),
        (lambda: loa.env.BatchEnv("six", 2).step(np.array([1.5, 2.5])), TypeError,
         "array of int action ids, not an array of float64"),
        (lambda: loa.env.BatchEnv("six", 2).step(None), TypeError, "array of int action ids"),
    ],
)
def test_bad_arguments_name_themselves(call, error, message):
    with pytest.raises(error, match=message) as raised:
        call()
    assert "\n" not in str(raised.value), "one line, not pybind11's list of signatures"


def test_proofs_as_text_path_or_gzip(tmp_path):
    import gzip
    text = loa.solve(loa.Game.from_position("six", "6/1b1b2/6/1w4/3b2/w4w b"), proof=True)["proof"]
    assert text
    (tmp_path / "p.proof").write_text(text)
    (tmp_path / "p.proof.gz").write_bytes(gzip.compress(text.encode()))
    expected = loa.verify_proof(text)
    for source in (str(tmp_path / "p.proof"), tmp_path / "p.proof.gz", gzip.compress(text.encode()), text.encode()):
        assert loa.verify_proof(source) == expected
        assert loa.Engine().use_proofs(source) >= 1


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: signal.pthread_kill(threading.main_thread().ident, signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize(
    "call",
    [
        lambda: loa.Engine().search(loa.Game(), movetime_ms=60000),
        lambda: loa.solve(loa.Game(), time_s=60),
        lambda: loa.env.BatchEnv("olympiad", 1024, seed=1).random_playout(10**9),
    ],
    ids=["search", "solve", "batch"],
)
def test_ctrl_c_interrupts_long_calls(call):
    interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        call()
    assert time.monotonic() - start < 0.3 + 0.5
    # The engine searches again afterwards.
    assert loa.Engine().search(loa.Game("six"), depth=2)["best"] is not None


def public_names():
    """Every name loa exports, every public attribute of its classes, and loa.env.aec's names."""
    from loa.env import aec

    def members(prefix, obj):
        yield prefix, obj
        if isinstance(obj, type):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and (callable(member) or isinstance(member, property)):
                    yield f"{prefix}.{attr}", member

    import loa.cluster

    for module in (loa, loa.env, loa.cluster, loa.train):
        for name in module.__all__:
            if name != "__version__":
                yield from members(f"{module.__name__}.{name}", getattr(module, name))
    for name in ("env", "LoaEnv", "Discrete", "Box", "DictSpace"):
        yield from members(f"loa.env.aec.{name}", getattr(aec, name))


def test_the_public_face_is_all_and_the_subpackages():
    # dir(loa) once listed Union, annotations, gzip and os: every public name is in __all__ (or a subpackage).
    import loa.cluster  # noqa: F401 - its attribute on loa is a subpackage, not a public name of the face
    import loa.train  # noqa: F401

    public = {name for name in dir(loa) if not name.startswith("_")}
    assert public == set(loa.__all__) - {"__version__"} | {"env", "cluster", "train"}, public
    for module in (loa.env, loa.cluster, loa.train):
        assert {n for n in dir(module) if not n.startswith("_")} >= set(module.__all__), module
    # A method of a compiled class is the binding's, not patched on by the package's Python.
    assert type(loa.Engine.__dict__["use_proofs"]).__name__ == "instancemethod"
    with pytest.raises(AttributeError, match="loa.env.BatchEnv"):
        getattr(loa, "BatchEnv")


def described(obj):
    """Whether obj's docstring says something beyond pybind11's signature line. A constant (loa.train.RECORD_DTYPE)
    has no docstring of its own: its module's names it."""
    if not callable(obj) and not isinstance(obj, (property, type)):
        return True
    doc = getattr(obj, "__doc__", None) or ""
    if isinstance(obj, property) and obj.fget is not None:
        doc = doc or obj.fget.__doc__ or ""
    lines = [line for line in doc.splitlines() if line.strip() and not re.match(r"^\w+\(.*\)( -> .*)?$", line)]
    return bool(lines)


def test_every_public_name_has_a_docstring():
    names = list(public_names())
    assert len(names) > 100
    missing = [name for name, obj in names if not described(obj)]
    assert not missing, f"no docstring: {missing}"
