"""The Kaggle agent (frontends/contests/kaggle/main.py) through the local harness that
sends it the observations kaggle-environments' open_spiel_env sends: 100
games against a random agent, all won, no invalid or late action; and the
agent rebuilds the game from either history the environment gives."""
import json
import os
import subprocess
import sys

import loa
from script_loader import load_script

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
KAGGLE = os.path.join(SOURCE, "frontends", "contests", "kaggle")


def load(name):
    return load_script("frontends", "contests", "kaggle", f"{name}.py", name=f"kaggle_{name}")


def test_a_hundred_games_against_random_all_won():
    # The agent's turns are timed on its own CPU time (--clock cpu): the 0.2 s bound is on its thinking, which
    # a machine loaded by a parallel build does not stretch as it stretches the wall clock (a full Release run
    # beside a build once saw ten games "use their overage" on the wall clock).
    run = subprocess.run([sys.executable, os.path.join(KAGGLE, "harness.py"), os.path.join(KAGGLE, "main.py"),
                          "--games", "100", "--act-timeout", "0.2", "--strict", "--clock", "cpu"],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "100 of 100 won; 0 invalid or late actions; 0 games used overage" in run.stdout


def test_the_agent_reads_either_history():
    main, harness = load("main"), load("harness")
    game, history = loa.Game("openspiel"), []
    for text in ["b1-b3", "a2-c2", "d1-d3"]:
        history.append(game.string_to_action(text))
        game.apply_action(history[-1])
    full = {"serializedGameAndState": harness.serialized(history), "playerId": 1, "legalActions": game.legal_actions()}
    only_json = {"observationString": harness.observation_string(game, history), "playerId": 1}
    assert main.history_of(full) == history == main.history_of(only_json)
    assert json.loads(only_json["observationString"])["board"][0][1] == "."  # b1 has moved
    configuration = {"actTimeout": 0.2}
    for observation in (full, only_json):
        answer = main.agent(observation, configuration)
        assert set(answer) == {"submission"} and answer["submission"] in game.legal_actions()
    # Not its turn: -1, as Kaggle's agents answer.
    assert main.agent(dict(full, playerId=0), configuration) == {"submission": -1}


def test_the_harness_names_a_broken_agent(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def agent(observation, configuration):\n    return {'submission': 0}\n")
    run = subprocess.run([sys.executable, os.path.join(KAGGLE, "harness.py"), str(broken), "--games", "2"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "FAULT" in run.stdout and "0 of 2 won" in run.stdout
