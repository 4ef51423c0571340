"""loa.env.aec against the checks of PettingZoo's AEC API test (pettingzoo.test.
api_test), written out here since PettingZoo is not a dependency: agents and
spaces, observations inside their spaces with an action mask, the agent
cycle, rewards, termination and the dead steps that follow, seeding."""
import numpy as np
import pytest

import loa
from loa.env import aec


def play(env, seed, pick=None):
    """Plays a game with random masked actions; returns the actions and the rewards seen."""
    env.reset(seed=seed)
    actions, totals = [], {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=10_000):
        assert agent in env.agents and agent == env.agent_selection
        observation, reward, termination, truncation, info = env.last()
        assert env.observation_space(agent).contains(observation), "the observation lies in its space"
        assert isinstance(info, dict) and isinstance(reward, float)
        totals[agent] += reward
        # The agent not to act sees the same board and an empty mask: the mask is the mover's alone.
        waiting = env.observe("white" if agent == "black" else "black")
        assert not waiting["action_mask"].any(), f"{agent} to act, yet the other agent's mask is not empty"
        if termination or truncation:
            assert not observation["action_mask"].any()
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            assert list(np.flatnonzero(mask)) == env.game.legal_actions()
            action = env.action_space(agent).sample(mask) if pick is None else pick(mask)
            assert env.action_space(agent).contains(action)
        actions.append(action)
        env.step(action)
    return actions, totals


@pytest.mark.parametrize("rules", ["olympiad", "six", "loaps", "kattis"])
def test_the_agent_cycle(rules):
    env = aec.env(rules=rules)
    assert env.possible_agents == ["black", "white"] and env.max_num_agents == 2
    for agent in env.possible_agents:
        assert env.action_space(agent).n == loa.Rules(rules).num_distinct_actions
        assert env.observation_space(agent)["observation"].shape == loa.Rules(rules).observation_tensor_shape()
    env.reset(seed=3)
    assert env.agents == ["black", "white"] and env.agent_selection == "black" and env.num_agents == 2
    actions, totals = play(env, seed=3)
    assert env.agents == [] and env.game.is_terminal()
    # Rewards are the game's returns, summing to zero.
    assert [totals[a] for a in env.possible_agents] == env.game.returns()
    assert sum(totals.values()) == 0


def test_a_seed_gives_the_same_game():
    env = aec.env(rules="six")
    first, _ = play(env, seed=11)
    second, _ = play(env, seed=11)
    third, _ = play(env, seed=12)
    assert first == second and first != third


def test_truncation_and_bad_steps():
    env = aec.env(rules="olympiad", max_plies=6)
    actions, totals = play(env, seed=1)
    assert actions.count(None) == 2 and len(actions) == 8, "six moves, then each agent's dead step"
    assert totals == {"black": 0.0, "white": 0.0}
    env.reset(seed=1)
    with pytest.raises(ValueError, match="action must be an int"):
        env.step(-1)
    with pytest.raises(ValueError, match="not legal here"):
        env.step(0)
    with pytest.raises(ValueError, match="max_plies"):
        aec.env(max_plies=0)
    rendered = aec.env(rules="five", render_mode="ansi")
    rendered.reset()
    assert "b" in rendered.render()
