"""A Lines of Action environment with PettingZoo's AEC API, in pure Python.

The agent-environment-cycle interface of PettingZoo's classic games, without
depending on PettingZoo (nor on gymnasium: the spaces below have the parts
of gymnasium's spaces that agents use)::

    import loa.env.aec
    env = loa.env.aec.env(rules="six")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are "black" and "white" (black moves first under every preset). An
observation is {"observation": float32 (planes, n, n), the game's
observation tensor (Rules.observation_planes), "action_mask": int8 (A,)}.
Actions are the game's action ids (loa.Game.legal_actions). Rewards are +1
and -1 at a win, 0 otherwise; a game going on after `max_plies` plies is
truncated.
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np

from .._core import Game, Rules

AGENTS = ["black", "white"]


class Discrete:
    """The actions 0..n-1 (gymnasium.spaces.Discrete's parts that agents use)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Seeds sample()."""
        self._rng = np.random.default_rng(seed)

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniformly random action, among those where `mask` is 1 when it is given."""
        if mask is None:
            return int(self._rng.integers(self.n))
        choices = np.flatnonzero(mask)
        if len(choices) == 0:
            raise ValueError("the mask allows no action")
        return int(self._rng.choice(choices))

    def contains(self, x: Any) -> bool:
        """Whether x is one of the actions."""
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box:
    """An array of a shape and dtype within [low, high] (gymnasium.spaces.Box's parts that agents use)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any) -> None:
        self.low, self.high, self.shape, self.dtype = low, high, shape, np.dtype(dtype)

    def contains(self, x: Any) -> bool:
        """Whether x is an array of this shape and dtype within the bounds."""
        return (isinstance(x, np.ndarray) and x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self) -> str:
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class DictSpace:
    """Named spaces (gymnasium.spaces.Dict's parts that agents use)."""

    def __init__(self, spaces: Dict[str, Any]) -> None:
        self.spaces = spaces

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def contains(self, x: Any) -> bool:
        """Whether x is a dict with exactly these keys, each value in its space."""
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(space.contains(x[key]) for key, space in self.spaces.items()))

    def __repr__(self) -> str:
        return f"Dict({self.spaces})"


class LoaEnv:
    """Lines of Action as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"name": "lines_of_action_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, rules: Union[Rules, str] = "olympiad", max_plies: Optional[int] = None,
                 render_mode: Optional[str] = None) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules(rules)
        if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
            raise ValueError(f"max_plies must be a positive int or None, not {max_plies!r}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents: List[str] = list(AGENTS)
        shape = self.rules.observation_tensor_shape()
        actions = self.rules.num_distinct_actions
        self._action_spaces = {a: Discrete(actions) for a in AGENTS}
        self._observation_spaces = {
            a: DictSpace({"observation": Box(-1e9, 1e9, tuple(shape), np.float32),
                          "action_mask": Box(0, 1, (actions,), np.int8)}) for a in AGENTS}
        self.game = Game(self.rules)
        self._reset_state()

    @property
    def num_agents(self) -> int:
        """Agents still in the game."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """2."""
        return len(self.possible_agents)

    def observation_space(self, agent: str) -> DictSpace:
        """The observation space of an agent."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Discrete:
        """The action space of an agent: the rules' action ids."""
        return self._action_spaces[agent]

    def _reset_state(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[0 if self.game.side_to_move == "black" else 1]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game; `seed` seeds the action spaces' sample()."""
        if seed is not None:
            for i, agent in enumerate(AGENTS):
                self._action_spaces[agent].seed(seed + i)
        self.game = Game(self.rules)
        self._reset_state()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The observation dict of an agent (the same board for both; the mask is empty when not to move)."""
        shape = self.game.observation_tensor_shape()
        mask = np.zeros(self.rules.num_distinct_actions, dtype=np.int8)
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        if agent == self.agent_selection and not done:
            mask[self.game.legal_actions()] = 1
        return {"observation": self.game.observation_tensor().reshape(shape), "action_mask": mask}

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """What the agent to act sees: observation, cumulative reward, termination, truncation, info."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields the agent to act until every agent is done."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Optional[int]) -> None:
        """Plays an action id for the agent to act; None for an agent that is done (it then leaves)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: its step takes None, not {action!r}")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent], self.terminations[agent]
            del self.truncations[agent], self.infos[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None or not self._action_spaces[agent].contains(action):
            raise ValueError(f"action must be an int in 0..{self.rules.num_distinct_actions - 1}, not {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_action(int(action))  # ValueError for an illegal action
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game.is_terminal():
            for a, r in zip(AGENTS, self.game.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a] = {"reason": self.game.outcome()["reason"]}
        elif self.max_plies is not None and self.game.ply >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if self.game.is_terminal() or any(self.truncations.values()):
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]  # the other one first, then the mover
        else:
            self.agent_selection = self.game.side_to_move
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as text ('ansi' returns it, 'human' prints it)."""
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(rules: Union[Rules, str] = "olympiad", max_plies: Optional[int] = None,
        render_mode: Optional[str] = None) -> LoaEnv:
    """A new environment (PettingZoo's `env()` constructor)."""
    return LoaEnv(rules, max_plies=max_plies, render_mode=render_mode)
