"""The per-user write limit, counted in one cache round trip.

DRF's ``ScopedRateThrottle`` keeps a list of timestamps per user and reads
then writes it (two round trips, a race between concurrent requests).  This
one counts requests in a fixed window instead: on Redis one script
(``WINDOW_SCRIPT``, a single round trip, atomic) sets the window's counter
if absent (with the window as expiry), increments it and reads its time to
live; other caches use ``add`` then ``incr``.  A
window allows at most the rate's number of requests (a burst across a
window's edge may see up to twice that in one window's length).

A cache that fails lets the request through: the limit protects the site,
it must not take it down with the cache.  The failure is logged at most
every ``WARN_EVERY`` seconds per process (with its traceback), not once a
request: an outage of the cache must not flood the log.  The script runs
under the site cache's circuit breaker (``through_breaker`` of
``alta_site.cache.FailOpenRedisCache``) where there is one: after a failure
of any cache call, requests skip Redis for a while rather than each waiting
for its timeout.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from types import SimpleNamespace
from weakref import WeakKeyDictionary

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCacheClient
from rest_framework.throttling import ScopedRateThrottle

logger = logging.getLogger(__name__)
WARN_EVERY = 30.0

#: KEYS[1]: the counter; ARGV[1]: the window in seconds.  Run atomically by
#: Redis: the window cannot expire between the SET and the INCR (which would
#: leave a counter without expiry), and one command costs the client half
#: the work of a three-command pipeline.
WINDOW_SCRIPT = """
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local count = redis.call('INCR', KEYS[1])
return {count, redis.call('TTL', KEYS[1])}
"""
#: The script registered on each client (EVALSHA; redis-py loads it again
#: after a Redis restart forgot it).
_SCRIPTS: WeakKeyDictionary = WeakKeyDictionary()


def _redis_client():
    """The redis-py client behind Django's Redis cache, or ``None``."""
    backend = getattr(cache, "_cache", None)
    get_client = getattr(backend, "get_client", None)
    if get_client is None or not isinstance(backend, RedisCacheClient):
        return None
    return get_client(None, write=True)


def window_hit(key: str, seconds: int) -> tuple[int, int]:
    """Count one request in the ``seconds``-long window stored at ``key``.
    Returns the requests counted in the window so far and the seconds left.

    :raises Exception: whatever the cache raises (at once, without a round
        trip, while the site cache's breaker skips Redis)."""
    client = _redis_client()
    if client is not None:
        script = _SCRIPTS.get(client)
        if script is None:
            script = _SCRIPTS[client] = client.register_script(WINDOW_SCRIPT)
        run = partial(script, keys=[cache.make_and_validate_key(key)], args=[seconds])
        # Duck-typed: core cannot import the site's cache, which holds the breaker.
        through_breaker = getattr(cache, "through_breaker", None)
        count, ttl = through_breaker("write limit", run) if through_breaker else run()
        return int(count), max(int(ttl), 0)
    cache.add(key, 0, seconds)
    try:
        return int(cache.incr(key)), seconds
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, seconds)
        return 1, seconds


class WriteRateThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` (same scopes and rates) with a
    fixed-window counter in one round trip, failing open."""

    #: Not DRF's key: a worker still running DRF's throttle during a
    #: deploy would read this counter as its list of timestamps and fail.
    cache_format = "throttle-count_%(scope)s_%(ident)s"
    left = 0
    _warned_at = float("-inf")

    def allow_request(self, request, view) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.num_requests is None or self.duration is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        try:
            count, self.left = window_hit(self.key, int(self.duration))
        except Exception:
            now = time.monotonic()
            if now - WriteRateThrottle._warned_at >= WARN_EVERY:
                WriteRateThrottle._warned_at = now
                logger.warning("The write limit's cache failed; letting requests through", exc_info=True)
            return True
        return count <= self.num_requests

    def wait(self) -> float | None:
        return float(self.left or self.duration or 0)


def form_write_allowed(request) -> bool:
    """May the signed-in user of this plain form post write now?  The API's
    per-user write limit (scope ``game_write``, the same counter): a form
    is no way around it.  Fails open as the API's does."""
    return WriteRateThrottle().allow_request(request, SimpleNamespace(throttle_scope="game_write"))
