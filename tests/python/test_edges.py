"""What a researcher meets in the first hour (issue 80): an edited mask, two threads, old pickle protocols,
wide integer ids, a bad id among good ones, Ctrl-C in a long perft. Each ran wrong or crashed before; the
crashes are tried in a child process, so that a regression fails the test instead of killing the run."""
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import loa
import loa.env

ENV = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(loa.__file__)))


def run_child(code, timeout=300):
    """Runs Python code in a child with this package; (exit code, output). A hang past `timeout` (a guard,
    not a timing) is a failure of its own."""
    try:
        r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=ENV, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the child hung for {timeout} s:\n{code}")
    return r.returncode, r.stdout + r.stderr


def stones(env):
    """The stones on each game's board, from the observation's black and white planes."""
    return env.observation[:, 0].sum(axis=(1, 2)) + env.observation[:, 1].sum(axis=(1, 2))


def test_the_arrays_are_read_only_and_an_edited_mask_changes_nothing():
    # e.action_mask[:] = True once let step() play a1-a1 (id 0): black gained a stone, and after 2,000 such
    # steps a 5x5 board held 27.
    env = loa.env.BatchEnv("five", 1, seed=1)
    env.reset()
    for name in ("observation", "action_mask", "rewards", "terminated", "truncated", "current_player"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(env, name)[...] = 1
    before = stones(env).copy()
    mask = env.action_mask
    try:
        mask.setflags(write=True)  # numpy may allow it over a foreign buffer: then the mask is edited
        mask[:] = True
    except ValueError:
        pass
    with pytest.raises(ValueError, match="game 0: .*not legal|game 0: .*a1"):
        env.step(np.array([0], np.int32))
    assert (stones(env) == before).all()


def test_a_bad_action_among_good_ones_steps_no_game():
    env = loa.env.BatchEnv("six", 4, seed=2)
    env.reset()
    observation = env.observation.copy()
    actions = env.random_actions()
    actions[2] = 0
    with pytest.raises(ValueError, match=r"game 2: .*\(no game was stepped\)"):
        env.step(actions)
    assert list(env.current_player) == [0, 0, 0, 0] and (env.observation == observation).all()


def test_wide_ids_are_checked_in_their_own_width():
    # An int64 id of 2**32 + a was once wrapped to int32 and played as a; 2**40 was reported as "action 0".
    env = loa.env.BatchEnv("five", 3, seed=3)
    env.reset()
    actions = env.random_actions()
    for wide, shown in ((actions.astype(np.int64) + 2**32, str(int(actions[0]) + 2**32)), (
            np.full(3, 2**40, np.int64), str(2**40)), (np.full(3, 2**63 + 5, np.uint64), str(2**63 + 5)),
                        (np.full(3, -1, np.int8), "-1")):
        with pytest.raises(ValueError, match=f"game 0: action {shown} is out of range"):
            env.step(wide)
    assert list(env.current_player) == [0, 0, 0]
    env.step(actions.astype(np.uint16))  # any integer dtype holding ids in range
    assert list(env.current_player) == [1, 1, 1]


def test_two_threads_stepping_one_environment_take_turns():
    # Both threads released the GIL inside step(), and the process died (SIGFPE, a double free).
    code, out = run_child("""
        import threading, loa.env
        env = loa.env.BatchEnv("six", 64, seed=1)
        def run():
            for _ in range(300):
                env.step(env.random_actions())
                env.random_playout(2)
        threads = [threading.Thread(target=run) for _ in range(2)]
        for t in threads: t.start()
        for t in threads: t.join()
        print("stepped", int(env.current_player.sum()) >= 0)
    """)
    assert code == 0 and "stepped True" in out, out


def test_two_threads_asking_for_their_first_arrays_do_not_deadlock():
    # Right after `import loa`, two threads each asking for an array hung for good (3 runs of 3).
    code, out = run_child("""
        import threading, loa
        threads = [threading.Thread(target=lambda: loa.Game("six").observation_tensor(0)) for _ in range(2)]
        for t in threads: t.start()
        for t in threads: t.join(120)
        print("alive", [t.is_alive() for t in threads])
    """, timeout=240)
    assert code == 0 and "alive [False, False]" in out, out


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_pickle_protocol_works_or_refuses(protocol):
    # Protocols 0 and 1 (and obj.__reduce__()) aborted the interpreter for every compiled class.
    code, out = run_child(f"""
        import pickle, loa, loa.env
        game = loa.Game.from_position("six", "1bbbb1/w4w/w2b1w/w4w/w4w/1bb1b1 w")
        game.play(game.legal_moves()[0])
        for value in (game, loa.Rules("loaps"), loa.Move("b1-b3", loa.Game())):
            again = pickle.loads(pickle.dumps(value, {protocol}))
            same = again.history() == value.history() if isinstance(value, loa.Game) else again == value
            print(type(value).__name__, "ok" if same else "DIFFERS")
            assert callable(value.__reduce__()[0])
        for value in (loa.Engine(hash_mb=1), loa.env.BatchEnv("six", 2)):
            for call in (lambda: pickle.dumps(value, {protocol}), value.__reduce__):
                try:
                    call()
                    print(type(value).__name__, "PICKLED")
                except TypeError as e:
                    print(type(value).__name__, "refused:", "does not pickle" in str(e))
    """)
    assert code == 0, out
    assert out.count(" ok") == 3 and "DIFFERS" not in out and "PICKLED" not in out, out
    assert out.count("refused: True") == 4, out


def test_a_long_perft_stops_on_ctrl_c():
    # Game.perft(12) ran on for good after SIGINT.
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, loa
        try:
            print("started", flush=True)
            loa.Game().perft(12)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    """)], env=ENV, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)  # into the perft (were the signal earlier, the try block would catch it all the same)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=120)  # a guard against a hang, not a timing
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail("perft(12) still ran 120 s after SIGINT")
    assert "interrupted" in out, out
