"""Matches, their seats, the move log and lifecycle events.

``Match.state`` holds the engine's full dump, secrets included: it is read
only by services, which render everything a person sees through the
engine's ``view(state, seat)``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


class TimeoutPolicy(models.TextChoices):
    AUTO = "auto", "Play a default move (dropped after 3 in a row)"
    FORFEIT = "forfeit", "Lose the game"


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    game = models.CharField(max_length=32, help_text="Registry slug of the game.")
    engine_version = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_matches"
    )
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    players = models.PositiveSmallIntegerField()
    rated = models.BooleanField(default=False)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    timeout_policy = models.CharField(
        max_length=16, choices=TimeoutPolicy.choices, default=TimeoutPolicy.AUTO
    )
    options = models.JSONField(default=dict, blank=True)
    # Secret while the game runs (decides every shuffle); published at the end.
    seed = models.BigIntegerField(null=True, blank=True)
    state = models.JSONField(null=True, blank=True)
    ply = models.PositiveIntegerField(default=0, help_text="Number of accepted submissions.")
    outcome = models.JSONField(null=True, blank=True)
    termination = models.CharField(max_length=16, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "game"])]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.game_name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game-detail", args=[self.pk])

    @property
    def game_name(self) -> str:
        from games.engine import get_rules

        try:
            return get_rules(self.game).name
        except (KeyError, ImportError):
            return self.game

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    """A place at a match: open, reserved by invitation, or taken by a user."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="seats",
    )
    # The engine's seat number, drawn when the game starts.
    index = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    invited_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="invitations",
    )
    invited_email = models.EmailField(blank=True)
    invitation_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    departed = models.CharField(max_length=16, blank=True, help_text="Why the seat left, if it did.")

    class Meta:
        ordering = ["match", "index", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="seat_one_per_user"
            ),
            models.UniqueConstraint(
                fields=["match", "index"], condition=Q(index__isnull=False), name="seat_unique_index"
            ),
        ]

    def __str__(self) -> str:
        who = self.user or self.invited_user or self.invited_email or "open"
        return f"{self.match} seat {self.number or '?'}: {who}"

    @property
    def number(self) -> int | None:
        """1-based seat number shown to people."""
        return None if self.index is None else self.index + 1

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.is_reserved

    @property
    def is_reserved(self) -> bool:
        return self.user_id is None and bool(self.invited_user_id or self.invited_email)


class MoveRecord(models.Model):
    """One accepted submission (one or more engine moves), in ply order."""

    class Kind(models.TextChoices):
        MOVE = "move", "Move"
        RESIGN = "resign", "Resignation"
        TIMEOUT = "timeout", "Timeout"

    class Source(models.TextChoices):
        WEB = "web", "Web"
        API = "api", "API"
        EMAIL = "email", "Email"
        SYSTEM = "system", "System"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(help_text="The ply this submission produced (1-based).")
    seat_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.MOVE)
    source = models.CharField(max_length=16, choices=Source.choices)
    text = models.TextField(blank=True)
    moves = models.JSONField(default=list, help_text="Dumped engine moves, for replay.")
    events = models.JSONField(default=list, help_text="Dumped engine events (with audience).")
    idempotency_key = models.CharField(max_length=255, null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="move_unique_ply"),
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="move_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} ply {self.ply}: {self.text}"


class MatchEvent(models.Model):
    """A lifecycle event (created, joined, started, finished …) for the log
    and for the notifications that follow it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=32)
    text = models.CharField(max_length=500)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.match}: {self.text}"
