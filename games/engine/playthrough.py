"""Golden playthroughs: a seeded random game written out step by step.

For each step: who moved, the move in notation, the public events, then for
every seat (and the spectator) the parts of its view that changed since the
step before (top-level keys; the setup step shows whole views).  Unchanged
parts are not repeated, which keeps the files small and the diffs readable.  Committed playthrough files turn any change
to rules, RNG or views into a reviewable text diff (OpenSpiel's playthroughs).

Usage: ``python -m games.engine.playthrough alta 2 1 > seed_0001.txt``
(``manage.py playthrough`` does the same and can write the files in place).
"""

from __future__ import annotations

import json
import random
import sys

from .registry import get_rules


def _block(title: str, data: object) -> list[str]:
    return [f"  {title}: {json.dumps(data, sort_keys=True, separators=(',', ':'))}"]


def write_playthrough(slug: str, players: int, seed: int) -> str:
    """The whole playthrough as text (moves chosen by ``random.Random(seed)``)."""
    rules = get_rules(slug)
    chooser = random.Random(seed)
    state = rules.setup(players, seed)
    lines = [
        f"game: {slug} (engine version {rules.engine_version})",
        f"players: {players}",
        f"seed: {seed}",
        "",
    ]

    previous: dict[int | None, dict] = {}

    def views() -> None:
        for seat in [None, *range(players)]:
            view = rules.view(state, seat)
            title = "view spectator" if seat is None else f"view seat {seat + 1}"
            before = previous.get(seat)
            if before is None:
                lines.extend(_block(title, view))
            else:
                changed = {k: v for k, v in view.items() if before.get(k, ...) != v}
                gone = sorted(k for k in before if k not in view)
                if changed or gone:
                    lines.extend(_block(f"{title} changes", {**changed, **{k: None for k in gone}}))
            previous[seat] = view

    lines.append("step 0: setup")
    views()
    step = 0
    while rules.to_move(state):
        step += 1
        seat = chooser.choice(sorted(rules.to_move(state)))
        move = chooser.choice(list(rules.legal_moves(state, seat)))
        text = rules.format_move(state, seat, move)
        transition = rules.apply(state, seat, move)
        state = transition.state
        lines.append("")
        lines.append(f"step {step}: seat {seat + 1} plays {text}")
        for event in transition.events:
            if event.to is None:
                lines.append(f"  event: {event.text}")
        views()
    outcome = rules.outcome(state)
    lines.append("")
    lines.extend(_block("outcome", outcome.dump() if outcome else None))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m games.engine.playthrough SLUG PLAYERS SEED", file=sys.stderr)
        return 2
    sys.stdout.write(write_playthrough(argv[0], int(argv[1]), int(argv[2])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
