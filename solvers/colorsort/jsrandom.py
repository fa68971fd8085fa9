"""The reference's JS random source, bit for bit: `rng(seed)` and the Fisher-Yates `shuffle`.

JS semantics reproduced: `for (const c of s)` walks code points of the UTF-16 string and
`c.charCodeAt(0)` is the first code unit of each (the high surrogate of an astral character, a
lone surrogate itself); `^`, `|`, `>>>` and Math.imul work on the 32-bit image of their operands;
`state += 0x6D2B79F5` is a double addition that is never wrapped (only the bitwise operators
reduce it), so the state is kept as a Python float, which is the same IEEE double.
"""

import math
from collections.abc import Callable, Iterator, MutableSequence
from typing import TypeVar

FNV_OFFSET = 2166136261
FNV_PRIME = 16777619
GOLDEN_STEP = 0x6D2B79F5
MASK32 = 0xFFFFFFFF
TWO_TO_32 = 4294967296

Item = TypeVar("Item")


def _uint32(x: float | int) -> int:
    """Return JS ToUint32(x) for an integral double or an int."""
    return int(x) & MASK32


def _int32(x: int) -> int:
    """Return the signed value of the 32-bit pattern `x` (what JS bit operators yield)."""
    x &= MASK32
    return x - TWO_TO_32 if x & 0x80000000 else x


def _imul(a: int, b: int) -> int:
    """Return Math.imul(a, b) as a uint32 pattern."""
    return (a * b) & MASK32


def utf16_units(text: str) -> list[int]:
    """Return the UTF-16 code units JS holds for `text` (astral characters become pairs)."""
    units: list[int] = []
    for ch in text:
        cp = ord(ch)
        if cp > 0xFFFF:
            cp -= 0x10000
            units.extend((0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)))
        else:
            units.append(cp)
    return units


def first_code_units(text: str) -> Iterator[int]:
    """Yield `c.charCodeAt(0)` for each `c` of JS `for (const c of text)`.

    JS iterates code points: a high surrogate followed by a low one is one step, any other unit
    (a lone surrogate included) is a step of its own.
    """
    units = utf16_units(text)
    k = 0
    while k < len(units):
        unit = units[k]
        paired = (0xD800 <= unit <= 0xDBFF and k + 1 < len(units)
                  and 0xDC00 <= units[k + 1] <= 0xDFFF)
        yield unit
        k += 2 if paired else 1


def rng(seed: str | int) -> Callable[[], float]:
    """Return the reference's generator: a function giving the same floats in [0, 1) as JS
    `rng(seed)`.

    `seed` is read as JS `String(seed)` reads a string or an integer.
    """
    state: float = FNV_OFFSET
    for unit in first_code_units(str(seed)):
        state = float(_int32(_imul(_uint32(state) ^ unit, FNV_PRIME)))

    def random() -> float:
        nonlocal state
        state += GOLDEN_STEP
        s = _uint32(state)
        t = _imul(s ^ (s >> 15), 1 | s)
        t ^= (t + _imul(t ^ (t >> 7), 61 | t)) & MASK32
        return (t ^ (t >> 14)) / TWO_TO_32

    return random


def shuffle(array: MutableSequence[Item], random: Callable[[], float]) -> MutableSequence[Item]:
    """Shuffle `array` in place as the reference's Fisher-Yates does (same draws, same swaps)."""
    for i in range(len(array) - 1, 0, -1):
        j = math.floor(random() * (i + 1))
        array[i], array[j] = array[j], array[i]
    return array
