"""Personal API tokens: many per user, named, revocable, stored hashed.

The full key is shown once when it is created; only its SHA-256 is kept, so
a database leak does not leak working tokens.

Authentication reads a token (with its user) from the cache for
``CACHE_SECONDS``, so that an API request costs no ORM query: revoking the
token (deleting it), and any save of its user (deactivation, a password or
email change, closing the account) but a login's ``last_login``, delete
the cached copies.  A cache that fails is skipped (the database answers); a
deletion that fails leaves a revoked token working for at most
``CACHE_SECONDS``.
"""

from __future__ import annotations

import hashlib
import logging
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import models
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from .middleware import activate_preferences

KEY_PREFIX = "alta_"
#: How long an authenticated token is trusted from the cache.
CACHE_SECONDS = 60
#: ``last_used_at`` is written at most this often per token.
TOUCH_SECONDS = 60

logger = logging.getLogger(__name__)


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
        key_hash = hash_key(header[1])
        token = _cached(key_hash)
        if token is None:
            try:  # get(), not first(): no ORDER BY to compile for a unique hash
                token = ApiToken.objects.select_related("user").get(key_hash=key_hash)
            except ApiToken.DoesNotExist:
                token = None
            if token is not None and token.user.is_active:
                _touch(token)
                _cache_set(key_hash, token)
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked token."))
        # Answers (errors included) in the token owner's language and zone,
        # as a signed-in page would be; the middleware ran before this.
        activate_preferences(request, token.user)
        return token.user, token

    def authenticate_header(self, request):
        return "Token"


def _cache_key(key_hash: str) -> str:
    return f"apitoken:{key_hash}"


def _cached(key_hash: str) -> ApiToken | None:
    try:
        return cache.get(_cache_key(key_hash))
    except Exception:  # the cache is an optimisation: the database answers
        logger.warning("The token cache failed; reading the database", exc_info=True)
        return None


def _cache_set(key_hash: str, token: ApiToken) -> None:
    try:
        cache.set(_cache_key(key_hash), token, CACHE_SECONDS)
    except Exception:
        logger.warning("The token cache failed; the token is not cached", exc_info=True)


def _touch(token: ApiToken) -> None:
    """Record the use, at most once a ``TOUCH_SECONDS`` (on a cache miss)."""
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > TOUCH_SECONDS:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


def tokens_uncache(key_hashes) -> None:
    """Forget the cached copies of these tokens (at once: the next request
    reads the database)."""
    keys = [_cache_key(h) for h in key_hashes]
    if not keys:
        return
    try:
        cache.delete_many(keys)
    except Exception:
        logger.warning("Could not uncache %s tokens; they expire within %s s", len(keys), CACHE_SECONDS, exc_info=True)


@receiver(post_delete, sender=ApiToken, dispatch_uid="alta-token-revoked")
@receiver(post_save, sender=ApiToken, dispatch_uid="alta-token-saved")
def _token_changed(sender, instance: ApiToken, **kwargs) -> None:
    tokens_uncache([instance.key_hash])


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="alta-token-user-saved")
def _user_changed(sender, instance, update_fields=None, **kwargs) -> None:
    # A login only stamps last_login: nothing a token's check depends on.
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return
    user_tokens_uncache(instance.pk)


def user_tokens_uncache(user_id: int) -> None:
    """Forget the cached copies of every token of a user whose row changed
    without a save (an ``update()``): the next request reads it again."""
    tokens_uncache(ApiToken.objects.filter(user_id=user_id).values_list("key_hash", flat=True))
