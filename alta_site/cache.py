"""A Redis cache that fails open: with Redis unreachable, every operation
answers as if the cache were empty and writable, so pages, logins, moves
and rate limits keep working (unthrottled) until Redis returns.

Nothing of the site's state lives only in the cache (sessions are in the
database), so losing it costs speed and rate limiting, never data.  Rate
limits (DRF's throttles, allauth's) read a history and write it back; a
miss lets the request through.  ``add`` answers True (stored), so a lock
taken with it (allauth's) is granted rather than waited for.
"""

from __future__ import annotations

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from core.cache import RedisCache

logger = logging.getLogger(__name__)

#: What Redis being away looks like (refused, reset, timed out, still loading).
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
#: Seconds between two warnings of one process (every request would log one).
WARN_EVERY = 30.0


class FailOpenRedisCache(RedisCache):
    """``core.cache.RedisCache`` (Django's, its clients reused) that never raises
    because Redis is away: reads miss, writes are dropped, and a warning is
    logged at most every ``WARN_EVERY`` seconds per process."""

    _warned_at = float("-inf")

    def _unreachable(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at >= WARN_EVERY:
            type(self)._warned_at = now
            logger.warning("Cache unreachable (%s: %s); going on without it", operation, error)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("add", error)
            return True

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNREACHABLE as error:
            self._unreachable("get", error)
            return default

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("set", error)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("touch", error)
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNREACHABLE as error:
            self._unreachable("delete", error)
            return False

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNREACHABLE as error:
            self._unreachable("get_many", error)
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except UNREACHABLE as error:
            self._unreachable("has_key", error)
            return False

    def incr(self, key, delta=1, version=None):
        """Unreachable: ``delta``, as for a counter that started at zero
        (a count-based rate limit then lets the request through)."""
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE as error:
            self._unreachable("incr", error)
            return delta

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNREACHABLE as error:
            self._unreachable("set_many", error)
            return list(data)

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except UNREACHABLE as error:
            self._unreachable("delete_many", error)

    def clear(self):
        try:
            return super().clear()
        except UNREACHABLE as error:
            self._unreachable("clear", error)
            return False
