"""Deterministic, serialisable randomness.

A match's chance (dice, draws, shuffles) comes from one `Rng` held inside its
state. The whole generator is a single 64-bit integer, so it dumps into a
state's JSON as one number and the same seed always replays the same game.
The algorithm is SplitMix64: tiny, fast in pure Python, and good enough for
games (it is not a cryptographic generator; secrecy comes from the seed
being secret, see the service's seed commitment).
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        # Mix the seed once so that nearby seeds (1, 2, 3...) start far apart.
        rng = cls(seed)
        rng.state = rng._next()
        return rng

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n  # largest multiple of n, minus one
        while True:
            value = self._next()
            if value <= limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
