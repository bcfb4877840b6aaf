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
pairs = []
for p, (mail, count, signs_in) in enumerate(zip({mail!r}, {counts!r}, {passwords!r})):
    users = []
    for s in range(2):
        email = f"p{{p}}s{{s}}@example.com"
        user = get_user_model().objects.create_user(
            email=email, password="{password}" if signs_in else None, display_name=f"P{{p}} S{{s}}",
            notifications="every_turn" if mail else "none")
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        users.append(user)
    matches = []
    for _ in range(count):
        now = timezone.now()
        match = services.match_create(creator=users[0], game="{game}", players=2, now=now)
        services.match_join(match_id=match.pk, user=users[1], now=now)
        matches.append(match.pk)
    pairs.append({{"matches": matches, "players": [
        {{"user": u.pk, "email": u.email, "key": ApiToken.issue(user=u, name="fault")[1]}} for u in users]}})
print(json.dumps(pairs))
"""
PASSWORD = "fault-tests-password-1"


def setup_script(
    mail: list[bool], games: list[int] | None = None, passwords: list[bool] | None = None, game: str = "alta"
) -> str:
    """A shell script making one pair of players per item of ``mail`` (True:
    they want every turn's mail; False: none, as API bots), pair ``n`` with
    ``games[n]`` (default 1) started games, and a password (``PASSWORD``)
    where ``passwords[n]`` (hashing one takes a second on a loaded machine);
    it prints the pairs as JSON."""
    counts = list(games or [1] * len(mail))
    return SETUP.format(
        mail=list(mail), counts=counts, passwords=list(passwords or [False] * len(mail)), password=PASSWORD, game=game
    )


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
        matches: list[int],
        player: dict,
        running: threading.Event,
        pause: float = 0.0,
        gate: threading.Event | None = None,
    ):
        super().__init__(daemon=True)
        self.gate = gate
        self.base = base
        self.matches = list(matches)
        self.match = self.matches.pop(0)
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

    def turn(self) -> int | None:
        """The ply to answer when it is this player's turn, else None.  A
        finished game is left for the pair's next one."""
        status, game = self.api(f"/api/games/{self.match}/")
        if status != 200:
            self.errors.append(f"game {status}: {game}")
            return None
        if game["status"] == "finished" and self.matches:
            self.match = self.matches.pop(0)
            return None
        return game["ply"] if game["your_turn"] else None

    def run(self) -> None:
        try:
            while self.gate is not None and not self.gate.wait(0.5):
                if not self.running.is_set():
                    return
            while self.running.is_set():
                turn = self.turn()
                if turn is None:
                    time.sleep(0.25)  # the other player's turn (or the game is over): ask again
                    continue
                started = time.monotonic()
                answer = self.move(turn)
                if answer is not None:
                    answer.seconds = time.monotonic() - started
                    self.answers.append(answer)
                if self.pause:
                    time.sleep(self.pause)  # a pace, not a wait for something
        except Exception as error:  # recorded, then asserted on by the test
            self.errors.append(f"{type(error).__name__}: {error}")

    def move(self, ply: int) -> Answer | None:
        raise NotImplementedError


class ApiPlayer(Player):
    channel = "api"

    def move(self, ply):
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

    def move(self, ply):
        status, seen = self.api(f"/api/games/{self.match}/legal-moves/")
        if status != 200 or seen["ply"] != ply:
            return None  # looked again: ask afresh
        answer = self.session.post(
            f"{self.base}/games/{self.match}/move/",
            data={
                "ply": ply,
                "move": seen["moves"][0],
                "csrfmiddlewaretoken": self.session.cookies.get("csrftoken", ""),
            },
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
    """Plays by mail only: answers each mail that carries a reply address
    it has not used yet (option 1), through the mail gateway, in the order
    the mails came.  The mails say whose turn it is; it asks nothing else."""

    channel = "mail"

    def __init__(self, *args, gateway: MailGateway, sink: SmtpSink, database: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.gateway = gateway
        self.sink = sink
        self.database = database
        self.used: set[str] = set()

    def _unanswered(self, mails) -> str | None:
        for mail in mails:
            address = mail.reply_to.split("<", 1)[-1].rstrip(">").strip()
            if address and address not in self.used and self.player["email"] in mail.to:
                return address
        return None

    def run(self) -> None:
        try:
            while self.gate is not None and not self.gate.wait(0.5):
                if not self.running.is_set():
                    return
            with psycopg.connect(self.database, autocommit=True) as connection:
                while self.running.is_set():
                    try:
                        self.sink.wait_until(lambda mails: self._unanswered(mails) is not None, 0.5, "a mail")
                    except AssertionError:
                        continue  # none yet: look at ``running`` and wait again
                    address = self._unanswered(self.sink.snapshot())
                    self.used.add(address)
                    token = address.split("@", 1)[0].split("+", 1)[1]
                    self.match, ply = connection.execute(
                        "SELECT match_id, ply FROM mail_replytoken WHERE token = %s", [token]
                    ).fetchone()
                    started = time.monotonic()
                    answer = self.move_by_mail(address, ply)
                    answer.seconds = time.monotonic() - started
                    self.answers.append(answer)
        except Exception as error:  # recorded, then asserted on by the test
            self.errors.append(f"{type(error).__name__}: {error}")

    def move_by_mail(self, address: str, ply: int) -> Answer:
        message = EmailMessage()
        message["From"] = self.player["email"]
        message["To"] = address
        message["Subject"] = "Re: your move"
        message["Message-ID"] = f"<reply-{self.match}-{ply}@players.example>"
        message.set_content("1\n")
        code, text = self.gateway.send(bytes(message), self.player["email"], address)
        # The gateway's 250 says the reply was taken; whether the move was
        # played the player learns by mail (the test checks the database).
        return Answer(self.channel, self.match, ply, code, code == 250, 0, text)
