"""Matches, their seats, the move log and lifecycle events.

``Match.state`` holds the engine's full dump, secrets included: it is read
only by services, which render everything a person sees through the
engine's ``view(state, seat)``.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.event_lines import line_shown


class TimeoutPolicy(models.TextChoices):
    AUTO = "auto", _("Play a default move (dropped after 3 in a row)")
    FORFEIT = "forfeit", _("Lose the game")


#: ``Match.termination`` (the engine's ``Termination`` values) as read on a page.
_TERMINATION_TEXT = {
    "normal": _("played to the end"),
    "resignation": _("by resignation"),
    "timeout": _("on time"),
    "abandoned": _("abandoned"),
}
#: Why a seat left, as its row in the results says it.
_DEPARTED_TEXT = {
    "resignation": _("resigned"),
    "timeout": _("timed out"),
    "abandoned": _("left"),
}


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    game = models.CharField(max_length=32, help_text=_("Registry slug of the game."), verbose_name=_("game"))
    engine_version = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("engine version"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, verbose_name=_("status"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_matches", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    players = models.PositiveSmallIntegerField(verbose_name=_("players"))
    rated = models.BooleanField(default=False, verbose_name=_("rated"))
    days_per_move = models.PositiveSmallIntegerField(default=3, verbose_name=_("days per move"))
    timeout_policy = models.CharField(
        max_length=16, choices=TimeoutPolicy.choices, default=TimeoutPolicy.AUTO, verbose_name=_("timeout policy")
    )
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    # Time control (see games.timing.clock).  Without a bank every turn
    # gets ``days_per_move``; with one (``bank_initial_days`` set) a seat
    # starts with that many days, gains ``bank_increment_days`` after each
    # turn and never holds more than ``bank_cap_days``.
    bank_initial_days = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("bank initial days"))
    bank_increment_days = models.PositiveSmallIntegerField(default=0, verbose_name=_("bank increment days"))
    bank_cap_days = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("bank cap days"))
    weekends_off = models.BooleanField(
        default=False,
        help_text=_("No clock from Saturday 00:00 to Monday 00:00 in each player's time zone."),
        verbose_name=_("weekends off"),
    )
    vacation_allowed = models.BooleanField(
        default=True,
        help_text=_("A player's vacation pauses their clock in this game."),
        verbose_name=_("vacation allowed"),
    )
    # Secret while the game runs (decides every shuffle); published at the end.
    seed = models.BigIntegerField(null=True, blank=True, verbose_name=_("seed"))
    # Secret like the seed: without it nobody can test seeds against the
    # commitment, which is public from the start (games.audit).
    seed_salt = models.CharField(max_length=32, blank=True, verbose_name=_("seed salt"))
    seed_commitment = models.CharField(
        max_length=64,
        blank=True,
        help_text=_("SHA-256 of salt:seed, published when the game starts."),
        verbose_name=_("seed commitment"),
    )
    # False where a tournament decided the seat order (the seed drew none).
    seats_drawn = models.BooleanField(default=True, verbose_name=_("seats drawn"))
    state = models.JSONField(null=True, blank=True, verbose_name=_("state"))
    ply = models.PositiveIntegerField(default=0, help_text=_("Number of accepted submissions."), verbose_name=_("ply"))
    outcome = models.JSONField(null=True, blank=True, verbose_name=_("outcome"))
    termination = models.CharField(max_length=16, blank=True, verbose_name=_("termination"))
    #: The finished game this one replays with the same players and settings.
    rematch_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematches",
        db_index=True,
        verbose_name=_("rematch of"),
    )
    #: The kind of event that organised this game ("tournament"; "" for a
    #: casual or ladder game): only then is its context asked for
    #: (``games.organised``), so other games' mails read nothing more.
    organised_by = models.CharField(max_length=16, blank=True, default="", verbose_name=_("organised by"))
    # The creator's Idempotency-Key (as MoveRecord's): a retried create
    # finds the game it made.  NULL where none was given: only NULLs repeat.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True, verbose_name=_("idempotency key"))  # noqa: DJ001
    # The keyed request's body (``games.services.idempotency.request_fingerprint``):
    # the same key with another body is refused, not replayed.  "" where unknown.
    idempotency_fingerprint = models.CharField(
        max_length=64, blank=True, default="", verbose_name=_("idempotency fingerprint")
    )

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [models.Index(fields=["status", "game"])]
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["created_by", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="match_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game-detail", args=[self.pk])

    @property
    def termination_text(self) -> str:
        """How a finished game ended, for a page ("played to the end")."""
        return str(_TERMINATION_TEXT.get(self.termination, self.termination))

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

    @property
    def opponent_count(self) -> int:
        """How many players each seat plays against: the count the wording
        for them turns on ("your opponent" with one, "the other players"
        with more; a ``ngettext`` count)."""
        return self.players - 1

    @property
    def started_state(self) -> dict[str, Any]:
        """``state`` of a match that has started (it is set at the start).

        :raises ValueError: the match has not started."""
        if self.state is None:
            raise ValueError(f"{self} has not started")
        return self.state


class Seat(models.Model):
    """A place at a match: open, reserved by invitation, or taken by a user."""

    #: Not stored: the game page sets it to the seat's last turn in words.
    last_turn: str

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats", verbose_name=_("match"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("user"),
    )
    # The engine's seat number, drawn when the game starts.
    index = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("index"))
    joined_at = models.DateTimeField(null=True, blank=True, verbose_name=_("joined at"))
    invited_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations",
        verbose_name=_("invited user"),
    )
    invited_email = models.EmailField(blank=True, verbose_name=_("invited email"))
    invitation_token = models.CharField(
        max_length=64, null=True, blank=True, unique=True, verbose_name=_("invitation token")
    )
    #: When the invitation mailed to ``invited_email`` bounced for good (a
    #: mistyped address): the creator was told, and the game page says so.
    invitation_bounced_at = models.DateTimeField(null=True, blank=True, verbose_name=_("invitation bounced at"))
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("deadline at"))
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True, verbose_name=_("reminder at"))
    # The clock of the current turn: ``deadline_at`` is always derived from
    # these (plus weekends and vacations), so it can be recomputed at will.
    turn_started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("turn started at"))
    turn_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("Clock time this turn may use (weekends and vacations excluded)."),
        verbose_name=_("turn seconds"),
    )
    bank_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("Fischer bank the seat's next turn starts with."),
        verbose_name=_("bank seconds"),
    )
    auto_moves = models.PositiveSmallIntegerField(
        default=0, help_text=_("Turns in a row played for the seat after a timeout."), verbose_name=_("auto moves")
    )
    # The last reminder sent: for which deadline, at which threshold (hours).
    reminded_for = models.DateTimeField(null=True, blank=True, verbose_name=_("reminded for"))
    reminded_hours = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("reminded hours"))
    score = models.IntegerField(null=True, blank=True, verbose_name=_("score"))
    place = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("place"))
    departed = models.CharField(
        max_length=16, blank=True, help_text=_("Why the seat left, if it did."), verbose_name=_("departed")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["-match_id", "index", "pk"]  # newest match first, without a join
        constraints = [
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="seat_one_per_user"
            ),
            models.UniqueConstraint(
                fields=["match", "index"], condition=Q(index__isnull=False), name="seat_unique_index"
            ),
        ]

    def __str__(self) -> str:
        who = self.user or self.invited_user or self.invited_email or gettext("open")
        return gettext("%(match)s seat %(number)s: %(who)s") % {
            "match": self.match,
            "number": self.number or "?",
            "who": who,
        }

    @property
    def departed_text(self) -> str:
        """Why the seat left, in the active language ("" if it did not)."""
        return str(_DEPARTED_TEXT.get(self.departed, self.departed))

    @property
    def number(self) -> int | None:
        """1-based seat number shown to people."""
        return None if self.index is None else self.index + 1

    def table_order(self) -> tuple[bool, int, int]:
        """Sort key: drawn seats by their index, then undrawn ones as created."""
        return (self.index is None, self.index or 0, self.pk)

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.is_reserved

    @property
    def is_reserved(self) -> bool:
        return self.user_id is None and bool(self.invited_user_id or self.invited_email)

    #: What holds an invitation (``invitation_offer``, ``invitation_drop``).
    INVITATION_FIELDS = ("invited_user", "invited_email", "invitation_token", "invitation_bounced_at")

    def invitation_offer(self, user, email: str) -> None:
        """Offer this free seat to ``user`` (by name) or ``email`` (an
        address) with a new link, and save it (a new seat is inserted)."""
        self.invited_user, self.invited_email = user, email
        # Hex: it also travels in a reply address, whose case an MTA may fold.
        self.invitation_token, self.invitation_bounced_at = secrets.token_hex(20), None
        self.save(update_fields=self.INVITATION_FIELDS if self.pk else None)

    def invitation_drop(self) -> None:
        """Offer this seat to nobody in particular any more (declined, taken
        back): its link seats no one, and anyone may take it.  Saves it."""
        self.invited_user, self.invited_email, self.invitation_token, self.invitation_bounced_at = None, "", None, None
        self.save(update_fields=self.INVITATION_FIELDS)

    @property
    def drawn_index(self) -> int:
        """``index`` of a seat of a started match (drawn at the start).

        :raises ValueError: the seat has no index yet."""
        if self.index is None:
            raise ValueError(f"{self} has no engine seat yet")
        return self.index


class MoveRecord(models.Model):
    """One accepted submission (one or more engine moves), in ply order."""

    class Kind(models.TextChoices):
        MOVE = "move", _("Move")
        RESIGN = "resign", _("Resignation")
        TIMEOUT = "timeout", _("Timeout")

    class Source(models.TextChoices):
        WEB = "web", _("Web")
        API = "api", "API"
        EMAIL = "email", _("Email")
        SYSTEM = "system", _("System")

    # No index of its own: move_unique_ply's (match, ply) serves every look-up
    # by match, and one index less is written per move.
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="moves", db_index=False, verbose_name=_("match")
    )
    ply = models.PositiveIntegerField(help_text=_("The ply this submission produced (1-based)."), verbose_name=_("ply"))
    seat_index = models.PositiveSmallIntegerField(verbose_name=_("seat index"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.MOVE, verbose_name=_("kind"))
    source = models.CharField(max_length=16, choices=Source.choices, verbose_name=_("source"))
    text = models.TextField(blank=True, verbose_name=_("text"))
    moves = models.JSONField(default=list, help_text=_("Dumped engine moves, for replay."), verbose_name=_("moves"))
    events = models.JSONField(
        default=list, help_text=_("Dumped engine events (with audience)."), verbose_name=_("events")
    )
    #: The end of the message not played (``games.engine.Unplayed.dump``):
    #: a move of it turned up cards, and a later one was refused.  For the
    #: mover's eyes only (its reason may name their cards); null when the
    #: whole submission was played.
    not_played = models.JSONField(
        null=True,
        blank=True,
        help_text=_("The moves of the message not played and why (shown to the mover only)."),
        verbose_name=_("not played"),
    )
    # NULL, not "", where a submission has no key: the key is unique, and only NULLs may repeat.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True, verbose_name=_("idempotency key"))  # noqa: DJ001
    # The keyed request's body (``games.services.idempotency.request_fingerprint``):
    # the same key with another body is refused, not replayed.  "" where unknown.
    idempotency_fingerprint = models.CharField(
        max_length=64, blank=True, default="", verbose_name=_("idempotency fingerprint")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    #: When the emails this submission causes were written to the outbox
    #: (after commit, by a worker: ``mail.announce``); null until then.
    notified_at = models.DateTimeField(null=True, blank=True, verbose_name=_("notified at"))

    class Meta:
        verbose_name = _("move record")
        verbose_name_plural = _("move records")
        ordering = ["-match_id", "ply"]
        indexes = [
            models.Index(fields=["created_at"], condition=Q(notified_at__isnull=True), name="move_unnotified"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="move_unique_ply"),
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="move_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(match)s move %(ply)s: %(text)s") % {"match": self.match, "ply": self.ply, "text": self.text}


class MatchEvent(models.Model):
    """A lifecycle event (created, joined, started, finished …) for the log
    and for the notifications that follow it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events", verbose_name=_("match"))
    kind = models.CharField(max_length=32, verbose_name=_("kind"))
    text = models.CharField(max_length=500, verbose_name=_("text"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    data = models.JSONField(default=dict, blank=True, verbose_name=_("data"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    #: The match's ply when the event happened (the position its emails show).
    ply = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("ply"))
    #: When the emails this event causes were written to the outbox; null until then.
    notified_at = models.DateTimeField(null=True, blank=True, verbose_name=_("notified at"))

    class Meta:
        verbose_name = _("match event")
        verbose_name_plural = _("match events")
        ordering = ["-match_id", "created_at", "pk"]
        indexes = [
            models.Index(fields=["created_at"], condition=Q(notified_at__isnull=True), name="event_unnotified"),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.shown_text}"

    @property
    def shown_text(self) -> str:
        """The line in the active language and time zone (``games.event_lines``)."""
        return line_shown(self.match.game, self.text, self.data)


# ------------------------------------------------------------------------
# Deadlines: per-user reminder settings, calendar feed and vacations
# (services in games.deadlines.sweeps and games.deadlines.vacation).
# ------------------------------------------------------------------------


def default_reminder_hours() -> list[int]:
    return [24, 2]


class DeadlineSettings(models.Model):
    """A player's reminder thresholds, auto-vacation choice and calendar
    feed.  Users without a row get the defaults (24 h and 2 h reminders, no
    auto-vacation).

    ``away_from``/``away_until`` copy the player's latest vacation, so the
    move write path learns whether a new turn starts paused without reading
    the vacation table.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="deadline_settings",
        verbose_name=_("user"),
    )
    reminder_hours = models.JSONField(
        default=default_reminder_hours,
        blank=True,
        help_text=_("Hours before a deadline at which to remind; empty: no reminders."),
        verbose_name=_("reminder hours"),
    )
    auto_vacation = models.BooleanField(
        default=False, help_text=_("Spend a day of vacation instead of timing out."), verbose_name=_("auto vacation")
    )
    calendar_token = models.CharField(
        max_length=64, unique=True, null=True, blank=True, verbose_name=_("calendar token")
    )
    away_from = models.DateTimeField(null=True, blank=True, verbose_name=_("away from"))
    away_until = models.DateTimeField(null=True, blank=True, verbose_name=_("away until"))

    class Meta:
        verbose_name = _("deadline settings")
        verbose_name_plural = _("deadline settings")

    def __str__(self) -> str:
        return gettext("Deadline settings of %(user)s") % {"user": self.user}

    def is_away(self, now) -> bool:
        return bool(self.away_from and self.away_until and self.away_from <= now < self.away_until)


class Vacation(models.Model):
    """Time a player is away: the clocks of their games (that allow it)
    stop from ``starts_at`` to ``ends_at``.  Vacations of one player never
    overlap; ending one early sets ``ends_at`` to that moment."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations", verbose_name=_("user")
    )
    starts_at = models.DateTimeField(verbose_name=_("starts at"))
    ends_at = models.DateTimeField(verbose_name=_("ends at"))
    auto = models.BooleanField(
        default=False, help_text=_("Taken automatically instead of a timeout."), verbose_name=_("auto")
    )
    # Whether the end has been announced to the player's games.
    closed = models.BooleanField(default=False, verbose_name=_("closed"))
    created_at = models.DateTimeField(verbose_name=_("created at"))

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["user", "starts_at"]
        indexes = [
            models.Index(fields=["user", "ends_at"]),
            # The sweep looks for vacations that ended but were not announced.
            models.Index(fields=["ends_at"], condition=Q(closed=False), name="vacation_open_ends"),
        ]

    def __str__(self) -> str:
        return gettext("%(user)s away %(starts)s to %(ends)s") % {
            "user": self.user,
            "starts": f"{self.starts_at:%Y-%m-%d}",
            "ends": f"{self.ends_at:%Y-%m-%d}",
        }


# ------------------------------------------------------------------------
# Chat: a game's messages between its seated players
# (services in games.services.chat).
# ------------------------------------------------------------------------

#: The largest position (``Match.ply``) or option number a request may name:
#: the ``ply`` column's range, far beyond any game.
PLY_MAX = 2**31 - 1
#: The longest chat message kept (longer ones are cut).
CHAT_MAX_LENGTH = 1000


class ChatMessage(models.Model):
    """One message to the other seated players of a match.  The text is
    stored as written (control characters removed) and escaped wherever it
    is shown; only seated players ever read it."""

    #: Not stored: why the writer left the game ("resigned"), "" if they
    #: did not; ``selectors_chat.chat_for`` sets it for the page.
    writer_departed: str

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("match"))
    # Null once the author closed their account (the text is removed then).
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chat_messages",
        verbose_name=_("author"),
    )
    # Null for a message written before the seats were drawn.
    seat_index = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seat index"))
    text = models.TextField(max_length=CHAT_MAX_LENGTH, verbose_name=_("text"))
    source = models.CharField(max_length=16, choices=MoveRecord.Source.choices, verbose_name=_("source"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    # The author's Idempotency-Key (as MoveRecord's): a retried line is
    # written once.  NULL where none was given: only NULLs repeat.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True, verbose_name=_("idempotency key"))  # noqa: DJ001
    # The keyed request's body (``games.services.idempotency.request_fingerprint``):
    # the same key with another body is refused, not replayed.  "" where unknown.
    idempotency_fingerprint = models.CharField(
        max_length=64, blank=True, default="", verbose_name=_("idempotency fingerprint")
    )

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["match_id", "pk"]
        indexes = [models.Index(fields=["match", "id"], name="chat_by_match")]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="chat_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(match)s chat by %(author)s") % {
            "match": self.match,
            "author": self.author or gettext("a former player"),
        }


class ChatReader(models.Model):
    """A seated player's place in one match's chat: the last message mailed
    to them (the next mail carries the ones after it) and whether they
    muted the chat.  Players without a row have been mailed nothing and
    have not muted it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_readers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_readers")
    mailed_through = models.PositiveBigIntegerField(default=0, help_text=_("Last chat message id mailed."))
    muted = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="chat_reader_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.match} chat"
