"""Output shapes of the ladder and rating endpoints (names unique across the
whole API: drf-spectacular turns them into schema components)."""

from __future__ import annotations

from rest_framework import serializers

from core.api import InstantField
from ratings.calculator import is_provisional, rating_display


class LadderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    players = serializers.IntegerField(help_text="Players at every table.")
    days_per_move = serializers.IntegerField()
    timeout_policy = serializers.CharField()
    active = serializers.BooleanField()
    member_count = serializers.IntegerField()
    url = serializers.CharField()


def ladder_data(ladder, member_count: int) -> dict:
    return {
        "id": ladder.pk,
        "name": ladder.name,
        "game": ladder.game,
        "game_name": ladder.game_name,
        "players": ladder.players,
        "days_per_move": ladder.days_per_move,
        "timeout_policy": ladder.timeout_policy,
        "active": ladder.active,
        "member_count": member_count,
        "url": ladder.get_absolute_url(),
    }


class LadderRankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text='1-based; shared by players whose ratings read the same ("1, 1, 3").')
    player = serializers.CharField(help_text="Display name.")
    rating = serializers.FloatField(help_text="Full precision.")
    rating_shown = serializers.CharField(help_text='Rounded; "?" marks a provisional rating.')
    provisional = serializers.BooleanField()
    rating_games = serializers.IntegerField(help_text="Rated games in this game kind.")
    games = serializers.IntegerField(help_text="Finished games in this ladder.")
    wins = serializers.IntegerField(help_text="First places in this ladder.")
    running = serializers.IntegerField(help_text="Ladder games running now.")
    last_active = InstantField()
    trend = serializers.ListField(child=serializers.FloatField(), help_text="Recent ratings, oldest first.")


def ranking_row_data(row) -> dict:
    return {
        "rank": row.rank,
        "player": row.user.display_name,
        "rating": row.rating,
        "rating_shown": row.display,
        "provisional": row.provisional,
        "rating_games": row.rating_games,
        "games": row.stats.played,
        "wins": row.stats.wins,
        "running": row.stats.running,
        "last_active": row.last_active,
        "trend": row.trend,
    }


class LadderRankingSerializer(serializers.Serializer):
    ladder = LadderSerializer()
    ranking = LadderRankingRowSerializer(many=True)


class LadderMembershipSerializer(serializers.Serializer):
    ladder = serializers.IntegerField()
    member = serializers.BooleanField(help_text="False once you have left.")
    capacity = serializers.IntegerField()
    joined_at = InstantField()
    left_at = InstantField(allow_null=True)


def membership_data(membership) -> dict:
    return {
        "ladder": membership.ladder_id,
        "member": membership.is_current,
        "capacity": membership.capacity,
        "joined_at": membership.joined_at,
        "left_at": membership.left_at,
    }


class LadderChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    ladder = serializers.IntegerField()
    challenger = serializers.CharField()
    challenged = serializers.CharField()
    status = serializers.CharField()
    created_at = InstantField()
    expires_at = InstantField()
    answered_at = InstantField(allow_null=True)
    match = serializers.IntegerField(allow_null=True, help_text="The game, once accepted.")
    match_url = serializers.CharField(allow_null=True)


def challenge_data(challenge) -> dict:
    return {
        "id": challenge.pk,
        "ladder": challenge.ladder_id,
        "challenger": challenge.challenger.display_name,
        "challenged": challenge.challenged.display_name,
        "status": challenge.status,
        "created_at": challenge.created_at,
        "expires_at": challenge.expires_at,
        "answered_at": challenge.answered_at,
        "match": challenge.match_id,
        "match_url": challenge.match.get_absolute_url() if challenge.match_id else None,
    }


class RatingSummarySerializer(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    rating = serializers.FloatField(help_text="Full precision.")
    rating_shown = serializers.CharField(help_text='Rounded; "?" marks a provisional rating.')
    provisional = serializers.BooleanField()
    games = serializers.IntegerField()
    peak = serializers.FloatField()
    last_played_at = InstantField(allow_null=True)


def rating_data(rating) -> dict:
    return {
        "game": rating.game,
        "game_name": rating.game_name,
        "rating": rating.value,
        "rating_shown": rating_display(rating.value, rating.games),
        "provisional": is_provisional(rating.games),
        "games": rating.games,
        "peak": rating.peak,
        "last_played_at": rating.last_played_at,
    }


class RatingHistoryEntrySerializer(serializers.Serializer):
    match = serializers.IntegerField()
    finished_at = InstantField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    old = serializers.FloatField()
    new = serializers.FloatField(help_text="Full precision.")
    delta = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games in this kind, this one included.")


class RatingHistorySerializer(RatingSummarySerializer):
    history = serializers.ListField(child=RatingHistoryEntrySerializer(), help_text="Every rated game, oldest first.")


def history_entry_data(change) -> dict:
    return {
        "match": change.match_id,
        "finished_at": change.finished_at,
        "place": change.place,
        "players": change.players,
        "old": change.old,
        "new": change.new,
        "delta": change.delta,
        "games": change.games,
    }
