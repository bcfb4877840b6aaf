"""A Dutch-speaking player sees Dutch on the main pages.

No browser: the test client renders each page for a user whose language
is ``nl`` and reads the text a browser would show (``visible_text``).  A
word counts as English when a msgid of the catalogues uses it and no
Dutch translation does (so "Lobby", "Rating" or "Status", the same in
both languages, never count).  Names (players, clubs, tournaments,
ladders) and ``tests.i18n.unmarked.ALLOWED`` are not words of either.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest

from tests.conftest import make_user
from tests.i18n.unmarked import ALLOWED, WORD

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = [p for p in ROOT.glob("**/locale/nl/LC_MESSAGES/django.po") if ".venv" not in p.parts]
GAMES = ("alta", "alhambra", "atlantis", "alpaca")
# The names this test gives its players, club, ladder and tournament.
NAMES = {"Anna", "Bram", "Harbour", "Winter", "Cup"}


#: A time zone's name ("Europe/Amsterdam", as the footer names the zone
#: times are shown in): an identifier, not English.
_ZONE = re.compile(r"\b[A-Z][a-z]+/[A-Za-z_/+-]+")


def _words(text: str) -> set[str]:
    text = _ZONE.sub(lambda zone: " " if zone.group(0) in zoneinfo.available_timezones() else zone.group(0), text)
    return {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)\w|<[^>]+>", " ", text))}


def _dutch_dates() -> set[str]:
    """Weekday and month names as Django writes them in Dutch ("do" for
    Thursday, "mei"): Dutch, whatever English msgid shares a spelling."""
    from django.utils import dates, translation

    tables = (dates.WEEKDAYS, dates.WEEKDAYS_ABBR, dates.MONTHS, dates.MONTHS_3, dates.MONTHS_AP, dates.MONTHS_ALT)
    with translation.override("nl"):
        return _words(" ".join(str(name) for table in tables for name in table.values()))


def english_words() -> set[str]:
    english, dutch = set(), set()
    for path in CATALOGUES:
        for entry in polib.pofile(str(path)):
            if entry.msgctxt == "alta card code":
                continue  # FAR, WHE ...: letters drawn on a card (notation), not words
            english |= _words(entry.msgid + " " + entry.msgid_plural)
            dutch |= _words(entry.msgstr + " " + " ".join(entry.msgstr_plural.values()))
    return english - dutch - _dutch_dates() - {w.lower() for w in ALLOWED | NAMES}


class _Text(HTMLParser):
    """The text a reader sees: data and the attributes read out (title,
    aria-label, placeholder, alt), without scripts, styles and code."""

    _SKIP = {"script", "style", "code", "pre", "kbd", "samp"}
    # (A <select> other than the time zone's is not skipped, so its closing
    # tag never meets a skip to end.)

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.lang: str | None = None
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        # Time zones are place names ("America/Swift Current").
        if tag in self._SKIP or (tag == "select" and attrs.get("name") == "time_zone"):
            self._skip += 1
        self.parts += [attrs[a] for a in ("title", "aria-label", "placeholder", "alt") if attrs.get(a)]

    def handle_endtag(self, tag):
        if (tag in self._SKIP or tag == "select") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> tuple[str | None, str]:
    parser = _Text()
    parser.feed(html)
    return parser.lang, " ".join(parser.parts)


# What a game's engine and board write on a game page: the board, the
# prompt before the page's own "Click a piece ..." and the move buttons.
_ENGINE_TEXT = (
    re.compile(r'<div class="table-view">(.*?)</div>\s*</section>', re.S),
    re.compile(r'<div class="your-move card"[^>]*>\s*<h2>[^<]*</h2>\s*<p>([^<]*?)\. (?=Klik|Click)', re.S),
    re.compile(r'<div class="move-buttons">(.*?)</div>', re.S),
)


def without_board(html: str) -> tuple[str, str]:
    """(the page without what the engine and board write, that text) of a
    game page; other pages come back whole."""
    taken = []
    for pattern in _ENGINE_TEXT:
        found = pattern.search(html)
        if found:
            taken.append(found.group(1))
            html = html[: found.start(1)] + html[found.end(1) :]
    return html, " ".join(taken)


@pytest.fixture
def anna(db):
    return make_user("anna@example.nl", "Anna", language="nl", time_zone="Europe/Amsterdam")


@pytest.fixture
def bram(db):
    return make_user("bram@example.nl", "Bram", language="nl")


@pytest.fixture
def site(anna, bram):
    """One running game of each game, a ladder with both players, and a
    running club tournament; returns the paths of the main pages."""
    from django.utils import timezone

    from games.services import match_create_seated
    from ratings.models import Ladder
    from ratings.services import ladder_join
    from tournaments.services import (
        club_create,
        club_join,
        tournament_create,
        tournament_register,
        tournament_start,
    )

    now = timezone.now()
    paths = ["/", "/lobby/", "/games/", "/profile/", "/ladders/", "/tournaments/", "/clubs/"]
    for game in GAMES:
        match = match_create_seated(users=[anna, bram], game=game, now=now)
        paths += [match.get_absolute_url()]
    ladder = Ladder.objects.create(game="alta", players=2, name="Harbour")
    for user in (anna, bram):
        ladder_join(ladder_id=ladder.pk, user=user, now=now)
    paths += [ladder.get_absolute_url(), f"/players/{anna.display_name}/ratings/"]
    club = club_create(creator=anna, name="Harbour", now=now)
    club_join(club_id=club.pk, user=bram, now=now)
    cup = tournament_create(
        creator=anna,
        name="Winter Cup",
        club_id=club.pk,
        now=now,
        rounds=2,
        registration_closes_at=now + dt.timedelta(days=7),
    )
    for user in (anna, bram):
        tournament_register(tournament_id=cup.pk, user=user, now=now)
    tournament_start(tournament_id=cup.pk, now=now, by=anna)

    paths += [club.get_absolute_url(), cup.get_absolute_url()]
    return paths


def test_the_english_words_are_found_in_english_pages(client, site):
    """The check itself: the same pages in English are full of them."""
    english = english_words()
    assert {"your", "games", "players"} <= english
    lang, text = visible_text(client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert lang == "en" and _words(text) & english


def test_a_dutch_player_sees_only_dutch(client, anna, site):
    client.force_login(anna)
    english = english_words()
    found = {}
    for path in site:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")  # the setting wins
        assert response.status_code == 200, path
        page, _board = without_board(response.content.decode())
        lang, text = visible_text(page)
        assert lang == "nl", path

        if words := sorted(_words(text) & english):
            found[path] = words
    assert not found, "\n".join(f"{path}: {' '.join(words)}" for path, words in found.items())


@pytest.mark.parametrize("game", GAMES)
def test_a_dutch_player_reads_the_board_in_dutch(client, anna, bram, game):
    from django.utils import timezone

    from games.rules.alta.components import CODES
    from games.services import match_create_seated

    # The card codes drawn on Alta's cards are notation (FAR, SET ...).
    codes = {code.lower() for code in CODES.values()} if game == "alta" else set()
    match = match_create_seated(users=[anna, bram], game=game, now=timezone.now())
    english = english_words() - codes

    for player in (anna, bram):
        client.force_login(player)
        _, engine_text = without_board(client.get(match.get_absolute_url()).content.decode())
        assert engine_text
        assert _words(visible_text(engine_text)[1]) & english == set()


def test_a_visitor_gets_the_language_of_the_browser(client, db):

    lang, text = visible_text(client.get("/", HTTP_ACCEPT_LANGUAGE="nl-NL,nl;q=0.9").content.decode())
    assert lang == "nl" and "Spelregels en notatie" in text
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="nl").headers["Content-Language"] == "nl"
    assert visible_text(client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode())[0] == "en"


def test_times_are_in_the_players_zone_and_say_which(client, anna):
    client.force_login(anna)
    _, text = visible_text(client.get("/").content.decode())
    assert "Tijden staan in Europe/Amsterdam." in text
