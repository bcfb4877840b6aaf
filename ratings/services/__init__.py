"""Write services for ratings and ladders: every change
goes through one of these functions, inside a transaction, holding the
locks its docstring names."""

from .challenges import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    challenge_take_back,
    challenges_expire,
    challenges_withdraw,
)
from .ladders import (
    ladder_capacity_set,
    ladder_join,
    ladder_leave,
    ladder_matchmake,
    ladders_matchmake,
)
from .rating import ApplyResult, rating_apply, ratings_rebuild, ratings_sweep

__all__ = [
    "ApplyResult",
    "challenge_accept",
    "challenge_create",
    "challenge_decline",
    "challenge_take_back",
    "challenges_expire",
    "challenges_withdraw",
    "ladder_capacity_set",
    "ladder_join",
    "ladder_leave",
    "ladder_matchmake",
    "ladders_matchmake",
    "rating_apply",
    "ratings_rebuild",
    "ratings_sweep",
]
