"""The user model: logs in by email, plays under a unique display name."""

from __future__ import annotations

import re
import zoneinfo
from typing import ClassVar

from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from core.closed_names import closed_name_shown

from .names import MAX_DISPLAY_NAME, shape_skeleton, skeleton

#: The display name a closed account keeps in the records (``closing.closed_name``).
CLOSED_NAME = re.compile(r"^deleted player (\d+)$")


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create_user(self, email: str, password: str | None, **fields):
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=self.normalize_email(email), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **fields):
        fields.setdefault("is_staff", False)
        fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **fields)

    def create_superuser(self, email: str, password: str | None = None, **fields):
        fields.setdefault("is_staff", True)
        fields.setdefault("is_superuser", True)
        return self._create_user(email, password, **fields)


class User(AbstractUser):
    class Notifications(models.TextChoices):
        EVERY_TURN = "every_turn", _("An email for every turn")
        DAILY_DIGEST = "daily_digest", _("One daily digest")
        NONE = "none", _("No game emails")

    class Language(models.TextChoices):
        ENGLISH = "en", "English"
        DUTCH = "nl", "Nederlands"
        ITALIAN = "it", "Italiano"

    # Django drops an inherited field set to None; the stubs type these as str.
    username = None  # type: ignore[assignment]
    first_name = None  # type: ignore[assignment]
    last_name = None  # type: ignore[assignment]
    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(
        max_length=MAX_DISPLAY_NAME,
        unique=True,
        help_text=_("Shown to other players in games, ladders and tournaments."),
        verbose_name=_("display name"),
    )
    # What the name looks like (names.skeleton): two names that read alike
    # have the same key, and forms refuse the second.
    display_name_key = models.CharField(
        max_length=160, db_index=True, editable=False, default="", verbose_name=_("display name key")
    )
    # The name's other key (``names.shape_skeleton``): a new name is refused
    # when any of its keys is either key of another account.
    display_name_shape_key = models.CharField(
        max_length=160, db_index=True, editable=False, default="", verbose_name=_("display name shape key")
    )
    time_zone = models.CharField(max_length=64, default="UTC", verbose_name=_("time zone"))
    language = models.CharField(
        max_length=8, choices=Language.choices, default=Language.ENGLISH, verbose_name=_("language")
    )
    notifications = models.CharField(
        max_length=16, choices=Notifications.choices, default=Notifications.EVERY_TURN, verbose_name=_("notifications")
    )
    chat_at_once = models.BooleanField(
        _("chat messages at once"),
        default=False,
        help_text=_("Mail each chat message of your games at once, not with the next game email."),
    )
    # Hard bounces of mail to the account's address, written by the mail
    # intake (``mail.bounces``): the address that bounced ("" once the
    # player checked it), when and why it last did, and how many mails
    # bounced since it was last checked (``mail.bounces`` stops game mail
    # after a few).  Mail sent before ``email_checked_at`` bouncing later
    # is the old trouble, not a new one.
    email_bounced_address = models.EmailField(
        max_length=320, blank=True, default="", verbose_name=_("address that bounced")
    )
    email_bounced_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last bounce at"))
    email_bounce_reason = models.CharField(max_length=300, blank=True, default="", verbose_name=_("bounce reason"))
    email_bounces = models.PositiveSmallIntegerField(default=0, verbose_name=_("bounces"))
    email_checked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("address checked at"))
    # When the player marked one of our mails as spam and game mail stopped
    # for it (``mail.complaints``); cleared when they turn it on again.
    email_complained_at = models.DateTimeField(null=True, blank=True, verbose_name=_("marked our mail as spam at"))

    # The stubs pin AbstractUser.objects to the username-based manager.
    objects: ClassVar[UserManager] = UserManager()  # type: ignore[assignment]

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(Lower("display_name"), name="user_display_name_ci_unique"),
        ]

    def __str__(self) -> str:
        """The name others read: a closed account's in the reader's language."""
        if not self.is_active and (closed := CLOSED_NAME.match(self.display_name)):
            return closed_name_shown(closed.group(1))
        return self.display_name or self.email

    def save(self, *args, **kwargs):
        self.display_name_key = skeleton(self.display_name)
        self.display_name_shape_key = shape_skeleton(self.display_name)
        if kwargs.get("update_fields") is not None and "display_name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "display_name_key", "display_name_shape_key"}
        super().save(*args, **kwargs)

    def get_full_name(self) -> str:
        return self.display_name

    def get_short_name(self) -> str:
        return self.display_name

    @property
    def mail_bouncing(self) -> bool:
        """Do mails to the account's current address bounce (a hard bounce
        since the player last checked it, of this very address)?"""
        bounced = self.email_bounced_address
        return bool(bounced) and bounced.lower() == (self.email or "").lower()

    def settings_saved(self) -> list[str]:
        """What changed settings end, before they are saved (the profile
        page's form and ``PATCH /api/me/``): game mail turned on again ends
        what a spam complaint stopped (``mail.complaints``), so its notice
        goes.  Returns the other fields it changed, to save with them."""
        if self.notifications != self.Notifications.NONE and self.email_complained_at is not None:
            self.email_complained_at = None
            return ["email_complained_at"]
        return []

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The user's time zone (UTC if the stored name is no longer known)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")


from .tokens import ApiToken  # noqa: E402  (model lives beside its auth class)

__all__ = ["ApiToken", "User", "UserManager"]
