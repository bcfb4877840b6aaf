"""Write services for matches: every change to a match goes
through one of these functions, inside a transaction, holding the match lock.
"""

from core.errors import Conflict, GameActionError, LimitReached, MoveRejected, NotAllowed, NotFound

from .creation import match_create, match_create_seated
from .lifecycle import (
    invitation_accept,
    invitation_decline,
    match_cancel,
    match_cancel_unplayed,
    match_join,
    match_leave,
)
from .moves import MoveResult, match_resign, move_submit
from .rated import NewRating, match_ratings_record
from .rematch import match_rematch
from .seat_invitations import seat_invitation_take_back, seat_invite

__all__ = [
    "Conflict",
    "GameActionError",
    "LimitReached",
    "MoveRejected",
    "MoveResult",
    "NewRating",
    "NotAllowed",
    "NotFound",
    "invitation_accept",
    "invitation_decline",
    "match_cancel",
    "match_cancel_unplayed",
    "match_create",
    "match_create_seated",
    "match_join",
    "match_leave",
    "match_ratings_record",
    "match_rematch",
    "match_resign",
    "move_submit",
    "seat_invitation_take_back",
    "seat_invite",
]
