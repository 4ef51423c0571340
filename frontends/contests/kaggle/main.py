"""libloa's agent for Kaggle's Game Arena: kaggle-environments' `open_spiel_env`
with the game `lines_of_action` (OpenSpiel's Lines of Action, here the
`openspiel` preset). docs/contests.md says how to build the submission.

Kaggle calls `agent(observation, configuration)` once a turn and takes the
action from the dict it returns, `{"submission": action_id}` (nothing else,
so that `strictMode` accepts it too). The observation is the environment's:
`serializedGameAndState` (its `history=player:action,...` line gives every
move so far), `observationString` (a JSON board, with `move_history` in
newer versions), `legalActions` when `includeLegalActions` is set,
`currentPlayer`, `playerId`, `isTerminal`, `remainingOverageTime`. The game
is rebuilt from the history each turn, so repetition counts are exact and a
restarted process loses nothing; the engine's table is kept between turns.

Time: a turn takes a tenth of `actTimeout` (at least 10 ms, at most 2 s;
LOA_KAGGLE_MS overrides), well inside the limit and the banked overage.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Dict, List, Mapping, Optional

import loa

RULES = "openspiel"


def _get(mapping: Any, key: str, default: Any = None) -> Any:
    """A field of Kaggle's observation or configuration (a dict or an attribute object)."""
    if isinstance(mapping, Mapping):
        return mapping.get(key, default)
    return getattr(mapping, key, default)


def history_of(observation: Any) -> Optional[List[int]]:
    """The action ids played so far, from serializedGameAndState (or the move history's strings)."""
    serialized = _get(observation, "serializedGameAndState")
    if isinstance(serialized, str):
        found = re.search(r"^history=(.*)$", serialized, re.M)
        if found is not None:
            items = [item for item in found.group(1).strip().split(",") if item]
            return [int(item.split(":")[-1]) for item in items]
    text = _get(observation, "observationString")
    if isinstance(text, str) and text.startswith("{"):
        moves = json.loads(text).get("move_history")
        if isinstance(moves, list):
            game, ids = loa.Game(RULES), []
            for move in moves:
                ids.append(game.string_to_action(move))
                game.apply_action(ids[-1])
            return ids
    return None


def turn_ms(configuration: Any) -> int:
    """Milliseconds for this turn's search."""
    if os.environ.get("LOA_KAGGLE_MS"):
        return max(1, int(os.environ["LOA_KAGGLE_MS"]))
    act_timeout = float(_get(configuration, "actTimeout", 5) or 5)
    return int(min(2000.0, max(10.0, act_timeout * 1000 / 10)))


class LoaAgent:
    """The engine, rebuilding the game from each observation."""

    def __init__(self, hash_mb: int = 64) -> None:
        self.engine = loa.Engine(hash_mb=hash_mb)
        self.games = 0

    def __call__(self, observation: Any, configuration: Any) -> Dict[str, int]:
        """The action for this turn: {"submission": id}, or -1 when it is not this agent's turn."""
        history = history_of(observation)
        if history is None:
            raise ValueError("the observation holds no history (serializedGameAndState or move_history)")
        game = loa.Game(RULES)
        for action in history:
            game.apply_action(action)
        if not history:
            self.engine.new_game()  # a new game: forget the last one's table
            self.games += 1
        player = _get(observation, "playerId")
        if game.is_terminal() or (player is not None and game.current_player() != player):
            return {"submission": -1}
        legal = _get(observation, "legalActions")
        if legal and sorted(legal) != game.legal_actions():
            raise ValueError("the environment's legal actions differ from the game rebuilt from its history")
        best = self.engine.search(game, movetime_ms=turn_ms(configuration))["best"]
        return {"submission": game.string_to_action(str(best))}


_AGENT = LoaAgent()


def agent(observation: Any, configuration: Any) -> Dict[str, int]:
    """Kaggle's entry point: the last function of main.py."""
    return _AGENT(observation, configuration)
