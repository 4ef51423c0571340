"""The openspiel preset replays OpenSpiel's own playthrough of
lines_of_action (tests/data/openspiel/lines_of_action.txt, from the OpenSpiel
project, Apache License 2.0) state by state: every action id applied, and at
every state the file writes out in full the history, the player to move,
terminal flag, observation strings and tensors, rewards, returns, legal
action ids and their strings."""
import json
import os
import re

import numpy as np
import pytest

import loa

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
PLAYTHROUGH = os.path.join(SOURCE, "tests", "data", "openspiel", "lines_of_action.txt")


def numbers(text):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


def tensor(rows):
    """The file's drawing of a (3, 8, 8) tensor: a line a row, the three planes side by side."""
    planes = np.zeros((3, 8, 8), dtype=np.float32)
    for r, row in enumerate(rows):
        for k, part in enumerate(row.split("  ")):
            planes[k, r] = [1.0 if ch == "◉" else 0.0 for ch in part]
    return planes


def test_the_game_is_openspiels():
    lines = open(PLAYTHROUGH, encoding="utf-8").read().splitlines()
    header = {k: v for k, v in (line.split(" = ", 1) for line in lines[:40] if " = " in line)}
    rules = loa.Rules("openspiel")
    assert header["NumDistinctActions()"] == str(rules.num_distinct_actions) == "8192"
    assert header["ObservationTensorShape()"] == "[3, 8, 8]"
    assert tuple(rules.observation_tensor_shape()) == (3, 8, 8)
    assert header["MaxGameLength()"] == str(rules.ply_limit) == "1000"
    assert header["NumPlayers()"] == "2" and header["MinUtility()"] == "-1.0" and header["MaxUtility()"] == "1.0"


def test_the_playthrough_replays_identically():
    lines = open(PLAYTHROUGH, encoding="utf-8").read().splitlines()
    game = loa.Game("openspiel")
    checked = {"states": 0, "actions": 0, "tensors": 0}
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("# State "):
            checked["states"] += 1
        elif line.startswith("# Apply action "):
            text = json.loads(line[len("# Apply action "):])
            action = int(lines[i].split(": ")[1])
            i += 1
            assert game.action_to_string(action) == text and game.string_to_action(text) == action
            game.apply_action(action)
            checked["actions"] += 1
        elif line.startswith("IsTerminal() = "):
            assert game.is_terminal() == (line.endswith("True")), f"state {checked['states'] - 1}"
        elif line.startswith("History() = "):
            assert game.history() == [int(x) for x in numbers(line.split(" = ", 1)[1])]
        elif line.startswith("CurrentPlayer() = "):
            assert game.current_player() == int(line.split(" = ")[1])
        elif line.startswith("ObservationString("):
            player = int(line[len("ObservationString(")])
            assert game.observation_string(player) == json.loads(line.split(" = ", 1)[1])
        elif line.startswith("ObservationTensor("):
            player = int(line[len("ObservationTensor(")])
            expected = tensor(lines[i:i + 8])
            i += 8
            got = game.observation_tensor(player).reshape(game.observation_tensor_shape())
            assert (got == expected).all(), f"state {checked['states'] - 1}, player {player}"
            checked["tensors"] += 1
        elif line.startswith("Rewards() = "):
            assert game.rewards() == numbers(line.split(" = ")[1])
        elif line.startswith("Returns() = "):
            assert game.returns() == numbers(line.split(" = ")[1])
        elif line.startswith("LegalActions() = "):
            assert game.legal_actions() == [int(x) for x in numbers(line.split(" = ")[1])]
        elif line.startswith("StringLegalActions() = "):
            assert [game.action_to_string(a) for a in game.legal_actions()] == json.loads(line.split(" = ", 1)[1])
    assert game.is_terminal() and game.returns() == [1.0, -1.0]
    assert checked["actions"] == game.move_number() == len(game.history()) > 100
    assert checked["tensors"] >= 10


def odd_cycle():
    """Five plies from the start that bring back its board with white to move: a black piece
    goes round a triangle while a white one goes and comes back."""
    game = loa.Game("openspiel")
    for m1 in game.legal_moves():
        if m1.is_capture:
            continue
        game.play(m1)
        for m2 in game.legal_moves():
            back2 = f"{m2.to_square}-{m2.from_square}"
            if m2.is_capture:
                continue
            game.play(m2)
            for m3 in game.legal_moves():
                if m3.from_square != m1.to_square or m3.is_capture:
                    continue
                game.play(m3)
                if back2 in [str(m) for m in game.legal_moves()]:
                    game.play(back2)
                    home = f"{m3.to_square}-{m1.from_square}"
                    if not game.is_terminal() and home in [str(m) for m in game.legal_moves()]:
                        return [str(m1), str(m2), str(m3), back2, home]
                    game.undo()
                game.undo()
            game.undo()
        game.undo()
    raise AssertionError("no odd cycle from the start")


def test_openspiels_rules_where_they_differ_from_the_olympiads():
    # A board seen before draws, whoever is to move (the olympiad's rule compares the side to move too).
    cycle = odd_cycle()
    same_side_rules = loa.Rules.from_text("[twofold : openspiel]\nrepetition_by_board = false\n")
    game, same_side = loa.Game("openspiel"), loa.Game(same_side_rules)
    for move in cycle:
        game.play(move)
        same_side.play(move)
    assert game.is_terminal() and game.outcome()["reason"] == "repetition" and game.returns() == [0.0, 0.0]
    assert game.observation_string(0).split("\n")[:8] == loa.Game("openspiel").observation_string(0).split("\n")[:8]
    assert not same_side.is_terminal(), "the same board with the other side to move"
    # The 1000th move draws even when it connects (c1-a1 joins a1 and a2).
    start = "8/8/8/8/8/7w/b7/2b3w1 b 999"
    limit = loa.Game.from_position("openspiel", start)
    limit.play("c1-a1")
    assert limit.is_terminal() and limit.outcome()["reason"] == "move limit" and limit.returns() == [0.0, 0.0]
    connection = loa.Game.from_position(loa.Rules.from_text("[c : openspiel]\nlimit_over_connection = false\n"), start)
    connection.play("c1-a1")
    assert connection.outcome()["winner"] == "black"
    # The side to move with no legal move loses.
    assert loa.Rules("openspiel").no_move == "lose" and loa.Rules("openspiel").simultaneous == "mover"


def test_numpy_integers_are_ints():
    # OpenSpiel's own idiom, np.random.choice(state.legal_actions()), gives numpy integers: every integer-like
    # argument (numpy scalars, anything with __index__) is taken where an int is; a bool or a float is not.
    rng = np.random.default_rng(1)
    game = loa.Game("six")
    action = rng.choice(game.legal_actions())
    assert isinstance(action, np.integer)
    text = game.action_to_string(action)
    assert text == game.action_to_string(int(action)) and game.action_to_string(np.int32(0), action) == text
    assert game.legal_actions(np.int64(0)) == game.legal_actions()
    assert game.observation_tensor(np.uint8(0)).shape == game.observation_tensor().shape
    game.apply_action(action)
    assert game.history() == [int(action)]
    assert loa.Game("five").perft(np.int16(2)) == loa.Game("five").perft(2)
    for bad in (np.float64(3.0), 1.5, True, np.bool_(True)):
        with pytest.raises(TypeError, match="action must be an int"):
            game.apply_action(bad)


def test_the_player_not_to_move_has_no_legal_action():
    # pyspiel: legal_actions(p) and its masks for the player not to move are empty, as once the game is over.
    game = loa.Game("six")
    assert game.current_player() == 0 and game.legal_actions(0) == game.legal_actions() != []
    assert game.legal_actions(1) == [] and not any(game.legal_actions_mask(1)) and not game.legal_action_mask(1).any()
    assert any(game.legal_actions_mask(0)) and game.legal_action_mask(0).sum() == len(game.legal_actions())
    game.apply_action(game.legal_actions()[0])
    assert game.legal_actions(0) == [] and game.legal_actions(1) == game.legal_actions()
