"""Spaces for the AEC environment: gymnasium's when it is importable, else small stand-ins with
the same attributes the environment and PettingZoo's API test use (shape, dtype, n, low, high,
contains, sample(mask), seed)."""
import numpy as np

try:  # pragma: no cover - depends on the machine
    from gymnasium import spaces as _gym_spaces
except ImportError:  # pragma: no cover
    _gym_spaces = None

HAVE_GYMNASIUM = _gym_spaces is not None


class Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = shape
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)
        return [seed]

    @property
    def np_random(self):
        return self._rng


class Box(Space):
    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        super().__init__(tuple(shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def sample(self, mask=None):
        if np.issubdtype(self.dtype, np.integer):
            return self._rng.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        high = np.minimum(self.high, 1.0)
        return self._rng.uniform(self.low, high).astype(self.dtype)

    def __eq__(self, other):
        return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype
                and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Discrete(Space):
    def __init__(self, n, seed=None):
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = 0

    def contains(self, x):
        try:
            v = int(x)
        except (TypeError, ValueError):
            return False
        return v == x and 0 <= v < self.n

    def sample(self, mask=None):
        """A uniform action; with an int8 `mask` of n values, one where mask is 1."""
        if mask is None:
            return int(self._rng.integers(self.n))
        mask = np.asarray(mask)
        if mask.shape != (self.n,) or mask.dtype != np.int8:
            raise ValueError(f"mask must be an int8 array of shape ({self.n},)")
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            return 0
        return int(self._rng.choice(legal))

    def __eq__(self, other):
        return isinstance(other, Discrete) and self.n == other.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Dict(Space):
    def __init__(self, spaces, seed=None):
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def contains(self, x):
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(self.spaces[k].contains(x[k]) for k in self.spaces))

    def sample(self, mask=None):
        return {k: s.sample() for k, s in self.spaces.items()}

    def seed(self, seed=None):
        for i, s in enumerate(self.spaces.values()):
            s.seed(None if seed is None else seed + i)
        return [seed]

    def __eq__(self, other):
        return isinstance(other, Dict) and self.spaces == other.spaces

    def __repr__(self):
        return f"Dict({self.spaces!r})"


def box(low, high, shape, dtype):
    if HAVE_GYMNASIUM:
        return _gym_spaces.Box(low=low, high=high, shape=shape, dtype=dtype)
    return Box(low, high, shape, dtype)


def discrete(n):
    return _gym_spaces.Discrete(n) if HAVE_GYMNASIUM else Discrete(n)


def dict_space(spaces):
    return _gym_spaces.Dict(spaces) if HAVE_GYMNASIUM else Dict(spaces)
