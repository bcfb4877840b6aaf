"""Players for the fault and load tests: each plays one seat of one game
through one channel (the API, the game page's form, or email through the
mail gateway) and records every answer it got.

A player acts only on its own turn and only on what the site told it (the
ply and the legal moves), as a person does; the tests then compare the
answers with what the database holds.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from email.message import EmailMessage

import psycopg
import requests

from .servers import MailGateway
from .sink import SmtpSink

SETUP = """
import json
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone
from alta_site.accounts.tokens import ApiToken
from games import services
games = []
for g in range({games}):
    users = []
    for s in range(2):
        email = f"g{{g}}s{{s}}@example.com"
        user = get_user_model().objects.create_user(email=email, password="{password}", display_name=f"G{{g}} S{{s}}")
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        users.append(user)
    now = timezone.now()
    match = services.match_create(creator=users[0], game="{game}", players=2, now=now)
    services.match_join(match_id=match.pk, user=users[1], now=now)
    games.append({{"match": match.pk, "players": [
        {{"user": u.pk, "email": u.email, "key": ApiToken.issue(user=u, name="fault")[1]}} for u in users]}})
print(json.dumps(games))
"""
PASSWORD = "fault-tests-password-1"


def setup_script(games: int, game: str = "alta") -> str:
    return SETUP.format(games=games, password=PASSWORD, game=game)


@dataclass
class Answer:
    channel: str
    match: int
    ply: int  # the position answered
    status: int  # HTTP status, or the gateway's SMTP code
    committed: bool  # what the answer told the player
    seconds: float
    detail: str = ""
    at: float = field(default_factory=time.monotonic)


class Player(threading.Thread):
    """Plays while ``running`` is set (from when ``gate`` is, if given),
    ``pause`` seconds between its own moves."""

    channel = ""

    def __init__(
        self,
        base: str,
        match: int,
        player: dict,
        running: threading.Event,
        pause: float = 0.0,
        gate: threading.Event | None = None,
    ):
        super().__init__(daemon=True)
        self.gate = gate
        self.base = base
        self.match = match
        self.player = player
        self.running = running
        self.pause = pause
        self.answers: list[Answer] = []
        self.errors: list[str] = []

    def api(self, path: str, body: dict | None = None) -> tuple[int, dict]:
        request = urllib.request.Request(
            self.base + path,
            method="POST" if body is not None else "GET",
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Token {self.player['key']}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            text = error.read()[:500].decode(errors="replace")
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, {"body": text}

    def turn(self) -> tuple[int, list[str]] | None:
        """(ply, legal moves) when it is this player's turn, else None."""
        status, seen = self.api(f"/api/games/{self.match}/legal-moves/")
        if status != 200:
            self.errors.append(f"legal-moves {status}: {seen}")
            return None
        return (seen["ply"], seen["moves"]) if seen["your_turn"] and seen["moves"] else None

    def run(self) -> None:
        try:
            while self.gate is not None and not self.gate.wait(0.5):
                if not self.running.is_set():
                    return
            while self.running.is_set():
                turn = self.turn()
                if turn is None:
                    time.sleep(0.1)  # the other player's turn (or the game is over): ask again
                    continue
                started = time.monotonic()
                answer = self.move(*turn)
                if answer is not None:
                    answer.seconds = time.monotonic() - started
                    self.answers.append(answer)
                if self.pause:
                    time.sleep(self.pause)  # a pace, not a wait for something
        except Exception as error:  # recorded, then asserted on by the test
            self.errors.append(f"{type(error).__name__}: {error}")

    def move(self, ply: int, moves: list[str]) -> Answer | None:
        raise NotImplementedError


class ApiPlayer(Player):
    channel = "api"

    def move(self, ply, moves):
        status, body = self.api(f"/api/games/{self.match}/moves/", {"ply": ply, "option": 1})
        return Answer(self.channel, self.match, ply, status, status == 201, 0, json.dumps(body)[:300])


class FormPlayer(Player):
    """Signs in with the login form, then plays with the game page's form."""

    channel = "form"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.session = requests.Session()

    def sign_in(self) -> int:
        self.session.cookies.clear()
        self.session.get(self.base + "/accounts/login/", timeout=120)
        answer = self.session.post(
            self.base + "/accounts/login/",
            data={
                "login": self.player["email"],
                "password": PASSWORD,
                "csrfmiddlewaretoken": self.session.cookies.get("csrftoken", ""),
            },
            allow_redirects=False,
            timeout=120,
        )
        return answer.status_code

    def run(self) -> None:
        status = self.sign_in()
        if status != 302:
            self.errors.append(f"sign in answered {status}")
            return
        super().run()

    def move(self, ply, moves):
        answer = self.session.post(
            f"{self.base}/games/{self.match}/move/",
            data={"ply": ply, "move": moves[0], "csrfmiddlewaretoken": self.session.cookies.get("csrftoken", "")},
            allow_redirects=False,
            timeout=120,
        )
        if answer.status_code != 302:
            return Answer(self.channel, self.match, ply, answer.status_code, False, 0, answer.text[:300])
        page = self.session.get(self.base + answer.headers["Location"], timeout=120)
        refused = re.search(r'class="message error">([^<]*)<', page.text)
        status = page.status_code if page.status_code != 200 else 302
        return Answer(self.channel, self.match, ply, status, refused is None, 0, refused.group(1) if refused else "")


class MailPlayer(Player):
    """Answers the mail of each position it is to move in by a reply
    through the mail gateway (the reply address comes from the mail the
    sink received)."""

    channel = "mail"

    def __init__(self, *args, gateway: MailGateway, sink: SmtpSink, database: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.gateway = gateway
        self.sink = sink
        self.database = database

    def _reply_address(self, ply: int) -> str | None:
        with psycopg.connect(self.database) as connection:
            row = connection.execute(
                "SELECT token FROM mail_replytoken WHERE match_id = %s AND user_id = %s AND ply = %s",
                [self.match, self.player["user"], ply],
            ).fetchone()
        if row is None:
            return None
        token = row[0]
        mails = [m for m in self.sink.snapshot() if token in m.reply_to and self.player["email"] in m.to]
        return mails[-1].reply_to.strip("<> ") if mails else None

    def move(self, ply, moves):
        address = self._reply_address(ply)
        if address is None:
            time.sleep(0.1)  # its mail has not come yet
            return None
        if "<" in address:
            address = address.split("<", 1)[1].rstrip(">")
        message = EmailMessage()
        message["From"] = self.player["email"]
        message["To"] = address
        message["Subject"] = "Re: your move"
        message["Message-ID"] = f"<reply-{self.match}-{ply}@players.example>"
        message.set_content(moves[0] + "\n")
        code, text = self.gateway.send(bytes(message), self.player["email"], address)
        # The gateway's 250 says the reply was taken; whether the move was
        # played the player learns by mail (the test checks the database).
        return Answer(self.channel, self.match, ply, code, code == 250, 0, text)
