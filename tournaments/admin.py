"""Admin: staff can look into clubs and tournaments.  Results and games are
read-only here: they change only through the services (the pages and the
API), which lock the tournament and keep the automation consistent."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import (
    Club,
    ClubMembership,
    Participant,
    Round,
    Tournament,
    TournamentEvent,
    TournamentGame,
    TournamentInvitation,
)


class ClubMembershipInline(admin.TabularInline):
    model = ClubMembership
    fk_name = "club"
    extra = 0
    fields = ["user", "role", "status", "joined_at"]
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "join_policy", "created_by", "created_at"]
    list_filter = ["join_policy"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]
    inlines = [ClubMembershipInline]


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    fields = ["user", "status", "seed", "rating_at_start", "final_place"]
    readonly_fields = ["seed", "rating_at_start", "final_place"]
    raw_id_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "club",
        "game",
        "format",
        "players_per_table",
        "status",
        "registration_closes_at",
    ]
    list_filter = ["status", "format", "game"]
    search_fields = ["name", "club__name"]
    raw_id_fields = ["created_by", "club"]
    readonly_fields = ["status", "started_at", "finished_at", "draw_seed", "paused_seats"]
    inlines = [ParticipantInline]

    def get_readonly_fields(self, request, obj=None):
        """A pause may be set before the start (the tournament then starts
        paused); once it runs, only pause and resume change it: they stop
        and restart the clocks, and clearing it here would leave every
        stopped turn without a deadline (a later resume would then give
        each a whole new turn)."""
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.status != Tournament.Status.REGISTRATION:
            fields.append("paused_at")
        return fields


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = [
        "tournament",
        "number",
        "started_at",
        "deadline_at",
        "deadline_notified_at",
        "autoplay_started_at",
        "completed_at",
    ]
    list_filter = ["tournament"]


@admin.register(TournamentGame)
class TournamentGameAdmin(admin.ModelAdmin):
    list_display = ["tournament", "key", "match", "source", "decided_at"]
    list_filter = ["source"]
    search_fields = ["tournament__name", "key"]
    readonly_fields = [f.name for f in TournamentGame._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(TournamentEvent)
class TournamentEventAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind", "line", "user", "created_at"]
    list_filter = ["kind"]
    search_fields = ["tournament__name", "text"]
    readonly_fields = ["line", *(f.name for f in TournamentEvent._meta.fields)]

    @admin.display(description=_("line"))
    def line(self, event):
        """The line as the tournament's page shows it, in the reader's
        language (``text`` keeps it as logged)."""
        return event.shown_text


admin.site.register(
    TournamentInvitation,
    raw_id_fields=["user", "invited_by"],
    list_display=["tournament", "user", "created_at"],
)
