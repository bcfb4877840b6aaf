"""Outgoing mail (an outbox with a status machine), reply tokens, inbound
mail as received, and per-game mutes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class OutgoingEmail(models.Model):
    """One email to one recipient, written in one transaction (for moves
    and events, the one that marks them announced: ``mail.announce``)
    and sent by a Celery task after it commits.

    queued -> sending -> sent; sending -> retrying -> sending ...; -> failed.
    sent -> bounced: the recipient's server reported a permanent failure
    later (``mail.bounces``); sent -> complained: the recipient marked it
    as spam (``mail.complaints``).
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        RETRYING = "retrying", _("Waiting to retry")
        FAILED = "failed", _("Failed")
        BOUNCED = "bounced", _("Bounced")
        COMPLAINED = "complained", _("Marked as spam")

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

    created_at = models.DateTimeField(verbose_name=_("created at"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED, verbose_name=_("status"))
    kind = models.CharField(max_length=16, choices=Kind.choices, verbose_name=_("kind"))
    # One event never sends one person the same mail twice.
    dedupe_key = models.CharField(max_length=200, unique=True, verbose_name=_("dedupe key"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="emails", verbose_name=_("match")
    )
    to = models.EmailField(max_length=320, verbose_name=_("to"))
    subject = models.CharField(max_length=500, verbose_name=_("subject"))
    text = models.TextField(verbose_name=_("text"))
    html = models.TextField(verbose_name=_("html"))
    message_id = models.CharField(max_length=255, unique=True, verbose_name=_("message id"))
    headers = models.JSONField(
        default=dict, help_text=_("Extra headers (Reply-To, threading, unsubscribe)."), verbose_name=_("headers")
    )
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    next_attempt_at = models.DateTimeField(null=True, blank=True, verbose_name=_("next attempt at"))
    claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("claimed at"))
    sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("sent at"))
    last_error = models.TextField(blank=True, verbose_name=_("last error"))

    class Meta:
        verbose_name = _("outgoing email")
        verbose_name_plural = _("outgoing emails")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return gettext("%(kind)s to %(to)s: %(subject)s") % {
            "kind": self.get_kind_display(),
            "to": self.to,
            "subject": self.subject,
        }


class ReplyToken(models.Model):
    """The secret in a reply address ``play+<token>@MAIL_DOMAIN``: which
    seat may answer which position of which game."""

    token = models.CharField(max_length=64, unique=True, verbose_name=_("token"))
    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="reply_tokens", verbose_name=_("match")
    )
    seat_index = models.PositiveSmallIntegerField(verbose_name=_("seat index"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("user"))
    ply = models.PositiveIntegerField(verbose_name=_("ply"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    uses = models.PositiveIntegerField(default=0, verbose_name=_("uses"))

    class Meta:
        verbose_name = _("reply token")
        verbose_name_plural = _("reply tokens")
        constraints = [
            models.UniqueConstraint(fields=["match", "user", "ply"], name="reply_token_one_per_position"),
        ]

    def __str__(self) -> str:
        return gettext("token for %(match)s move %(ply)s") % {"match": self.match, "ply": self.ply}


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
        BOUNCE = "bounce", _("Bounce of our mail, recorded")
        COMPLAINT = "complaint", _("Spam complaint about our mail, game mail stopped")
        DUPLICATE = "duplicate", _("Duplicate delivery, ignored")
        FORGED = "forged", _("Sender looks forged: not used, not answered")
        RATE_LIMITED = "rate_limited", _("Too many messages from this sender")
        MALFORMED = "malformed", _("Not a readable message")

    received_at = models.DateTimeField(db_index=True, verbose_name=_("received at"))
    source = models.CharField(max_length=16, verbose_name=_("source"))
    message_id = models.CharField(max_length=255, blank=True, db_index=True, verbose_name=_("message id"))
    sender = models.CharField(max_length=320, blank=True, db_index=True, verbose_name=_("sender"))
    recipient = models.CharField(max_length=320, blank=True, verbose_name=_("recipient"))
    subject = models.CharField(max_length=500, blank=True, verbose_name=_("subject"))
    body = models.TextField(blank=True, help_text=_("The cleaned reply text."), verbose_name=_("body"))
    raw = models.TextField(help_text=_("The message as received (truncated at 256 KB)."), verbose_name=_("raw"))
    outcome = models.CharField(
        max_length=16, choices=Outcome.choices, default=Outcome.RECEIVED, verbose_name=_("outcome")
    )
    detail = models.TextField(blank=True, verbose_name=_("detail"))
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("match"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    move = models.ForeignKey(
        "games.MoveRecord",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The move this reply played."),
        verbose_name=_("move"),
    )
    message_to_players = models.TextField(
        blank=True,
        help_text=_("The reply's text below its moves: a message for the other players."),
        verbose_name=_("message to players"),
    )

    class Meta:
        verbose_name = _("inbound email")
        verbose_name_plural = _("inbound emails")
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.sender}: {self.subject} ({self.get_outcome_display()})"


class GameMute(models.Model):
    """A player muted one game: no notifications for it (answers to their own
    emails still go out)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("user"))
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, verbose_name=_("match"))

    class Meta:
        verbose_name = _("game mute")
        verbose_name_plural = _("game mutes")
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="game_mute_once")]

    def __str__(self) -> str:
        return gettext("%(user)s muted %(match)s") % {"user": self.user, "match": self.match}


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
