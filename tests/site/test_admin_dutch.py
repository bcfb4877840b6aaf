"""A Dutch staff member reads the admin in Dutch.

A superuser whose language is ``nl`` opens the admin index, the list of
every model our apps register and the change page of one row of each
(the rows the Dutch pages test makes, and a few more).  Django's own admin
words are Dutch already; a word of our own msgids with no Dutch
translation (an unmarked model name, field label, column, fieldset or app
name) fails the test, with the check the Dutch pages test uses.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.contrib import admin
from django.urls import reverse

from tests.conftest import make_user
from tests.i18n import test_dutch_pages as dutch_pages
from tests.i18n.test_dutch_pages import _words, english_words, visible_text

pytestmark = pytest.mark.django_db

# The Dutch pages' players, games, ladder, club and tournament.
anna, bram, site = dutch_pages.anna, dutch_pages.bram, dutch_pages.site

OUR_APPS = {"accounts", "devmail", "games", "mail", "ratings", "tournaments"}
ADMIN_LOCALE = Path(admin.__file__).parent / "locale"


# Fields whose value is kept as it was typed, logged or computed (a game's
# state in the engine's notation, a log line, a mail): data, shown as
# stored, not words of the site.
DATA_FIELDS = (
    "state", "outcome", "options", "moves", "events", "data", "text", "players", "ranking", "breakdown",
    "subject", "body", "html", "text_body", "html_body", "raw", "headers", "detail", "last_error",
    "message_to_players", "paused_seats",
)  # fmt: skip
# Django stores permissions' names in English ("Can add seat"), and its
# admin lists them as stored.
_PERMISSIONS = re.compile(r'<select name="(?:user_permissions|permissions)".*?</select>', re.S)


#: A hex string (the seed's commitment and salt, tokens): random letters
#: ("…eb3be9…") that would otherwise read as English words now and then.
_HEX = re.compile(r"\b[0-9a-f]{16,}\b")
#: A password hash's masked salt and hash as the user's page shows them
#: ("ll**********"): their first letters are random too.
_MASKED = re.compile(r"\S*\*{6,}")


def without_data(html: str) -> str:
    """The page without the values of ``DATA_FIELDS`` (in lists, inlines and
    read-only fields) and without the permissions' names."""
    html = _PERMISSIONS.sub(" ", html)
    for name in DATA_FIELDS:
        html = re.sub(rf'(<t[dh] class="field-{name}">).*?(</t[dh]>)', r"\1\2", html, flags=re.S)
        html = re.sub(
            rf'(class="[^"]*\bfield-{name}\b[^"]*">(?:(?!class="form-row).)*?<div class="readonly">).*?(</div>)',
            r"\1\2",
            html,
            flags=re.S,
        )
    return html


def django_admin_text() -> tuple[list[str], set[str]]:
    """(Django's admin strings its Dutch catalogue leaves English, longest
    first; the words of its Dutch): Django's words, not ours to translate."""
    dutch = {e.msgid: e.msgstr for e in polib.pofile(str(ADMIN_LOCALE / "nl/LC_MESSAGES/django.po")) if e.msgstr}
    english = {e.msgid for e in polib.pofile(str(ADMIN_LOCALE / "en/LC_MESSAGES/django.po"))} - set(dutch)
    return sorted(english, key=len, reverse=True), _words(" ".join(dutch.values()))


@pytest.fixture
def more_rows(site, anna, bram):
    """Rows of the models the Dutch pages' site leaves empty."""
    from django.utils import timezone

    from alta_site.devmail.models import CapturedEmail
    from games.models import ChatMessage, DeadlineSettings, Match, MoveRecord, Vacation
    from mail.models import GameMute, InboundEmail, OutgoingEmail, ReplyToken
    from ratings.models import Challenge, Ladder, LadderGame, Rating, RatingChange
    from tournaments.models import Tournament, TournamentInvitation

    now = timezone.now()
    match = Match.objects.filter(game="alta").first()
    ChatMessage.objects.create(match=match, author=anna, seat_index=0, text="Hallo", created_at=now)
    DeadlineSettings.objects.get_or_create(user=anna)
    Vacation.objects.create(user=anna, starts_at=now, ends_at=now, created_at=now)
    GameMute.objects.create(user=bram, match=match)
    OutgoingEmail.objects.get_or_create(
        kind=OutgoingEmail.Kind.YOUR_TURN, to="anna@example.nl", subject="Alta", defaults={"created_at": now}
    )
    InboundEmail.objects.create(sender="anna@example.nl", subject="Alta", received_at=now, outcome="accepted")
    ReplyToken.objects.create(token="t" * 20, match=match, seat_index=0, user=anna, ply=0, created_at=now)
    TournamentInvitation.objects.create(tournament=Tournament.objects.get(), user=bram, invited_by=anna, created_at=now)
    MoveRecord.objects.create(
        match=match, ply=1, seat_index=0, user=anna, source=MoveRecord.Source.WEB, text="pass", created_at=now
    )
    ladder = Ladder.objects.get()
    LadderGame.objects.create(ladder=ladder, match=match, origin=LadderGame.Origin.CHALLENGE, created_at=now)
    Challenge.objects.create(ladder=ladder, challenger=anna, challenged=bram, created_at=now, expires_at=now)
    Rating.objects.create(user=anna, game="alta", value=1516, games=1, peak=1516, last_played_at=now)
    RatingChange.objects.create(
        match=match, user=anna, game="alta", finished_at=now, old=1500, new=1516, delta=16, k=32,
        expected=0.5, actual=1, place=1, players=2, games=1,
    )  # fmt: skip
    CapturedEmail.objects.create(from_email="alta@example.nl", to="anna@example.nl", subject="Alta", raw="Alta")


@pytest.fixture
def staff(db):
    return make_user("beheer@example.nl", "Beheer", language="nl", is_staff=True, is_superuser=True)


def _admin_pages():
    """The index, then each of our models' list and one row's change page."""
    yield reverse("admin:index")
    for model in admin.site._registry:
        meta = model._meta
        if meta.app_label not in OUR_APPS:
            continue
        yield reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        row = model._default_manager.order_by("pk").first()
        if row is not None:
            yield reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk])


def _phrases(phrases) -> re.Pattern:
    """Any of ``phrases`` as a whole (never a piece of a word)."""
    alternatives = "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def test_a_dutch_staff_member_reads_the_admin_in_dutch(client, staff, site, more_rows):
    from games.models import MatchEvent, MoveRecord
    from tournaments.models import TournamentEvent

    untranslated, django_dutch = django_admin_text()
    django_english = _phrases(untranslated)
    # A game's event log is kept as logged, in English (the game page shows
    # players its own lines), moves in the game's canonical notation, and
    # events' kinds are names in code: on those logs' pages, they are data.
    logged = _phrases(
        [*MatchEvent.objects.values_list("text", flat=True), *MatchEvent.objects.values_list("kind", flat=True)]
        + [*TournamentEvent.objects.values_list("kind", flat=True), *MoveRecord.objects.values_list("text", flat=True)]
    )
    english = english_words() - django_dutch
    client.force_login(staff)
    found, pages = {}, 0
    for path in _admin_pages():
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")  # the setting wins
        assert response.status_code == 200, path
        lang, text = visible_text(without_data(response.content.decode()))
        assert lang == "nl", path
        if "event/" in path or "moverecord/" in path:
            text = logged.sub(" ", text)
        text = django_english.sub(" ", text)
        text = _HEX.sub(" ", text)  # a commitment, salt or token: its letters are not words
        text = _MASKED.sub(" ", text)
        pages += 1
        if words := sorted(_words(text) & english):
            found[path] = words
    assert pages > 40  # every model's list and most change pages were read
    assert not found, "\n".join(f"{path}: {' '.join(words)}" for path, words in found.items())
