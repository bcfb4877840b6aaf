"""A short load test on loopback: 20 games of 2 players moving at once for
60 s, half through the API, half by email through the mail gateway (each
reply answers the mail of the position before).  0 errors, no move lost or
stored twice, every outgoing mail delivered once; p50/p99 printed.

Bounded in time (``PLAY_SECONDS``) and in count (each API pair has
``API_GAMES_PER_PAIR`` games to play through, a new one when one ends).
The API players want no mail (as bots), so the worker renders the mail
games' mail, not the API games'.  A mail player answers each mail that asks
it to move (its reply address), as it arrives.
"""

from __future__ import annotations

import json
import statistics
import threading
import time

import psycopg

from .play import ApiPlayer, MailPlayer, setup_script
from .servers import Gunicorn, MailGateway, Worker, manage, site_env, wait_for

PAIRS = 20
MAIL_PAIRS = 10
PLAY_SECONDS = 60.0
API_GAMES_PER_PAIR = 3
MAIL_GAMES_PER_PAIR = 1


def _percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return f"n={len(values)}"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"n={len(values)} p50={cuts[49] * 1000:.0f} ms p99={cuts[98] * 1000:.0f} ms max={max(values) * 1000:.0f} ms"


def test_twenty_games_for_a_minute(site_database, redis, smtp_sink, scratch, record_property):
    phases = [("start", time.monotonic())]
    database = site_database
    env = site_env(
        scratch,
        DATABASE_URL=database,
        DB_CONN_MAX_AGE="60",
        CELERY_BROKER_URL=redis.url(0),
        CELERY_RESULT_BACKEND=redis.url(1),
        CACHE_URL=redis.url(2),
        EMAIL_URL=smtp_sink.url,
        MAIL_DOMAIN="play.example",
        # Machines move faster than the limit meant for people.
        RATE_LIMIT_GAME_WRITES="100000/min",
        INBOUND_MAIL_PER_HOUR="100000",
    )
    mail = [n >= PAIRS - MAIL_PAIRS for n in range(PAIRS)]
    games = [MAIL_GAMES_PER_PAIR if by_mail else API_GAMES_PER_PAIR for by_mail in mail]
    pairs = json.loads(manage(env, "shell", "-c", setup_script(mail, games)).strip().splitlines()[-1])
    phases.append(("games made", time.monotonic()))
    web = Gunicorn(env, workers=2)
    worker = Worker(env, scratch / "worker.log", concurrency=2)
    gateway = MailGateway(env, scratch / "gateway.log")
    running = threading.Event()
    running.set()
    players = []
    try:
        web.start()
        worker.start()
        gateway.start()
        phases.append(("servers up", time.monotonic()))
        for pair, by_mail in zip(pairs, mail, strict=True):
            for player in pair["players"]:
                if by_mail:
                    players.append(
                        MailPlayer(
                            web.base,
                            pair["matches"],
                            player,
                            running,
                            gateway=gateway,
                            sink=smtp_sink,
                            database=database,
                        )
                    )
                else:
                    players.append(ApiPlayer(web.base, pair["matches"], player, running))
        with psycopg.connect(database) as connection:
            (play_from,) = connection.execute("SELECT now()").fetchone()
        started = time.monotonic()
        for player in players:
            player.start()
        time.sleep(PLAY_SECONDS)  # the length of the test, not a wait for something
        running.clear()
        for player in players:
            player.join(timeout=180)
        played_for = time.monotonic() - started
        phases.append(("played", time.monotonic()))
        assert not any(player.is_alive() for player in players), "a player hung"

        answers = [answer for player in players for answer in player.answers]
        errors = [error for player in players for error in player.errors]
        assert not errors, errors[:5]
        wrong = [a for a in answers if not a.committed]
        assert not wrong, f"{len(wrong)} of {len(answers)} moves not played: {wrong[:3]}"

        def mail_out() -> bool:
            with psycopg.connect(database) as connection:
                (left,) = connection.execute(
                    "SELECT (SELECT count(*) FROM games_moverecord WHERE notified_at IS NULL)"
                    " + (SELECT count(*) FROM mail_outgoingemail WHERE status <> 'sent')"
                ).fetchone()
            return left == 0

        wait_for(mail_out, 180, "the last mail to go out")
        phases.append(("mail out", time.monotonic()))
        with psycopg.connect(database) as connection:
            moves = connection.execute("SELECT match_id, ply FROM games_moverecord WHERE kind = 'move'").fetchall()
            outbox = connection.execute(
                "SELECT message_id, created_at >= %s, extract(epoch FROM sent_at - created_at) FROM mail_outgoingemail",
                [play_from],
            ).fetchall()
    finally:
        running.clear()
        for server in (gateway, worker, web):
            server.stop()

    stored = {(match, ply - 1) for match, ply in moves}
    assert len(stored) == len(moves), "a ply was stored twice"
    committed = [(a.match, a.ply) for a in answers]
    assert len(set(committed)) == len(committed), "a position was answered twice"
    assert set(committed) == stored, (sorted(set(committed) - stored)[:5], sorted(stored - set(committed))[:5])
    received = [m.message_id for m in smtp_sink.snapshot()]
    assert len(set(received)) == len(received), "a mail arrived twice"
    assert set(received) == {message_id for message_id, _, _ in outbox}, "a mail was lost"
    by_channel = {channel: [a.seconds for a in answers if a.channel == channel] for channel in ("api", "mail")}
    assert all(len(values) >= PAIRS for values in by_channel.values()), {k: len(v) for k, v in by_channel.items()}
    # Printed at the end of the run (tests/parallel.py), from whichever xdist worker ran this.
    record_property(
        "printed",
        (
            f"load: {PAIRS} games x 2 players for {played_for:.0f} s: {len(answers)} moves, 0 errors\n"
            f"  API move (POST):        {_percentiles(by_channel['api'])}\n"
            f"  mailed move (gateway):  {_percentiles(by_channel['mail'])}\n"
            f"  phases: {', '.join(f'{name} +{t - phases[0][1]:.0f} s' for name, t in phases[1:])}\n"
            f"  outgoing mail (queued to sent): {_percentiles([float(s) for _, during, s in outbox if during])}"
        ),
    )
