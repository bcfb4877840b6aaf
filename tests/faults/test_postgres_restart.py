"""PostgreSQL restarts while players move: no request fails, no move is lost.

The site runs as deployed (gunicorn, DEBUG off, ``DB_CONN_MAX_AGE=60`` as
in ``docker/.env.example``) against the fault tests' own PostgreSQL
(``migrated``: the restart comes between the other fault tests, which run one
at a time).  Each
gunicorn worker keeps its connection open across requests, so after a
restart every kept connection is dead; health checks must replace it
before the request uses it.

The restart happens between requests (the load pauses for it): a query in
flight when the server goes down fails whatever the site does.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import psycopg

from .servers import Gunicorn, manage, site_env

SETUP = """
import json
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone
from alta_site.accounts.tokens import ApiToken
from games import services
users = []
for name in ("Alice", "Bob"):
    user = get_user_model().objects.create_user(email=f"{name.lower()}@example.com", password="x" * 20,
                                                display_name=name)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    users.append(user)
now = timezone.now()
match = services.match_create(creator=users[0], game="alta", players=2, now=now)
services.match_join(match_id=match.pk, user=users[1], now=now)
print(json.dumps({"match": match.pk, "keys": [ApiToken.issue(user=u, name="load")[1] for u in users]}))
"""
ROUNDS = 3
REQUESTS_PER_ROUND = 16


def call(base: str, key: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(
        base + path,
        method="POST" if body is not None else "GET",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {"body": error.read()[:500].decode(errors="replace")}


def test_requests_survive_a_postgres_restart(migrated, site_database, scratch):
    # The session's PostgreSQL (restarted here, between the other fault tests) and a migrated database on it.
    postgres = migrated
    env = site_env(scratch, DATABASE_URL=site_database, DB_CONN_MAX_AGE="60")
    setup = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
    web = Gunicorn(env, workers=2)
    web.start()
    answers: list[tuple[str, int, dict]] = []
    accepted = 0
    pause = threading.Lock()

    def player(key: str) -> None:
        nonlocal accepted
        for _ in range(ROUNDS * REQUESTS_PER_ROUND // 2):
            with pause:
                status, game = call(web.base, key, f"/api/games/{setup['match']}/")
                answers.append(("detail", status, game))
                waiting = not (status == 200 and game["your_turn"])
                if not waiting:
                    status, body = call(
                        web.base, key, f"/api/games/{setup['match']}/moves/", {"ply": game["ply"], "option": 1}
                    )
                    answers.append(("move", status, body))
                    accepted += status == 201
            if waiting:
                # Let the player to move take the lock: a Lock is not fair, and on a
                # loaded machine one thread could spend all its requests waiting.
                threading.Event().wait(0.02)

    try:
        players = [threading.Thread(target=player, args=(key,)) for key in setup["keys"]]
        for thread in players:
            thread.start()
        for _ in range(ROUNDS - 1):
            # Restart once the load is under way and every worker holds a connection.
            before = len(answers)
            while len(answers) < before + REQUESTS_PER_ROUND and any(t.is_alive() for t in players):
                threading.Event().wait(0.05)
            with pause:
                postgres.restart()
        for thread in players:
            thread.join()
    finally:
        web.stop()

    errors = [(kind, status, body) for kind, status, body in answers if status >= 500]
    assert not errors, f"{len(errors)} of {len(answers)} requests failed: {errors[:3]}"
    assert len(answers) >= ROUNDS * REQUESTS_PER_ROUND
    assert accepted > ROUNDS
    with psycopg.connect(site_database) as connection:
        (stored,) = connection.execute(
            "SELECT count(*) FROM games_moverecord WHERE match_id = %s AND kind = 'move'", [setup["match"]]
        ).fetchone()
    assert stored == accepted
