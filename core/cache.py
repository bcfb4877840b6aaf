"""Django's Redis cache with one redis-py client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around
the (shared) pool on every cache call; building one costs more than many a
command (redis-py 8 wraps the constructor in argument checks).  A client is
thread-safe (it takes a connection from the pool per command) and the pool
reconnects after a fork, so one per pool is enough.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache``, its clients reused."""

    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
