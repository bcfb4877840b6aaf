"""Staff views of matches, their seats and logs, and players' deadline
settings and vacations (read-mostly: game state changes go through services)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import ChatMessage, DeadlineSettings, Match, MatchEvent, MoveRecord, Seat, Vacation

_SEAT_FIELDS = ("index", "user", "deadline_at", "score", "place", "departed")


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = readonly_fields = _SEAT_FIELDS
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "status", "players", "ply", "rated", "created_at", "finished_at"]
    list_filter = ["status", "game", "rated"]
    search_fields = ["pk", "seats__user__display_name"]
    readonly_fields = ["state", "seed", "seed_salt", "seed_commitment", "outcome", "ply", "engine_version"]
    inlines = [SeatInline]


@admin.register(MoveRecord)
class MoveRecordAdmin(admin.ModelAdmin):
    list_display = ["match", "ply", "seat_index", "kind", "source", "text", "created_at"]
    list_filter = ["kind", "source"]
    readonly_fields = [f.name for f in MoveRecord._meta.fields]


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):
    list_display = ["match", "kind", "line", "created_at"]
    list_filter = ["kind"]
    readonly_fields = ["line", *(f.name for f in MatchEvent._meta.fields)]

    @admin.display(description=_("line"))
    def line(self, event):
        """The line in the reader's language and zone (``text`` keeps it
        as logged)."""
        return event.shown_text


admin.site.register(DeadlineSettings)
admin.site.register(Vacation)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Moderation: staff read every game's chat (the text is escaped here
    as everywhere)."""

    list_display = ["match", "author", "seat_index", "source", "text", "created_at"]
    list_filter = ["source"]
    search_fields = ["match__pk", "author__display_name", "text"]
    raw_id_fields = ["match", "author"]
    readonly_fields = ["created_at", "source", "seat_index"]
