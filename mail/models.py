"""Outgoing mail (an outbox with a status machine), reply tokens, inbound
mail as received, and per-game mutes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OutgoingEmail(models.Model):
    """One email to one recipient, written in one transaction (for moves
    and events, the one that marks them announced: ``mail.announce``)
    and sent by a Celery task after it commits.

    queued -> sending -> sent; sending -> retrying -> sending ...; -> failed.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        RETRYING = "retrying", _("Waiting to retry")
        FAILED = "failed", _("Failed")

    class Kind(models.TextChoices):
        INVITATION = "invitation", _("Invitation")
        STARTED = "started", _("Game started")
        YOUR_TURN = "your_turn", _("Your turn")
        RECEIPT = "receipt", _("Move receipt")
        REJECTED = "rejected", _("Move rejected")
        REMINDER = "reminder", _("Reminder")
        GAME_OVER = "game_over", _("Game over")
        DIGEST = "digest", _("Daily digest")
        NOTICE = "notice", _("Game notice")
        UNKNOWN = "unknown", _("Reply to an unknown address")
        ACCOUNT = "account", _("Account mail (confirmation, password reset)")

    created_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # One event never sends one person the same mail twice.
    dedupe_key = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="emails")
    to = models.EmailField(max_length=320)
    subject = models.CharField(max_length=500)
    text = models.TextField()
    html = models.TextField()
    message_id = models.CharField(max_length=255, unique=True)
    headers = models.JSONField(default=dict, help_text=_("Extra headers (Reply-To, threading, unsubscribe)."))
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to}: {self.subject}"


class ReplyToken(models.Model):
    """The secret in a reply address ``play+<token>@MAIL_DOMAIN``: which
    seat may answer which position of which game."""

    token = models.CharField(max_length=64, unique=True)
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="reply_tokens")
    seat_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    ply = models.PositiveIntegerField()
    created_at = models.DateTimeField()
    uses = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user", "ply"], name="reply_token_one_per_position"),
        ]

    def __str__(self) -> str:
        return f"token for {self.match} ply {self.ply}"


class InboundEmail(models.Model):
    """Every message that reached the intake, with what became of it."""

    class Outcome(models.TextChoices):
        RECEIVED = "received", _("Received")
        ACCEPTED = "accepted", _("Move accepted")
        REJECTED = "rejected", _("Move rejected (player told why)")
        COMMAND = "command", _("Command answered")
        UNKNOWN_TOKEN = "unknown_token", _("Unknown or forged address")
        WRONG_SENDER = "wrong_sender", _("Sender is not the player")
        AUTO_REPLY = "auto_reply", _("Automatic reply, ignored")
        DUPLICATE = "duplicate", _("Duplicate delivery, ignored")
        RATE_LIMITED = "rate_limited", _("Too many messages from this sender")
        MALFORMED = "malformed", _("Not a readable message")

    received_at = models.DateTimeField(db_index=True)
    source = models.CharField(max_length=16)
    message_id = models.CharField(max_length=255, blank=True, db_index=True)
    sender = models.CharField(max_length=320, blank=True, db_index=True)
    recipient = models.CharField(max_length=320, blank=True)
    subject = models.CharField(max_length=500, blank=True)
    body = models.TextField(blank=True, help_text=_("The cleaned reply text."))
    raw = models.TextField(help_text=_("The message as received (truncated at 256 KB)."))
    outcome = models.CharField(max_length=16, choices=Outcome.choices, default=Outcome.RECEIVED)
    detail = models.TextField(blank=True)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    move = models.ForeignKey(
        "games.MoveRecord",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The move this reply played."),
    )
    message_to_players = models.TextField(
        blank=True, help_text=_("The reply's text below its moves: a message for the other players.")
    )

    class Meta:
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.sender}: {self.subject} ({self.outcome})"


class GameMute(models.Model):
    """A player muted one game: no notifications for it (answers to their own
    emails still go out)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="game_mute_once")]

    def __str__(self) -> str:
        return f"{self.user} muted {self.match}"


__all__ = ["GameMute", "InboundEmail", "OutgoingEmail", "ReplyToken"]


class WebhookToken(models.Model):
    """A provider webhook signature's token and the body it first came
    with: the same token with another body (a captured request replayed
    with a new mail) is refused."""

    TOKEN_MAX = 200

    token = models.CharField(max_length=TOKEN_MAX, unique=True)
    body_digest = models.CharField(max_length=64)
    seen_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.token
