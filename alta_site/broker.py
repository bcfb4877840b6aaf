"""kombu's Redis transport with one redis-py client per channel.

kombu builds a new ``redis.Redis`` around the channel's (shared) connection
pool for every message it publishes; with redis-py 8 building one costs
more than the ``LPUSH`` itself (a fifth of publishing a task).  A client is
thread-safe (it takes a connection from the pool per command) and the pool
reconnects after a fork, so the channel keeps the first one it builds for
as long as its pool lives.  The asynchronous clients of a worker's event
loop are built as kombu builds them.
"""

from __future__ import annotations

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _reused_client = None

    def _create_client(self, asynchronous=False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        client = self._reused_client
        if client is None or client.connection_pool is not self.pool:
            client = self._reused_client = super()._create_client()
        return client


class Transport(kombu_redis.Transport):
    Channel = Channel
