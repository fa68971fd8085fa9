"""Araf generator: draw the rooms first, give each the tightest numbers, then widen windows.

Vocabulary: a *window* is a room's two numbers (lo, hi), placed on two distinct cells of it; the
*tight* window of a room of s cells is (s - 1, s + 1), the only pair that pins its size. A
*widening* moves one end of one window out by one step (lo - 1, down to 1; hi + 1, up to the
option `max_number`, which keeps the candidate rooms few enough to list: by default max_room + 2,
with which 8x8 boards try and keep about as many widenings as the reference's shipped ones). The
*slack* of a room
is (s - lo - 1) + (hi - 1 - s): on a generated board it is the number of widenings it kept.
The dial is the slack: widen in random order, keep a widening only when the puzzle stays
unique (or, with a target grade, that level still solves it), and sweep again until a whole
sweep keeps nothing: then every widening of every window (within 1..max_number) was tried on
the final board and refused, a local maximum. A tight board that is not unique is *repaired*
first by moving numbers inside their rooms (see `repair`).
"""

import random

from generators.core import Aims, Candidate, GenerationSpec, Generator, aimed
from solvers.araf import GENRE, kernel, perturbations
from solvers.araf.board import (
    STRICT,
    ArafPuzzle,
    ArafSolution,
    cells_of,
    neighbours,
    rooms_of,
    solution_of,
)
from solvers.araf.screens import census
from solvers.core.targeting import Target

VERSION = "araf-2"
LO, HI = 0, 1


DRAWS = 1000

# The knobs per target grade: rooms of at most 4 cells make a tight 8x8 board the cell rule
# solves about four times as often (bench/bench_reachability.py); ration keeps the defaults.
AIMS: Aims = {"cell": {"max_room": 4}}


def random_rooms(rng: random.Random, width: int, height: int, max_room: int) -> list[int]:
    """Return a random partition of the board into connected rooms of 2..max_room cells;
    ValueError when DRAWS draws all fail (e.g. rooms of 2 cells on an odd board)."""
    touching = neighbours(width, height)
    cells = width * height
    for _ in range(DRAWS):
        rooms = _draw_rooms(rng, touching, cells, max_room)
        if rooms is not None:
            return rooms
    raise ValueError(f"no partition of {width}x{height} into rooms of 2..{max_room} cells found")


def _draw_rooms(rng, touching, cells, max_room) -> list[int] | None:
    """Grow rooms from the first free cell, each to a random target size; a cell left alone
    joins a neighbouring room with space; None when it cannot."""
    free = (1 << cells) - 1
    rooms: list[int] = []
    while free:
        start = (free & -free).bit_length() - 1
        target = rng.randint(2, max_room)
        room = 1 << start
        free &= ~room
        for _ in range(target - 1):
            frontier = cells_of(_around(touching, room) & free)
            if not frontier:
                break
            cell = rng.choice(frontier)
            room |= 1 << cell
            free &= ~(1 << cell)
        if room.bit_count() == 1:
            hosts = [i for i, other in enumerate(rooms)
                     if other & touching[start] and other.bit_count() < max_room]
            if not hosts:
                return None
            rooms[rng.choice(hosts)] |= room
        else:
            rooms.append(room)
    return rooms


def _around(touching, cells: int) -> int:
    """Return the cells touching any of `cells`."""
    bits = 0
    for k in cells_of(cells):
        bits |= touching[k]
    return bits & ~cells


def tight_board(rng: random.Random, width: int, height: int, rooms: list[int]):
    """Return (numbers, ends): each room's tight numbers on two random cells of it, and per
    room the (lo cell, hi cell) holding them."""
    numbers: list[int | None] = [None] * (width * height)
    ends = []
    for room in rooms:
        lo_cell, hi_cell = rng.sample(cells_of(room), 2)
        size = room.bit_count()
        numbers[lo_cell], numbers[hi_cell] = size - 1, size + 1
        ends.append((lo_cell, hi_cell))
    return numbers, ends


def _room_at(rooms: list[int], cells: int) -> list[int]:
    """Return, for each cell, the index of the room holding it."""
    index = [0] * cells
    for i, room in enumerate(rooms):
        for k in cells_of(room):
            index[k] = i
    return index


WITNESS_NODES = 40


def second_rooms(puzzle: ArafPuzzle, planted: list[int]) -> list[int] | None:
    """Return the rooms (cell sets, in increasing order) of a solution of `puzzle` other than the
    one made of the rooms `planted` (which must be one), or None when there is none. A short
    search on the cell rules alone, with no budget trials, usually shows a second solution
    within a few dozen nodes; only when it runs out does the full ladder count decide. Both
    searches are exact, so the answer is too."""
    for level, nodes in (("cell", WITNESS_NODES), (None, None)):
        second, stopped = kernel.rooms_besides(puzzle, planted, GENRE.rules_up_to(level), nodes)
        if not stopped:
            return second
    raise AssertionError("the full ladder count has no node limit")


class Witnesses:
    """The second solutions met while widening one board, to refuse a widening without a search.

    A widening that one of them solves is not unique (the witness is not the planted solution:
    the board it was found on was a widening of a unique one whose planted solution holds no
    new room), so it keeps no target: uniqueness is lost, and no sound level solves a board
    with two solutions. A widening refused in one sweep is tried again in the next, where its
    old witness usually still holds. Widening moves no number, so each room of a witness holds
    the same two numbered cells on every board asked about: they are found once, when kept."""

    def __init__(self, board: ArafPuzzle) -> None:
        """Start with none, for the boards numbered on the same cells as `board`."""
        self.numbered = {k for k, n in enumerate(board.numbers) if n is not None}
        self.found: list[tuple[tuple[int, ...], list[tuple[int, int, int]]]] = []

    def unique(self, before: ArafPuzzle, after: ArafPuzzle) -> bool:
        """Return True if `after`, a widening of the unique puzzle `before`, is unique too,
        keeping the second solution when not. A solution of `after` made only of rooms `before`
        has too is a solution of `before`, so it is the planted one: only a solution holding a
        room new to `after` can be a second one."""
        second = kernel.witness_using(after, kernel.novel(after, before), WITNESS_NODES)
        if second is None:
            return True
        self.keep(second)
        return False

    def keep(self, second: ArafSolution) -> None:
        """Keep a second solution: its labels and each room's two numbered cells and size (one
        whose room holds another count of numbers can solve none of the boards: not kept)."""
        rooms = []
        for room in rooms_of(second):
            held = [k for k in cells_of(room) if k in self.numbered]
            if len(held) != 2:
                return
            rooms.append((held[0], held[1], room.bit_count()))
        self.found.append((second.labels, rooms))

    def refute(self, numbers: list, cell: int) -> bool:
        """Return True if a kept second solution solves the board `numbers`, which differs from
        the board it widens only at `cell` (the room holding `cell` is looked at first): each
        of its rooms holds two numbers strictly around its size."""
        return any(_straddle(numbers, *rooms[labels[cell]]) and
                   all(_straddle(numbers, *room) for room in rooms)
                   for labels, rooms in self.found)


def _straddle(numbers: list, a: int, b: int, size: int) -> bool:
    """Return True if the numbers at cells a and b lie strictly on either side of `size`."""
    return numbers[a] < size < numbers[b] or numbers[b] < size < numbers[a]


def repair(rng: random.Random, puzzle: ArafPuzzle, rooms: list[int], ends, repairs: int):
    """Return (puzzle, ends) with numbers moved inside their rooms until the tight board is
    unique, or None after `repairs` tries. A try takes a second solution and a cell whose room
    differs there, and moves one number of that cell's drawn room onto it (where every such cell
    holds a number, onto a free cell of one of their rooms). A board met again (moves can undo
    each other) has the second solution it had: it is not searched again."""
    w, h = puzzle.width, puzzle.height
    mine, drawn = _room_at(rooms, w * h), set(rooms)
    numbers, ends = list(puzzle.numbers), list(ends)
    seconds: dict[tuple[int | None, ...], list[int] | None] = {}
    for _ in range(repairs):
        board = tuple(numbers)
        if board not in seconds:
            seconds[board] = second_rooms(_puzzle(w, h, numbers), rooms)
        second = seconds[board]
        if second is None:
            return _puzzle(w, h, numbers), ends
        moved = 0  # the cells whose room differs there: those of its rooms not drawn
        for room in second:
            if room not in drawn:
                moved |= room
        differ = cells_of(moved)
        target = [k for k in differ if numbers[k] is None]
        if not target:
            hosts = sorted({mine[k] for k in differ})
            target = [k for i in hosts for k in cells_of(rooms[i]) if numbers[k] is None]
        if not target:
            return None
        cell = rng.choice(target)
        room, side = mine[cell], rng.randrange(2)
        old = ends[room][side]
        numbers[cell], numbers[old] = numbers[old], None
        ends[room] = (cell, ends[room][1]) if side == LO else (ends[room][0], cell)
    return None


def _widened(numbers: list, ends, move: tuple[int, int], most: int) -> list | None:
    """Return `numbers` with one window end moved out, or None where that end cannot move (below
    1 or above `most`)."""
    room, side = move
    cell = ends[room][side]
    value = numbers[cell] + (1 if side == HI else -1)
    if value < 1 or value > most:
        return None
    widened = list(numbers)
    widened[cell] = value
    return widened


def _puzzle(width: int, height: int, numbers: list) -> ArafPuzzle:
    return ArafPuzzle(width, height, tuple(numbers))


def limits(spec: GenerationSpec) -> tuple[int, int]:
    """Return the options (max_room, max_number): default 5 and max_room + 2."""
    max_room = spec.options.get("max_room", 5)
    return max_room, spec.options.get("max_number", max_room + 2)


def sample(rng: random.Random, spec: GenerationSpec) -> ArafPuzzle:
    """Return an unfiltered random board: random rooms (option `max_room`), tight numbers, then
    `widenings` (default 0) random widenings kept unchecked (capped by `max_number`)."""
    w, h = spec.width, spec.height
    max_room, max_number = limits(spec)
    rooms = random_rooms(rng, w, h, max_room)
    numbers, ends = tight_board(rng, w, h, rooms)
    widenings = [(room, side) for room in range(len(rooms)) for side in (LO, HI)]
    for _ in range(spec.options.get("widenings", 0)):
        numbers = _widened(numbers, ends, rng.choice(widenings), max_number) or numbers
    return _puzzle(w, h, numbers)


def widen(rng: random.Random, puzzle: ArafPuzzle, solution: ArafSolution, ends, keeps,
          max_number: int, witnesses: Witnesses) -> tuple[ArafPuzzle, int, int]:
    """Return the local maximum reached from `puzzle` by widening while `keeps` holds, with the
    number of widenings tried and kept (see the module docstring). Two shortcuts decide without
    a search: a widening that adds no candidate room changes nothing any rule or counter sees,
    so it keeps what the board had; one that makes a one-cell move of `solution` legal gives a
    second solution, so it keeps nothing. The second is tried first (it is the cheaper); it
    never overrules the first: a widening that makes a move legal always adds a room, or the
    moved solution would be a second one of `puzzle`, which is unique. Then a second solution
    `witnesses` kept (it keeps them when `keeps` asks its `unique`) refuses a widening it
    solves; it never overrules the first shortcut either (it would solve `puzzle` too)."""
    numbers = list(puzzle.numbers)
    handovers = perturbations.Handovers.of(puzzle, solution)
    widenings = [(room, side) for room in range(len(ends)) for side in (LO, HI)]
    tried = kept = 0
    while True:
        order = list(widenings)
        rng.shuffle(order)
        kept_this_sweep = 0
        for move in order:
            widened = _widened(numbers, ends, move, max_number)
            if widened is None:
                continue
            tried += 1
            before = _puzzle(puzzle.width, puzzle.height, numbers)
            after = _puzzle(puzzle.width, puzzle.height, widened)
            if not handovers.legal_move(widened) \
                    and not witnesses.refute(widened, ends[move[0]][move[1]]) \
                    and (kernel.same_catalogue(before, after) or keeps(before, after)):
                numbers = widened
                kept_this_sweep += 1
        kept += kept_this_sweep
        if not kept_this_sweep:
            return _puzzle(puzzle.width, puzzle.height, numbers), tried, kept


def slack(puzzle: ArafPuzzle, solution: ArafSolution) -> list[int]:
    """Return each room's slack (module docstring), rooms in label order."""
    found = []
    for label in range(max(solution.labels) + 1):
        cells = [k for k, x in enumerate(solution.labels) if x == label]
        lo, hi = sorted(n for k in cells if (n := puzzle.numbers[k]) is not None)
        found.append((len(cells) - lo - 1) + (hi - 1 - len(cells)))
    return found


def generate(rng: random.Random, spec: GenerationSpec) -> Candidate | None:
    """Return a unique puzzle widened to a local maximum from a tight board, or None.

    Options (a target grade's AIMS row sets those the spec leaves out): `max_room` (largest
    room drawn, default 5), `max_number` (no widening goes past it, default max_room + 2),
    `repairs` (tries to make the tight board unique, default 60).
    Widenings go towards `spec.grade` (solvers.core.targeting: a widening stays while the puzzle
    is unique, or while that ladder level still solves it), and the attempt returns None unless
    the result grades exactly there. None too when the tight board cannot be repaired or does
    not keep the target, and on a board of one cell.
    """
    spec = aimed(spec, AIMS)
    w, h = spec.width, spec.height
    if w * h < 2:
        return None  # every room has 2 cells or more: a board of one cell has no puzzle
    max_room, max_number = limits(spec)
    rooms = random_rooms(rng, w, h, max_room)
    numbers, ends = tight_board(rng, w, h, rooms)
    repaired = repair(rng, _puzzle(w, h, numbers), rooms, ends, spec.options.get("repairs", 60))
    if repaired is None:
        return None
    tight, ends = repaired
    solution = solution_of(w, h, rooms)
    witnesses = Witnesses(tight)
    target = Target(GENRE, spec.grade, unique=witnesses.unique, solves=kernel.solves,
                    grader=kernel.grade)
    if spec.grade is not None and not target.keeps(tight, tight):  # else unique by the repair
        return None
    final, tried, kept = widen(rng, tight, solution, ends, target.keeps, max_number, witnesses)
    grade = target.grade(final)
    if grade is None:
        return None
    measurements = {
        "rooms": len(rooms),
        "room_sizes": [sum(room.bit_count() == s for room in rooms) for s in range(max_room + 1)],
        "widenings_tried": tried,
        "widenings_kept": kept,
        "slack": sum(slack(final, solution)),
        "screens": census(final, STRICT),
    }
    return Candidate(final, solution, measurements, grade)


# Widened boards need the budget almost always (the reference: 1 of 72 shipped boards fell to cell
# rules, and ration decided every one), and no board ever got past ration: a build aims at the two
# levels a board can land on, and a "pair" or "search" bucket would only ever be short. An attempt
# takes about a second (8x8), so a build's tasks make 4 boards each, not 64.
GENERATOR = Generator(genre=GENRE, version=VERSION, generate=generate, sample=sample,
                      grades=("cell", "ration"), boards_per_task=4)
