"""Output shapes shared by the game endpoints."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api import InstantField
from games.boards import playable_slugs
from games.deadlines.selectors import away_until
from games.organised import event_context
from games.timing.limits import MAX_BANK_DAYS, MAX_DAYS_PER_MOVE


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True, help_text="1-based seat number, once drawn.")
    display_name = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=["open", "invited", "joined"])
    to_move = serializers.BooleanField(
        help_text="The player must move.  Also while their clock is stopped (a paused tournament): then "
        "deadline_at is null."
    )
    deadline_at = InstantField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    departed = serializers.CharField(allow_blank=True)
    away_until = InstantField(
        allow_null=True,
        help_text="While the player is on vacation in a running game: when it ends. Their clock is stopped "
        "unless the game forbids vacations (vacation_allowed).",
    )


def player_data(seat, away: dict[int, dt.datetime], *, active: bool = True) -> dict:
    """One seat for the API; ``active``: its match is in play (a finished
    match keeps its last turn's start, but nobody is to move)."""
    if seat.user_id:
        status, name = "joined", seat.user.display_name
    elif seat.is_reserved:
        status, name = "invited", seat.invited_user.display_name if seat.invited_user_id else None
    else:
        status, name = "open", None
    return {
        "seat": seat.number,
        "display_name": name,
        "status": status,
        # A turn runs from its start, its deadline empty while stopped (a paused tournament).
        "to_move": active and (seat.turn_started_at is not None or seat.deadline_at is not None),
        "deadline_at": seat.deadline_at,
        "score": seat.score,
        "place": seat.place,
        "departed": seat.departed,
        "away_until": away.get(seat.user_id),
    }


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.ChoiceField(choices=playable_slugs())
    game_name = serializers.CharField()
    status = serializers.CharField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    days_per_move = serializers.IntegerField()
    bank_initial_days = serializers.IntegerField(allow_null=True)
    bank_increment_days = serializers.IntegerField()
    bank_cap_days = serializers.IntegerField(allow_null=True)
    weekends_off = serializers.BooleanField()
    vacation_allowed = serializers.BooleanField()
    timeout_policy = serializers.CharField()
    ply = serializers.IntegerField()
    created_by = serializers.CharField()
    created_at = InstantField()
    started_at = InstantField(allow_null=True)
    finished_at = InstantField(allow_null=True)
    seats = PlayerSerializer(many=True)
    url = serializers.CharField()


def match_data(match, seats=None, *, away: dict[int, dt.datetime] | None = None) -> dict:
    """A match for lists; ``away`` (``players_away``) is read when not given."""
    seats = list(match.seats.all() if seats is None else seats)
    if away is None:  # one game: the settings its seats carry, or one query
        away = away_until({s.user_id for s in seats}, now=timezone.now(), seats=seats) if match.is_active else {}
    seats = sorted(seats, key=lambda s: s.table_order())
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": match.game_name,
        "status": match.status,
        "players": match.players,
        "rated": match.rated,
        "days_per_move": match.days_per_move,
        "bank_initial_days": match.bank_initial_days,
        "bank_increment_days": match.bank_increment_days,
        "bank_cap_days": match.bank_cap_days,
        "weekends_off": match.weekends_off,
        "vacation_allowed": match.vacation_allowed,
        "timeout_policy": match.timeout_policy,
        "ply": match.ply,
        "created_by": match.created_by.display_name,
        "created_at": match.created_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "seats": [player_data(s, away, active=match.is_active) for s in seats],
        "url": match.get_absolute_url(),
    }


@extend_schema_field({"type": "object", "additionalProperties": True})
class ViewField(serializers.JSONField):
    """The engine's view for the caller's seat (game-specific JSON)."""


class SeatRevealSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="1-based seat number.")
    score = serializers.IntegerField()
    revealed = serializers.DictField(
        help_text="What the rules reveal at the end (hands, merchant cards); game-specific."
    )
    breakdown = serializers.DictField(help_text="The score breakdown; game-specific.")


class StartDealSerializer(serializers.Serializer):
    """One event of the face-up start deal (``games.selectors.match_start_deal``)."""

    kind = serializers.CharField(help_text='What was dealt: "deal" (Alhambra\'s start money to one player).')
    seat = serializers.IntegerField(required=False, help_text="The seat dealt to, numbered from 1.")
    player = serializers.CharField(required=False, help_text="That seat's player.")
    hand = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text='The cards dealt, as the view writes a hand ("ducat 3").',
    )
    cards = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="The same cards as codes, as the move form writes money cards.",
    )
    total = serializers.IntegerField(required=False, help_text="The cards' total value.")


class GameTournamentSerializer(serializers.Serializer):
    """The tournament, round and board of a tournament's game; null for a
    casual or ladder game.  Only what the tournament's page shows everyone."""

    id = serializers.IntegerField(help_text="The tournament's id (/api/tournaments/{id}/).")
    name = serializers.CharField()
    round = serializers.IntegerField(help_text="The round the game is played in, from 1.")
    board = serializers.CharField(
        help_text='Where in the round, as the tournament page labels it, in your language ("board T1", '
        '"table T2", "final").'
    )
    line = serializers.CharField(
        help_text="All three in one line, in your language, as the game's page and mails open: \"Club Cup · "
        'round 2 · board T1".'
    )
    url = serializers.CharField(help_text="The tournament's page.")


def event_data(match) -> dict | None:
    """``match``'s tournament (``GameTournamentSerializer``) in the active language;
    None for a casual or ladder game, read without a query."""
    event = event_context(match)
    if event is None or event.round is None:  # a ladder's game: it has no rounds, it is no tournament
        return None
    return {
        "id": event.id,
        "name": event.name,
        "round": event.round,
        "board": event.place(),
        "line": event.line(),
        "url": event.url,
    }


class MatchDetailSerializer(MatchSummarySerializer):
    your_seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    view = ViewField(allow_null=True)
    outcome = serializers.JSONField(allow_null=True)
    reveal = serializers.ListField(
        child=SeatRevealSerializer(),
        allow_null=True,
        help_text="Once the game is over (else null): each seat's holdings as the rules reveal them and its "
        "score breakdown.",
    )
    start = serializers.ListField(
        child=serializers.CharField(),
        help_text="What every player saw dealt face up before the first move, one sentence per event in your "
        "language (Alhambra: each player's start money); nothing dealt or drawn later. Empty for a game that "
        "deals nothing face up, or before it starts.",
    )
    start_deal = serializers.ListField(
        child=StartDealSerializer(),
        help_text="The same start deal dealt face up as data, one entry per event in the order of start "
        "(Alhambra: per player its start money); nothing hidden, dealt or drawn later. Empty where start is.",
    )
    seed = serializers.IntegerField(allow_null=True, help_text="Published once the game is over.")
    seed_commitment = serializers.CharField(
        allow_blank=True, help_text="SHA-256 of salt:seed, published when the game starts (/api/games/{id}/audit/)."
    )
    seed_salt = serializers.CharField(allow_null=True, help_text="Published once the game is over.")
    rematch_of = serializers.IntegerField(allow_null=True, help_text="The finished game this one is a rematch of.")
    # Described by its serializer's docstring (the schema's component).
    tournament = GameTournamentSerializer(allow_null=True)


class NotPlayedSerializer(serializers.Serializer):
    """The end of your message that was not played: a move of it turned up
    cards you had not seen (a sale's card, a refresh), so the moves before
    the one refused stand, as at the table, and the rest was not played."""

    moves = serializers.ListField(child=serializers.CharField(), help_text="The moves not played, as you wrote them.")
    reason = serializers.CharField(help_text="Why the first of them was not played, in your language.")


class MovePlayedSerializer(MatchDetailSerializer):
    """The game after your move; ``not_played`` is null when every move you
    sent was played."""

    # Described by its serializer's docstring (the schema's component).
    not_played = NotPlayedSerializer(allow_null=True)


class TimeControlInputSerializer(serializers.Serializer):
    """The Fischer bank and the weekend rule of a time control, as a casual
    game and a tournament take them (checked together by the service:
    ``games.timing.clock.time_control_clean``)."""

    bank_initial_days = serializers.IntegerField(
        min_value=1,
        max_value=MAX_DAYS_PER_MOVE,
        required=False,
        allow_null=True,
        default=None,
        help_text="Fischer bank: the days each player starts with (empty: no bank, days_per_move each turn).",
    )
    bank_increment_days = serializers.IntegerField(
        min_value=0, max_value=MAX_DAYS_PER_MOVE, default=0, help_text="Fischer bank: days added per move."
    )
    bank_cap_days = serializers.IntegerField(
        min_value=1,
        max_value=MAX_BANK_DAYS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Fischer bank: the most days it holds (empty: the larger of the initial days and the increment).",
    )
    weekends_off = serializers.BooleanField(
        default=False, help_text="No clock at weekends, in each player's own time zone."
    )
