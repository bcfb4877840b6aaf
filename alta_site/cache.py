"""A Redis cache that fails open: with Redis unreachable, every operation
answers as if the cache were empty and writable, so pages, logins, moves
and rate limits keep working (unthrottled) until Redis returns.

Nothing of the site's state lives only in the cache (sessions are in the
database), so losing it costs speed and rate limiting, never data.  Rate
limits (DRF's throttles, allauth's) read a history and write it back; a
miss lets the request through.  ``add`` answers True (stored), so a lock
taken with it (allauth's) is granted rather than waited for.

A Redis that hangs (rather than refuses) costs each call its socket
timeout, and a request makes a score of calls: after one failure the
process skips Redis for ``SKIP_SECONDS`` (a circuit breaker), then tries
again.  Code that talks to Redis itself rather than through the cache's
methods (the write limit's script, ``core.throttling``) goes through the
same breaker with ``through_breaker``.
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
#: Seconds a process answers without Redis after a call failed.
SKIP_SECONDS = 10.0


class FailOpenRedisCache(RedisCache):
    """``core.cache.RedisCache`` (Django's, its clients reused) that never raises
    because Redis is away: reads miss, writes are dropped, and a warning is
    logged at most every ``WARN_EVERY`` seconds per process.  After a
    failure, calls do not reach Redis for ``SKIP_SECONDS``."""

    _warned_at = float("-inf")
    #: Until when (``time.monotonic()``) this process leaves Redis alone.
    _skip_until = float("-inf")

    def _unreachable(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        type(self)._skip_until = now + SKIP_SECONDS
        if now - self._warned_at >= WARN_EVERY:
            type(self)._warned_at = now
            logger.warning("Cache unreachable (%s: %s); going on without it", operation, error)

    def through_breaker(self, operation: str, call, *args):
        """``call(*args)`` (which talks to this cache's Redis) under the
        circuit breaker, for callers that fail open themselves.

        :raises RedisConnectionError: at once, without reaching Redis, while
            the process skips it after a failure.
        :raises UNREACHABLE: whatever ``call`` raised because Redis is away
            (the breaker now skips Redis for ``SKIP_SECONDS``).
        """
        if time.monotonic() < self._skip_until:
            raise RedisConnectionError(f"Redis skipped for a while after a failure ({operation})")
        try:
            return call(*args)
        except UNREACHABLE as error:
            self._unreachable(operation, error)
            raise

    def _guarded(self, operation: str, fallback, call, *args):
        """``call(*args)``, or ``fallback`` when Redis fails or is being skipped."""
        try:
            return self.through_breaker(operation, call, *args)
        except UNREACHABLE:
            return fallback

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("add", True, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._guarded("get", default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guarded("set", None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("touch", False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._guarded("delete", False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._guarded("get_many", {}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._guarded("has_key", False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        """Unreachable: ``delta``, as for a counter that started at zero
        (a count-based rate limit then lets the request through)."""
        return self._guarded("incr", delta, super().incr, key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("set_many", list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        self._guarded("delete_many", None, super().delete_many, keys, version)

    def clear(self):
        return self._guarded("clear", False, super().clear)
