"""The limits' names where ``tournaments`` imports them; they are
``games.timing.limits`` (next to the clock that enforces them).  Import
from there."""

from games.timing.limits import MAX_BANK_DAYS, MAX_DAYS_PER_MOVE

__all__ = ["MAX_BANK_DAYS", "MAX_DAYS_PER_MOVE"]
