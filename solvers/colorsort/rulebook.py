"""The rulebook validator: replays pours from the rules alone (it shares no code with the solvers).

Rules: a pour takes units from the top of one tube and puts them on top of another, one by one,
while the unit on top of the source is the colour it started with and the destination has room;
it is allowed only between two different tubes, from a tube that is not empty, into a tube that
is not full and is empty or shows that same colour on top. The puzzle is solved when every tube
is empty or full of a single colour.
"""

from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution


def _pour_fault(tubes: list[list[int]], capacity: int, source: int, target: int) -> str | None:
    """Return why pouring `source` into `target` breaks the rules, or None when it is allowed."""
    for tube in (source, target):
        if not 0 <= tube < len(tubes):
            return f"there is no tube {tube}"
    if source == target:
        return "a tube cannot pour into itself"
    if not tubes[source]:
        return f"tube {source} is empty"
    if len(tubes[target]) >= capacity:
        return f"tube {target} is full"
    if tubes[target] and tubes[target][-1] != tubes[source][-1]:
        return (f"colour {tubes[source][-1]} cannot go onto colour {tubes[target][-1]} "
                f"(tube {target})")
    return None


def check(puzzle: ColorSortPuzzle, solution: ColorSortSolution) -> list[str]:
    """Return the rule violations of playing `solution` on `puzzle` ([] when it sorts it).

    Replay stops at the first illegal pour, which is then the only violation reported.
    """
    capacity = puzzle.capacity
    tubes = [list(tube) for tube in puzzle.tubes]
    for number, (source, target) in enumerate(solution.moves):
        fault = _pour_fault(tubes, capacity, source, target)
        if fault:
            return [f"pour {number} ({source}>{target}): {fault}"]
        colour = tubes[source][-1]
        while tubes[source] and tubes[source][-1] == colour and len(tubes[target]) < capacity:
            tubes[target].append(tubes[source].pop())
    return [f"tube {index} is not sorted at the end: {tube}"
            for index, tube in enumerate(tubes)
            if tube and (len(tube) != capacity or len(set(tube)) != 1)]
