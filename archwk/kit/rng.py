"""Seeded randomness kept inside the game state.

The generator is SplitMix64: its whole state is one 64-bit integer, so a game
state can carry it, save it to JSON and replay it exactly on any platform.
Functions here are pure: they take the generator state and return the new one.
"""
from __future__ import annotations

from .errors import InvalidOptions

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptions(f"seed: expected an integer, got {seed!r}")
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next64(state: int) -> tuple[int, int]:
    """Return (a 64-bit random number, the new state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A number in range(n) (multiply-shift, no modulo bias worth measuring)."""
    x, state = next64(state)
    return (x * n) >> 64, state


def shuffled(items, state: int) -> tuple[tuple, int]:
    """Fisher-Yates shuffle of `items`; returns (tuple, new state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
