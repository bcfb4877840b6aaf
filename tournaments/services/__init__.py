"""Write services for clubs and tournaments: every change
goes through one of these functions, in a transaction, holding the club or
tournament row lock.  Errors are the games app's ``GameActionError``
family, so pages and the API report them the same way."""

from .byes import bye_request, bye_withdraw
from .club_email import club_email_invitation_accept
from .clubs import (
    club_create,
    club_email_invitation_take_back,
    club_invite,
    club_join,
    club_leave,
    club_member_promote,
    club_member_remove,
    club_request_approve,
)
from .deadlines import match_autoplay, round_deadlines_sweep
from .entries import participant_add_late, participant_reinstate, round_kept_from_reinstated
from .manual import (
    SEATS,
    TABLES,
    Proposal,
    bracket_note,
    pairing_by_hand_possible,
    round_pairing_proposal,
    round_pairing_refusal,
    round_pairing_set,
)
from .messages import players_message
from .organiser import (
    game_result_set,
    participant_disqualify,
    participant_withdraw,
    round_extend,
    tournament_cancel,
)
from .pausing import tournament_pause, tournament_resume
from .running import (
    AdvanceReport,
    players_needed,
    tournament_advance,
    tournament_game_finished,
    tournament_start,
)
from .setup import (
    participant_replace,
    tournament_create,
    tournament_invite,
    tournament_register,
    tournament_seeds_set,
    tournament_unregister,
)
from .sweeps import tournaments_start_due, tournaments_sweep
from .tournament_email import (
    tournament_email_invitation_accept,
    tournament_email_invitation_open,
    tournament_email_invitation_take_back,
)

__all__ = [
    "Proposal",
    "round_pairing_proposal",
    "round_pairing_refusal",
    "round_pairing_set",
    "SEATS",
    "TABLES",
    "bracket_note",
    "pairing_by_hand_possible",
    "tournament_resume",
    "tournament_pause",
    "players_message",
    "participant_add_late",
    "participant_reinstate",
    "round_kept_from_reinstated",
    "bye_request",
    "bye_withdraw",
    "AdvanceReport",
    "players_needed",
    "club_create",
    "club_email_invitation_accept",
    "club_email_invitation_take_back",
    "club_invite",
    "club_join",
    "club_leave",
    "club_member_promote",
    "club_member_remove",
    "club_request_approve",
    "game_result_set",
    "match_autoplay",
    "participant_disqualify",
    "participant_replace",
    "participant_withdraw",
    "round_deadlines_sweep",
    "round_extend",
    "tournament_advance",
    "tournament_cancel",
    "tournament_create",
    "tournament_email_invitation_accept",
    "tournament_email_invitation_open",
    "tournament_email_invitation_take_back",
    "tournament_game_finished",
    "tournament_invite",
    "tournament_register",
    "tournament_seeds_set",
    "tournament_start",
    "tournament_unregister",
    "tournaments_start_due",
    "tournaments_sweep",
]
