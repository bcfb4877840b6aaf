"""Admin: staff create and close ladders here; ratings are read-only
(they change only through games, or ``manage.py ratings_rebuild``)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import (
    Challenge,
    Ladder,
    LadderGame,
    LadderMembership,
    Rating,
    RatingChange,
)


class LadderMembershipInline(admin.TabularInline):
    model = LadderMembership
    extra = 0
    fields = ["user", "capacity", "joined_at", "left_at"]
    raw_id_fields = ["user"]


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "game",
        "players",
        "days_per_move",
        "timeout_policy",
        "active",
    ]
    list_filter = ["game", "players", "active"]
    search_fields = ["name"]
    inlines = [LadderMembershipInline]


@admin.register(LadderGame)
class LadderGameAdmin(admin.ModelAdmin):
    list_display = ["match", "ladder", "origin", "created_at"]
    list_filter = ["ladder", "origin"]
    raw_id_fields = ["match"]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = [
        "ladder",
        "challenger",
        "challenged",
        "status",
        "created_at",
        "expires_at",
    ]
    list_filter = ["status", "ladder"]
    raw_id_fields = ["challenger", "challenged", "match"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "rating", "games", "peak", "last_played_at"]
    list_filter = ["game"]
    search_fields = ["user__display_name", "user__email"]

    @admin.display(description=_("rating"))
    def rating(self, obj):
        return obj.display


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["match", "user", "game", "old", "new", "delta", "k", "place"]
    list_filter = ["game"]
    search_fields = ["user__display_name"]
