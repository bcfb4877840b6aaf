"""Output shapes of the tournament and club endpoints (names are unique in
the whole schema), and the functions that fill them."""

from __future__ import annotations

from urllib.parse import urlencode

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.api import InstantField
from games.models import TimeoutPolicy

from ..models import Club, ClubMembership, Participant, Tournament
from ..overview import GameRow, Overview
from ..overview_standings import points_text

#: A club's newest tournaments its answer lists; the rest are in the
#: tournament list (``tournaments_next``).
CLUB_TOURNAMENTS = 50

ELIMINATION_TIES = _(
    "An elimination game that ends in a shared first place is decided by the "
    "game's own tie-break first, then the higher seed goes through."
)


def _values(choices) -> str:
    return "One of: " + ", ".join(choices.values) + "."


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.IntegerField(allow_null=True)
    club_name = serializers.CharField(allow_null=True)
    game = serializers.CharField()
    game_name = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    players_per_table = serializers.IntegerField()
    # Plain strings with the values listed: several components have a
    # "status", and named enums for each would collide in the schema.
    status = serializers.CharField(help_text=_values(Tournament.Status))
    registered = serializers.IntegerField()
    capacity = serializers.IntegerField()
    registration_closes_at = InstantField()
    started_at = InstantField(allow_null=True)
    finished_at = InstantField(allow_null=True)


class TournamentSettingsSerializer(serializers.Serializer):
    rounds = serializers.IntegerField(allow_null=True)
    double_round_robin = serializers.BooleanField()
    pairing_system = serializers.ChoiceField(choices=Tournament.Pairing.values)
    third_place = serializers.BooleanField()
    late_registration = serializers.BooleanField()
    advance = serializers.IntegerField()
    days_per_move = serializers.IntegerField()
    bank_initial_days = serializers.IntegerField(allow_null=True)
    bank_increment_days = serializers.IntegerField()
    bank_cap_days = serializers.IntegerField(allow_null=True)
    weekends_off = serializers.BooleanField()
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.values)
    vacation_allowed = serializers.BooleanField()
    rated = serializers.BooleanField()
    registration_opens_at = InstantField(allow_null=True)
    registration_closes_at = InstantField()
    capacity = serializers.IntegerField()
    registration = serializers.ChoiceField(choices=Tournament.Registration.values)
    seeding = serializers.ChoiceField(choices=Tournament.Seeding.values)
    round_days = serializers.IntegerField(allow_null=True)
    elimination_ties = serializers.CharField()
    rounds_warning = serializers.CharField(
        allow_null=True,
        help_text="Swiss: why some players will meet twice (more rounds than players minus one), in the reader's "
        "language; allowed, only said.  Null otherwise.",
    )


class TournamentPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    status = serializers.CharField(help_text=_values(Participant.Status))
    seed = serializers.IntegerField(allow_null=True)
    rating_at_start = serializers.IntegerField(allow_null=True)
    final_place = serializers.IntegerField(allow_null=True)


class TournamentGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    key = serializers.CharField()
    round = serializers.IntegerField()
    status = serializers.CharField(help_text="One of: playing, finished, bye, forfeit, manual, waiting.")
    player_ids = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.CharField(), help_text="In seat order.")
    match = serializers.IntegerField(allow_null=True)
    to_move = serializers.ListField(child=serializers.CharField())
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Groups of players, best first; ties share one.",
    )
    forfeited = serializers.ListField(child=serializers.CharField())
    reason = serializers.CharField(allow_blank=True)


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    deadline_at = InstantField(allow_null=True)
    completed = serializers.BooleanField()
    games = TournamentGameSerializer(many=True)
    rests = serializers.ListField(
        child=serializers.CharField(),
        help_text="Round robin with an odd number: who has no game (and no points).",
    )
    paired_by_playing_organiser = serializers.CharField(
        allow_null=True,
        help_text="The organiser who paired this round by hand while playing in it (their display name), or null.",
    )


class TournamentStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    display_name = serializers.CharField()
    points = serializers.CharField(help_text="Exact points, e.g. 2½ or 1.67.")
    buchholz = serializers.CharField()
    sonneborn_berger = serializers.CharField()
    wins = serializers.IntegerField(
        help_text="Games won over the board: a round robin's tie-break after Sonneborn-Berger and the games "
        "between the tied players."
    )
    rating = serializers.IntegerField()
    played = serializers.IntegerField()
    unplayed = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    replaced = serializers.ListField(
        child=serializers.CharField(), help_text="Who held the place before a substitute (results stay with it)."
    )


class TournamentBracketSlotSerializer(serializers.Serializer):
    display_name = serializers.CharField(allow_null=True)
    # The metaclass moves declared fields off the class; the stubs see Field.source.
    source = serializers.CharField()  # type: ignore[assignment]
    won = serializers.BooleanField()
    lost = serializers.BooleanField()


class TournamentBracketGameSerializer(serializers.Serializer):
    key = serializers.CharField()
    round = serializers.IntegerField()
    status = serializers.CharField()
    slots = TournamentBracketSlotSerializer(many=True)


class TournamentBracketSectionSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    games = TournamentBracketGameSerializer(many=True)


class TournamentDetailSerializer(TournamentSummarySerializer):
    description = serializers.CharField(allow_blank=True)
    settings = TournamentSettingsSerializer()
    players = TournamentPlayerSerializer(many=True)
    rounds = TournamentRoundSerializer(many=True)
    standings = TournamentStandingSerializer(many=True)
    bracket = TournamentBracketSectionSerializer(many=True)
    champion = serializers.CharField(allow_null=True)
    can_manage = serializers.BooleanField()
    paused = serializers.BooleanField(help_text="An organiser paused it: clocks stopped, nothing paired.")


def summary_data(tournament: Tournament, registered: int) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "club": tournament.club_id,
        "club_name": tournament.club.name if tournament.club else None,
        "game": tournament.game,
        "game_name": tournament.game_name,
        "format": tournament.format,
        "players_per_table": tournament.players_per_table,
        "status": tournament.status,
        "registered": registered,
        "capacity": tournament.capacity,
        "registration_closes_at": tournament.registration_closes_at,
        "started_at": tournament.started_at,
        "finished_at": tournament.finished_at,
    }


def _game_data(row: GameRow, number: int) -> dict:
    game = row.game
    return {
        "id": game.pk,
        "key": game.key,
        "round": number,
        "status": row.status,
        "player_ids": list(game.players),
        "players": row.names,
        "match": game.match_id,
        "to_move": row.to_move,
        "ranking": row.result,
        "forfeited": row.forfeited,
        "reason": game.reason,
    }


def detail_data(overview: Overview, *, can_manage: bool) -> dict:
    t = overview.tournament
    # .keys(): the stubs type iterating a serializer's BindingDict as its fields.
    names = TournamentSettingsSerializer().fields.keys()  # noqa: SIM118
    settings = {name: getattr(t, name) for name in names if name not in ("elimination_ties", "rounds_warning")}
    settings["elimination_ties"] = str(ELIMINATION_TIES)
    settings["rounds_warning"] = overview.rounds_warning or None
    data = {
        **summary_data(t, len(overview.participants)),
        "description": t.description,
        "paused": t.paused_at is not None,
        "settings": settings,
        "players": [
            {
                "id": p.pk,
                "display_name": p.user.display_name,
                "status": p.status,
                "seed": p.seed,
                "rating_at_start": p.rating_at_start,
                "final_place": p.final_place,
            }
            for p in overview.participants
        ],
        "rounds": [
            {
                "number": r.number,
                "deadline_at": r.deadline_at,
                "completed": r.completed,
                "games": [_game_data(row, r.number) for row in r.games],
                "rests": r.rests,
                "paired_by_playing_organiser": r.paired_by or None,
            }
            for r in overview.rounds
        ],
        "standings": [
            {
                "rank": s.rank,
                "player": s.participant.pk,
                "display_name": s.participant.user.display_name,
                # One notation whatever the reader's language (the page's is localised).
                "points": points_text(s.exact[0]),
                "buchholz": points_text(s.exact[1]),
                "sonneborn_berger": points_text(s.exact[2]),
                "wins": s.wins,
                "rating": s.rating,
                "played": s.played,
                "unplayed": s.unplayed,
                "withdrawn": s.withdrawn,
                "replaced": s.replaced,
            }
            for s in overview.standings
        ],
        "bracket": [
            {
                "name": section.name,
                "title": section.title,
                "games": [
                    {
                        "key": box.key,
                        "round": number,
                        "status": box.status,
                        "slots": [
                            {
                                "display_name": slot.name,
                                "source": slot.source,
                                "won": slot.won,
                                "lost": slot.lost,
                            }
                            for slot in box.slots
                        ],
                    }
                    for number, boxes in section.columns
                    for box in boxes
                ],
            }
            for section in overview.bracket
        ],
        "champion": overview.champion,
        "can_manage": can_manage,
    }
    return TournamentDetailSerializer(data).data


# ------------------------------------------------------------------ clubs
class ClubSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    join_policy = serializers.ChoiceField(choices=Club.JoinPolicy.values)
    members = serializers.IntegerField()


class ClubMemberSerializer(serializers.Serializer):
    user = serializers.IntegerField()
    display_name = serializers.CharField()
    role = serializers.ChoiceField(choices=ClubMembership.Role.values)
    status = serializers.CharField(help_text=_values(ClubMembership.Status))


class ClubDetailSerializer(ClubSummarySerializer):
    member_list = ClubMemberSerializer(many=True, help_text=_("Members; organisers also see requests and invitations."))
    tournaments = TournamentSummarySerializer(many=True, help_text=_("The newest 50."))
    tournaments_next = serializers.URLField(
        allow_null=True,
        help_text="While the club has more: its older tournaments, as the tournament list's next page "
        "(follow its Link header from there); null when tournaments holds them all.",
    )
    your_status = serializers.CharField(allow_null=True)
    is_organiser = serializers.BooleanField()


def club_summary_data(club: Club, members: int) -> dict:
    return {
        "id": club.pk,
        "name": club.name,
        "description": club.description,
        "join_policy": club.join_policy,
        "members": members,
    }


def club_detail_data(club: Club, user, *, organiser: bool, tournaments_url: str) -> dict:
    """The club as ``user`` sees it; ``tournaments_url``: the absolute URL
    of the tournament list, where its older tournaments are."""
    from ..selectors import club_members

    memberships = list(club_members(club))
    visible = [m for m in memberships if organiser or m.status == ClubMembership.Status.ACTIVE]
    mine = next((m for m in memberships if user.is_authenticated and m.user_id == user.pk), None)
    # The tournament list's order, so that its page at the offset goes on from here.
    tournaments = list(club.tournaments.select_related("club").order_by("-created_at", "-pk")[: CLUB_TOURNAMENTS + 1])
    more, tournaments = len(tournaments) > CLUB_TOURNAMENTS, tournaments[:CLUB_TOURNAMENTS]
    counts = {t.pk: t.participants.count() for t in tournaments}
    data = {
        **club_summary_data(club, sum(m.status == ClubMembership.Status.ACTIVE for m in memberships)),
        "member_list": [
            {
                "user": m.user_id,
                "display_name": m.user.display_name,
                "role": m.role,
                "status": m.status,
            }
            for m in visible
        ],
        "tournaments": [summary_data(t, counts[t.pk]) for t in tournaments],
        "tournaments_next": f"{tournaments_url}?{urlencode({'club': club.pk, 'offset': CLUB_TOURNAMENTS})}"
        if more
        else None,
        "your_status": None if mine is None else mine.status,
        "is_organiser": organiser,
    }
    return ClubDetailSerializer(data).data
