"""Personal API tokens: many per user, named, revocable, stored hashed.

The full key is shown once when it is created; only its SHA-256 is kept, so
a database leak does not leak working tokens.
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

KEY_PREFIX = "alta_"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    key_hash = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=12, help_text=_("The first characters, to recognise it."))
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "accounts"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @classmethod
    def issue(cls, *, user, name: str) -> tuple[ApiToken, str]:
        """Create a token; returns it with the clear key (never stored)."""
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name, key_hash=hash_key(key), hint=key[:10])
        return token, key


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Token <key>`` (or ``Bearer <key>``)."""

    keywords = ("token", "bearer")

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode("latin-1").split()
        if not header or header[0].lower() not in self.keywords:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(_("Malformed Authorization header."))
        try:  # get(), not first(): no ORDER BY to compile for a unique hash
            token = ApiToken.objects.select_related("user").get(key_hash=hash_key(header[1]))
        except ApiToken.DoesNotExist:
            token = None
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked token."))
        now = timezone.now()
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def authenticate_header(self, request):
        return "Token"
