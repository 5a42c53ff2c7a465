"""A PettingZoo-compatible AEC (agent environment cycle) environment, without PettingZoo.

It follows PettingZoo's AECEnv API and the rules its api_test checks: agents "player_<seat>";
reset(seed=None, options=None) returns None; last() gives the agent's cumulative reward;
rewards/terminations/truncations/infos hold exactly env.agents; a finished agent must step(None)
and is then removed; observation_space/action_space return the same objects every call; step()
returns None. Chance is sampled inside the environment from the reset seed: game k after
reset(seed=s) (k = 0 for that reset, k = 1, 2, ... for later reset() calls without a seed) uses
villainy.Rng(derive_seed(s, k)). Rewards are 0 during a game and the game's returns at its end.
When PettingZoo is importable the class is a pettingzoo.AECEnv subclass.
"""
import numpy as np

from . import _core, spaces

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv as _Base
except ImportError:  # pragma: no cover
    _Base = object


class AecEnv(_Base):
    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game, players=None, render_mode=None, **options):
        if isinstance(game, str):
            game = _core.load_game(game, players=players, **options)
        elif players is not None or options:
            raise _core.Error("aec_env: give players and options with a game name, not a Game")
        if render_mode not in (None, "ansi", "human"):
            raise _core.Error(f"render_mode {render_mode!r}: allowed None, 'ansi', 'human'")
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(AecEnv.metadata, name=f"villainy_{game.name()}_v0")
        n = game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.dict_space({
            "observation": spaces.box(0.0, np.finfo(np.float32).max, (game.tensor_size(),),
                                      np.float32),
            "action_mask": spaces.box(0, 1, (game.num_distinct_actions(),), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.discrete(game.num_distinct_actions())
                              for a in self.possible_agents}
        self._seed = 0
        self._game_index = 0
        self._state = None
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None

    # --- PettingZoo API ---------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def reset(self, seed=None, options=None):
        if options:
            raise _core.Error(f"reset: no options are supported (got {sorted(options)})")
        if seed is not None:
            self._seed, self._game_index = int(seed), 0
        self._rng = _core.Rng(_core.derive_seed(self._seed, self._game_index))
        self._game_index += 1
        self._state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent):
        """{"observation": float32 tensor of the agent's view, "action_mask": int8 legal mask
        (all zeros unless the agent is the one to act)}."""
        return self._state._observation(self._index[agent])

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise _core.Error(f"{agent} is done: the only valid action is None")
            self._dead_step(agent)
            return None
        if action is None:
            raise _core.Error(f"{agent} must act: step(None) is only for a done agent")
        # villainy.Error on an illegal action, and nothing changes; then chance is sampled.
        player = self._state._apply_and_sample_chance(int(action), self._rng)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for a in self.agents:
            rewards[a] = 0.0
        if player < 0:
            for a, r in zip(self.possible_agents, self._state.returns()):
                rewards[a] = float(r)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[player]
        cum = self._cumulative_rewards
        for a in self.agents:
            cum[a] += rewards[a]
        return None

    def agent_iter(self, max_iter=2**63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        if self._state is None:
            return None
        text = self._state.view_text(self._index[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    # --- extras -----------------------------------------------------------------------------
    def state(self):
        """A copy of the full state (holds hidden information: for analysis, not for agents)."""
        return self._state.clone()

    def record(self, seats=None):
        return self._state.record(seats or [])

    # --- internals --------------------------------------------------------------------------
    def _advance(self):
        s, rng = self._state, self._rng
        while s.is_chance_node():
            s.apply_action(s.sample_chance(rng))

    def _dead_step(self, agent):
        del self.rewards[agent], self._cumulative_rewards[agent]
        del self.terminations[agent], self.truncations[agent], self.infos[agent]
        self.agents.remove(agent)
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.agents:
            self.agent_selection = self.agents[0]


def aec_env(game, players=None, render_mode=None, **options):
    """villainy.aec_env(name, players=..., **options) or aec_env(game): a PettingZoo AEC env."""
    return AecEnv(game, players=players, render_mode=render_mode, **options)
