"""Pairing for every tournament format: pure functions over plain data.

No Django here: the inputs are ``tournaments.types``
values built from the database, the answers are games to create and
results to record.  Every function is a pure function of (players, results
so far, settings), so a repeated call gives the same answer and the Django
side can key the games it creates (``Table.key``) to stay idempotent.

Formats:

- :func:`single_elimination_bracket` (2 players) and :func:`table_knockout`
  (tables of more than 2, top M advance): ``elimination.py``, ``tables.py``.
- :func:`double_elimination_bracket` (2 players): ``double_elimination.py``.
- :func:`round_robin_round` (2 players, Berger tables, single or double)
  and :func:`group_stage` (tables of more than 2, groups then a final):
  ``round_robin.py``, ``tables.py``.
- :func:`dutch_pairing` (2 players, the Dutch system, the default),
  :func:`swiss_pairing` (2 players, Monrad with no avoidable rematch) and
  :func:`swiss_table_pairing` (tables of more than 2): ``dutch.py``,
  ``swiss.py``, ``swiss_tables.py``.

:func:`manual_round` plays a two-player Swiss round as an organiser paired
it by hand, and :func:`manual_check` warns of its rematches and first-move
problems: ``manual.py``.

Who moves first is part of every pairing: a table's players are in seat
order and the match keeps it (``colours.py`` for a two-player Swiss, the
Berger colours for a round robin, ``common.py`` for brackets and tables).

Brackets (single and double elimination) answer the whole bracket at once,
with the games ready to play; the other formats answer one round at a time,
from complete earlier rounds.
"""

from .bracket import Bracket, BracketGame
from .common import SeatBalance, table_sizes
from .double_elimination import double_elimination_bracket, drop_in_orders
from .dutch import dutch_pairing
from .elimination import bracket_size, seeding_order, single_elimination_bracket
from .manual import (
    Problem,
    manual_check,
    manual_errors,
    manual_reseat,
    manual_round,
    reseated,
    same_tables,
    tables_within,
)
from .round_robin import (
    berger_table,
    round_robin_round,
    round_robin_rounds,
    round_robin_schedule,
)
from .swiss import swiss_pairing
from .swiss_tables import swiss_table_pairing
from .tables import Knockout, group_stage, table_knockout

__all__ = [
    "Bracket",
    "BracketGame",
    "Knockout",
    "Problem",
    "manual_reseat",
    "reseated",
    "same_tables",
    "tables_within",
    "SeatBalance",
    "berger_table",
    "bracket_size",
    "double_elimination_bracket",
    "drop_in_orders",
    "dutch_pairing",
    "group_stage",
    "manual_check",
    "manual_errors",
    "manual_round",
    "round_robin_round",
    "round_robin_rounds",
    "round_robin_schedule",
    "seeding_order",
    "single_elimination_bracket",
    "swiss_pairing",
    "swiss_table_pairing",
    "table_knockout",
    "table_sizes",
]
