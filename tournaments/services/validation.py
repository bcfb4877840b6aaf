"""Checking a tournament's settings before it is created."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from games.models import TimeoutPolicy
from games.services import GameActionError
from games.timing.clock import time_control_clean

from ..models import MAX_CAPACITY, MAX_ROUNDS, Club, Tournament

MAX_ROUND_DAYS = 365
#: Registration opens and closes within this many days of now.  Beyond it
#: a date is a typo, and one near year 1 or 9999 cannot even be shown in
#: every reader's time zone.
MAX_REGISTRATION_DAYS = 365
Format = Tournament.Format


def invalid(message: str, code: str = "invalid_settings") -> GameActionError:
    return GameActionError(message, code=code)


def settings_clean(
    *,
    game: str,
    players_per_table: int,
    format: str,
    rounds: int | None,
    double_round_robin: bool,
    third_place: bool,
    late_registration: bool = False,
    pairing_system: str = Tournament.Pairing.DUTCH,
    advance: int,
    days_per_move: int,
    timeout_policy: str,
    bank_initial_days: int | None = None,
    bank_increment_days: int = 0,
    bank_cap_days: int | None = None,
    weekends_off: bool = False,
    vacation_allowed: bool = True,
    registration_opens_at: dt.datetime | None,
    registration_closes_at: dt.datetime,
    capacity: int,
    registration: str,
    seeding: str,
    round_days: int | None,
    club: Club | None,
    now: dt.datetime,
    **ignored,
) -> dict:
    """Check a tournament's settings and return the model field values
    (options that do not apply to the format are reset).

    The time control (days per move, the optional Fischer bank, weekends
    off, vacations) is checked as a casual game's is, by
    ``games.timing.clock.time_control_clean``: the tournament's games
    must accept what the tournament promised its players.

    :raises GameActionError: naming the first problem found.
    """
    from games.boards import playable_slugs
    from games.engine import get_rules

    if game not in playable_slugs():
        raise invalid(_("Unknown game %(game)s.") % {"game": repr(game)}, "unknown_game")
    rules = get_rules(game)
    if not max(2, rules.min_players) <= players_per_table <= rules.max_players:
        raise invalid(
            _("%(game)s is played by %(min)s to %(max)s players at a table.")
            % {"game": rules.name, "min": rules.min_players, "max": rules.max_players},
            "invalid_players",
        )
    if format not in Format.values:
        raise invalid(_("Unknown format."), "invalid_format")
    pairs = players_per_table == 2
    if format == Format.DOUBLE_ELIMINATION and not pairs:
        raise invalid(_("Double elimination needs two-player games."), "invalid_format")
    if format == Format.SWISS:
        if rounds is None or not 1 <= rounds <= MAX_ROUNDS:
            raise invalid(
                _("A Swiss tournament needs 1 to %(max)s rounds.") % {"max": MAX_ROUNDS},
                "invalid_rounds",
            )
    else:
        rounds = None
    knockout_of_tables = not pairs and format in (
        Format.SINGLE_ELIMINATION,
        Format.ROUND_ROBIN,
    )
    if knockout_of_tables and not 1 <= advance < players_per_table:
        raise invalid(
            _("Between 1 and %(max)s players of each table go through.") % {"max": players_per_table - 1},
            "invalid_advance",
        )
    if not knockout_of_tables:
        advance = 1
    time_control = time_control_clean(
        days_per_move=days_per_move,
        bank_initial_days=bank_initial_days,
        bank_increment_days=bank_increment_days,
        bank_cap_days=bank_cap_days,
        weekends_off=weekends_off,
        vacation_allowed=vacation_allowed,
    )
    if timeout_policy not in TimeoutPolicy.values:
        raise invalid(_("Unknown timeout policy."), "invalid_timeout_policy")
    if registration_closes_at <= now:
        raise invalid(_("Registration must close in the future."), "invalid_registration")
    if registration_opens_at is not None and registration_opens_at >= registration_closes_at:
        raise invalid(_("Registration must open before it closes."), "invalid_registration")
    within = dt.timedelta(days=MAX_REGISTRATION_DAYS)
    if registration_closes_at > now + within or (registration_opens_at or now) < now - within:
        raise invalid(
            _("Registration must open and close within %(days)s days of now.") % {"days": MAX_REGISTRATION_DAYS},
            "invalid_registration",
        )
    if not 2 <= capacity <= MAX_CAPACITY:
        raise invalid(
            _("Capacity must be between 2 and %(max)s players.") % {"max": MAX_CAPACITY},
            "invalid_capacity",
        )
    if registration not in Tournament.Registration.values:
        raise invalid(_("Unknown registration policy."), "invalid_registration")
    if registration == Tournament.Registration.MEMBERS and club is None:
        raise invalid(_("Only a club tournament can be for club members."), "invalid_registration")
    if pairing_system not in Tournament.Pairing.values:
        raise invalid(_("Unknown pairing system."), "invalid_pairing_system")
    if seeding not in Tournament.Seeding.values:
        raise invalid(_("Unknown seeding."), "invalid_seeding")
    if round_days is not None and not 1 <= round_days <= MAX_ROUND_DAYS:
        raise invalid(
            _("A round deadline must be 1 to %(max)s days.") % {"max": MAX_ROUND_DAYS},
            "invalid_deadline",
        )
    return {
        "game": game,
        "players_per_table": players_per_table,
        "format": format,
        "rounds": rounds,
        "advance": advance,
        "double_round_robin": bool(double_round_robin) and pairs and format == Format.ROUND_ROBIN,
        "third_place": bool(third_place) and pairs and format == Format.SINGLE_ELIMINATION,
        "late_registration": bool(late_registration) and format == Format.SWISS,
        **time_control,
        "timeout_policy": timeout_policy,
        "registration_opens_at": registration_opens_at,
        "registration_closes_at": registration_closes_at,
        "capacity": capacity,
        "registration": registration,
        "seeding": seeding,
        "pairing_system": pairing_system,
        "round_days": round_days,
    }
