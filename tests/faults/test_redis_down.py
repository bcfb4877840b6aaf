"""Redis (cache, broker and results) goes away for 30 s while players move
by the API, by the game page's form and by email: every answer is right,
nothing is lost or applied twice, logins and pages work, and the mail of
the moves made meanwhile goes out once Redis is back (the outbox sweep).

Redis is killed (no persistence), so the tasks queued in it are gone too:
the sweep, not the queue, is what brings that mail out.  The test runs the
sweep as beat does (a task on the worker), every few seconds.
"""

from __future__ import annotations

import collections
import json
import threading
import time

import psycopg
from celery import Celery

from .play import ApiPlayer, FormPlayer, MailPlayer, setup_script
from .servers import Gunicorn, MailGateway, Worker, manage, site_env

OUTAGE = 30.0
BEFORE = 8.0  # of play before Redis goes
AFTER = 8.0  # of play after it is back
PAUSE = 1.5  # between a player's moves: the games must outlast the test
SWEEP_EVERY = 5.0
PAGES = ("/", "/games/", "/profile/")


def test_players_move_through_a_redis_outage(site_database, redis, smtp_sink, scratch):
    database = site_database
    env = site_env(
        scratch,
        DATABASE_URL=database,
        CELERY_BROKER_URL=redis.url(0),
        CELERY_RESULT_BACKEND=redis.url(1),
        CACHE_URL=redis.url(2),
        EMAIL_URL=smtp_sink.url,
        MAIL_DOMAIN="play.example",
        ALLOWED_HOSTS="127.0.0.1",
        # The players here move faster than people; the limit's outage
        # behaviour is tests/site/test_cache_fail_open.py's.
        RATE_LIMIT_GAME_WRITES="100000/min",
        RATE_LIMIT_LOGIN="100000/m/ip",
    )
    manage(env, "collectstatic", "--no-input", "--verbosity=0")  # pages under DEBUG=0 need the manifest
    games = json.loads(
        manage(env, "shell", "-c", setup_script([True] * 6, passwords=[True] * 6)).strip().splitlines()[-1]
    )
    web, worker = Gunicorn(env, workers=2), Worker(env, scratch / "worker.log")
    gateway = MailGateway(env, scratch / "gateway.log")
    running = threading.Event()
    running.set()
    mail_gate = threading.Event()  # mail players answer only once Redis is away
    players = []
    try:
        web.start()
        worker.start()
        gateway.start()
        for n, game in enumerate(games):
            for player in game["players"]:
                if n < 2:
                    players.append(ApiPlayer(web.base, game["matches"], player, running, PAUSE))
                elif n < 4:
                    players.append(FormPlayer(web.base, game["matches"], player, running, PAUSE))
                else:
                    players.append(
                        MailPlayer(
                            web.base,
                            game["matches"],
                            player,
                            running,
                            PAUSE,
                            mail_gate,
                            gateway=gateway,
                            sink=smtp_sink,
                            database=database,
                        )
                    )
        for player in players:
            player.start()
        time.sleep(BEFORE)  # play on a while
        # Each mail game's first mover has the mail it will answer while
        # Redis is away (its "game started" mail, with the reply address).
        smtp_sink.wait_until(
            lambda mails: all(
                any("@play.example" in m.reply_to and any(p["email"] in m.to for p in game["players"]) for m in mails)
                for game in games[4:]
            ),
            120,
            "the mail games' first mails",
        )
        redis.kill()
        mail_gate.set()
        down_from = time.monotonic()
        # A sign-in and pages while Redis is away.
        signed_in = FormPlayer(web.base, games[0]["matches"], games[0]["players"][0], running)
        assert signed_in.sign_in() == 302
        for page in PAGES:
            answer = signed_in.session.get(web.base + page, timeout=120)
            assert answer.status_code == 200, (page, answer.status_code, answer.text[:300])
        time.sleep(max(OUTAGE - (time.monotonic() - down_from), 0))
        down_until = time.monotonic()
        redis.start()
        time.sleep(AFTER)
        running.clear()
        for player in players:
            player.join(timeout=180)
        assert not any(player.is_alive() for player in players), "a player hung"

        answers = [answer for player in players for answer in player.answers]
        errors = [error for player in players for error in player.errors]
        assert not errors, errors[:5]
        failed = [a for a in answers if a.status >= 500 or a.status in (421, 451, 554)]
        assert not failed, f"{len(failed)} of {len(answers)} answers failed: {failed[:3]}"
        # Each player moved only on its turn, at the ply the site gave it.
        refused = [a for a in answers if not a.committed]
        assert not refused, f"{len(refused)} moves refused: {refused[:3]}"
        during = collections.Counter(a.channel for a in answers if down_from <= a.at - a.seconds <= down_until)
        assert all(during[channel] for channel in ("api", "form", "mail")), f"moves during the outage: {during}"

        with psycopg.connect(database) as connection:
            moves = connection.execute(
                "SELECT match_id, ply, source FROM games_moverecord WHERE kind = 'move' ORDER BY match_id, ply"
            ).fetchall()
        stored = {(match, ply - 1) for match, ply, _source in moves}
        assert len(stored) == len(moves), "a ply was stored twice"
        committed = {(a.match, a.ply) for a in answers if a.committed}
        # Every answer that said "played" is a stored move, and every stored
        # move was answered as played (none stored behind an error answer).
        assert committed == stored, (sorted(committed - stored)[:5], sorted(stored - committed)[:5])

        # Mail: once the sweep has run past the grace period, every move and
        # event is announced and every outgoing mail reached the sink once.
        # Not the current app: the suite's shared tasks keep the site's app (and broker).
        celery = Celery(broker=redis.url(0), backend=redis.url(1), set_as_current=False)

        def all_mail_out() -> bool:
            with psycopg.connect(database) as connection:
                (unannounced,) = connection.execute(
                    "SELECT count(*) FROM games_moverecord WHERE notified_at IS NULL"
                ).fetchone()
                (unsent,) = connection.execute(
                    "SELECT count(*) FROM mail_outgoingemail WHERE status <> 'sent'"
                ).fetchone()
            if unannounced or unsent:
                celery.send_task("mail.tasks.outbox_sweep")
                return False
            return True

        _every(SWEEP_EVERY, all_mail_out, 300)
        with psycopg.connect(database) as connection:
            sent = dict(connection.execute('SELECT message_id, "to" FROM mail_outgoingemail').fetchall())
        received = collections.Counter(m.message_id for m in smtp_sink.snapshot())
        assert set(received) == set(sent), "every mail arrived"
        assert max(received.values()) == 1, "no mail arrived twice"
    finally:
        running.clear()
        for server in (gateway, worker, web):
            server.stop()


def _every(seconds: float, done, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the mail of the outage's moves")
        time.sleep(seconds)
