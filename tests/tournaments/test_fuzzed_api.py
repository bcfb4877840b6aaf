"""Property-based bodies for the tournament and club API writes (create,
register, withdraw, the organiser's tools, seeds, a substitute, a
disqualification, a round's deadline, a bye, clubs): random JSON, each
field of the wrong type, a NUL or control character, numbers beyond
PostgreSQL's integer and bigint, negative ones, long texts, lists where an
object is expected, unknown ids in the URL and in the body.  The answer is
never a server error; a refusal is the API's JSON error in the sender's
language, and changes nothing."""

from __future__ import annotations

import datetime as dt
import json
import zoneinfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from tests.conftest import living_in
from tests.fuzzing import (
    BAD_IDS,
    FUZZ_SETTINGS,
    api_answer_checked,
    api_post,
    in_savepoint,
    json_bodies,
    what_is_there,
    with_ids,
)
from tests.games.api.test_fuzzed_bodies import bodies
from tests.games.api.test_games_api import client_for
from tournaments.models import Tournament

from .conftest import DAY, make_tournament, new_players, register, running_games, started

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_write_limit(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"game_write": "100000/min"})


@pytest.fixture
def writes(alice, bob, carol, club, now):
    """The API writes alice may send, each ``(path, a body it takes)``, as
    ``test_fuzzed_forms``'s: an open tournament, a running Swiss she plays
    in, one paused before its first round, and her club."""
    from tournaments.services import club_join, round_pairing_proposal, tournament_start

    players = new_players(4)
    club_join(club_id=club.pk, user=bob, now=now)
    running = started(alice, club, [alice, bob, *players[:2]], now=now, format="swiss", rounds=3)
    # A game she does not play in: an organiser sets no result of her own game.
    mine = running.participants.get(user=alice).pk
    game = next(g for g in running_games(running) if mine not in g.players)
    other = running.participants.exclude(user=alice).order_by("pk").first()
    waiting = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(waiting, players, now)
    tournament_start(tournament_id=waiting.pk, now=now, by=alice, paused=True)
    waiting.refresh_from_db()
    opened = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    register(opened, [bob, carol], now)
    proposal = round_pairing_proposal(waiting)
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).isoformat()
    r, w, o = running.pk, waiting.pk, opened.pk
    return [
        (
            "/api/tournaments/",
            {
                "name": "Late cup",
                "club": club.pk,
                "format": "swiss",
                "rounds": 3,
                "registration_closes_at": closes,
                "capacity": 8,
                "round_days": 7,
                "days_per_move": 3,
            },
        ),
        (f"/api/tournaments/{o}/register/", {}),
        (f"/api/tournaments/{o}/unregister/", {}),
        (f"/api/tournaments/{o}/start/", {"paused": True}),
        (f"/api/tournaments/{o}/cancel/", {"reason": "Too few players."}),
        (f"/api/tournaments/{o}/invitations/", {"display_name": "Bob"}),
        (f"/api/tournaments/{o}/seeding/", {"order": list(opened.participants.values_list("pk", flat=True))}),
        (
            f"/api/tournaments/{o}/players/{opened.participants.get(user=bob).pk}/replace/",
            {"display_name": "Carol"},
        ),
        (f"/api/tournaments/{r}/withdraw/", {}),
        (f"/api/tournaments/{r}/players/{other.pk}/disqualify/", {"reason": "Rude."}),
        (f"/api/tournaments/{r}/players/{other.pk}/reinstate/", {}),
        (f"/api/tournaments/{r}/rounds/1/extend/", {"days": 2}),
        (
            f"/api/tournaments/games/{game.pk}/result/",
            {"ranking": [[pid] for pid in game.players], "reason": "Agreed.", "forfeited": []},
        ),
        (f"/api/tournaments/{r}/pause/", {}),
        (f"/api/tournaments/{w}/resume/", {}),
        (f"/api/tournaments/{r}/message/", {"subject": "Round 2", "text": "Soon."}),
        (f"/api/tournaments/{r}/players/add/", {"display_name": "Carol"}),
        (
            f"/api/tournaments/{w}/rounds/1/pairing/",
            {"tables": [list(t) for t in proposal.tables], "byes": list(proposal.byes)},
        ),
        (f"/api/tournaments/{r}/bye/", {"round": 2}),
        (f"/api/tournaments/{r}/bye/withdraw/", {"round": 2, "participant": other.pk}),
        ("/api/clubs/", {"name": "Dune club", "description": "Sand.", "join_policy": "open"}),
        (f"/api/clubs/{club.pk}/join/", {}),
        (f"/api/clubs/{club.pk}/leave/", {}),
        (f"/api/clubs/{club.pk}/invitations/", {"display_name": "Carol"}),
        (f"/api/clubs/{club.pk}/members/{bob.pk}/approve/", {}),
        (f"/api/clubs/{club.pk}/members/{bob.pk}/remove/", {}),
        (f"/api/clubs/{club.pk}/members/{bob.pk}/promote/", {}),
    ]


WRITES = 27


@pytest.mark.parametrize("which", range(WRITES))
@settings(FUZZ_SETTINGS, max_examples=10)
@given(data=st.data())
def test_any_tournament_or_club_write_is_done_or_refused_without_a_server_error(data, which, writes, alice):
    assert len(writes) == WRITES
    path, valid = writes[which]
    fields = ("reason", "display_name", "days", "round", "participant", "order", "tables", "byes", "club")
    body, content_type = data.draw(bodies(json_bodies(valid, fields)), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = client_for(alice)

    def send():
        living_in(language, "Europe/Amsterdam", alice)
        before = what_is_there()
        answer = api_post(client, alice, "POST", path, body, content_type)
        api_answer_checked(answer, alice, body, before)

    in_savepoint(send)


def test_every_tournament_and_club_write_to_an_unknown_id_is_refused(writes, alice):
    """Each number of each write's URL, in turn, an id no row has (beyond
    bigint among them): a refusal, in Dutch for alice, nothing changed."""
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    for path, valid in writes:
        for bad in BAD_IDS:
            for wrong in with_ids(path, bad):
                body = json.dumps(valid).encode()

                def send(wrong=wrong, body=body):
                    before = what_is_there()
                    answer = api_post(client, alice, "POST", wrong, body)
                    assert answer.status_code >= 400, (wrong, answer.status_code)
                    api_answer_checked(answer, alice, body, before)

                in_savepoint(send)


#: Moments at the ends of the calendar: in a time zone east of UTC (or
#: west, for the last), the first has no moment in UTC.
EDGES = ["0001-01-01T00:00", "0001-01-01T00:00:00", "0001-01-01", "9999-12-31T23:59", "9999-12-31T23:59:59+00:00"]


@pytest.mark.parametrize("zone", ["Europe/Amsterdam", "America/Los_Angeles", "Pacific/Kiritimati"])
@pytest.mark.parametrize("field", ["registration_closes_at", "registration_opens_at"])
def test_a_moment_at_the_end_of_the_calendar_is_refused_in_the_senders_language(alice, club, zone, field):
    living_in("nl", zone, alice)
    client = client_for(alice)
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).isoformat()
    valid = {"name": "Late cup", "club": club.pk, "format": "swiss", "rounds": 3, "registration_closes_at": closes}
    _each_moment_refused(client, alice, valid, field, EDGES)


def _each_moment_refused(client, user, valid: dict, field: str, moments, said: str | None = None) -> None:
    """A new tournament ``valid`` with each of ``moments`` as its ``field``
    is refused: 400, in ``user``'s language (saying ``said``), and nothing
    changes."""
    for when in moments:
        body = json.dumps({**valid, field: when}).encode()

        def send(body=body, when=when):
            before = what_is_there()
            answer = api_post(client, user, "POST", "/api/tournaments/", body)
            assert answer.status_code == 400, (when, answer.status_code)
            api_answer_checked(answer, user, body, before)
            assert said is None or said in answer.json()["detail"], answer.json()

        in_savepoint(send)


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb"])
def test_a_lone_surrogate_in_a_text_is_refused_in_the_senders_language(alice, club, now, text):
    """JSON may escape half of a UTF-16 pair (``"\\ud800"``): no character,
    refused, and said in Dutch to a Dutch sender as every refusal is."""
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    opened = make_tournament(alice, club, now=now, format="swiss", rounds=3)
    for path, field in [
        (f"/api/tournaments/{opened.pk}/cancel/", "reason"),
        (f"/api/tournaments/{opened.pk}/invitations/", "display_name"),
        ("/api/clubs/", "name"),
    ]:
        body = json.dumps({field: text}).encode()
        before = what_is_there()
        answer = api_post(client, alice, "POST", path, body)
        assert answer.status_code == 400, (path, answer.status_code)
        api_answer_checked(answer, alice, body, before)
        assert "Surrogate" not in answer.content.decode(), answer.json()


@pytest.mark.parametrize("name", ["Harbour\x07club", "\x1b[31mRed", "Cup\x7f", "\x01\x02"])
def test_a_name_with_control_characters_is_refused_in_the_senders_language(alice, club, name):
    """A bell, an escape, DEL: characters no page or mail shows, so a club
    or a tournament would bear a name nobody reads as it was written."""
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).isoformat()
    tournament = {"club": club.pk, "format": "swiss", "rounds": 3, "registration_closes_at": closes}
    for path, body in [("/api/clubs/", {"name": name}), ("/api/tournaments/", {**tournament, "name": name})]:
        sent = json.dumps(body).encode()
        before = what_is_there()
        answer = api_post(client, alice, "POST", path, sent)
        assert answer.status_code == 400, (path, answer.status_code)
        api_answer_checked(answer, alice, sent, before)
        assert answer.json()["code"] == "invalid_name"


@pytest.mark.parametrize("subject", ["Round\x07 2", "\x1b[31mRed", "Soon\x7f"])
def test_a_message_subject_with_control_characters_is_refused_in_the_senders_language(writes, alice, subject):
    """The subject becomes the mails' Subject header, where a control
    character is no text (RFC 5322) and would reach the players raw."""
    living_in("nl", "Europe/Amsterdam", alice)
    client = client_for(alice)
    path = next(path for path, _valid in writes if path.endswith("/message/"))
    sent = json.dumps({"subject": subject, "text": "Soon."}).encode()
    before = what_is_there()
    answer = api_post(client, alice, "POST", path, sent)
    assert answer.status_code == 400, answer.status_code
    api_answer_checked(answer, alice, sent, before)


def _clock_changes(zone: str, days: int) -> list[str]:
    """The wall times on the hour and half hour that ``zone`` lives twice
    or skips in the next ``days`` days, as a client writes them without an
    offset ("2027-10-31T02:30")."""
    tz = zoneinfo.ZoneInfo(zone)
    today = dt.date.today()
    found = []
    for day in range(1, days):
        for minutes in range(0, 24 * 60, 30):
            local = dt.datetime.combine(today + dt.timedelta(days=day), dt.time(minutes // 60, minutes % 60))
            if local.replace(tzinfo=tz, fold=0).utcoffset() != local.replace(tzinfo=tz, fold=1).utcoffset():
                found.append(local.isoformat(timespec="minutes"))
    return found


SAID = {
    "en": "is not one moment in your time zone, Europe/Amsterdam: the clocks change then",
    "nl": "is geen eenduidig moment in je tijdzone, Europe/Amsterdam: dan wordt de klok verzet",
}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("field", ["registration_closes_at", "registration_opens_at"])
def test_a_time_the_clocks_change_at_is_refused_as_the_form_refuses_it(alice, club, language, field):
    """A time without an offset is read in the sender's zone; one that zone
    lives twice (the clocks go back) or skips (they go forward) names no
    one moment: refused in the sender's language, saying how to send it
    (the site's form refuses it too), where it was read as the first of
    the two."""
    living_in(language, "Europe/Amsterdam", alice)
    client = client_for(alice)
    changes = _clock_changes("Europe/Amsterdam", 300)
    assert len(changes) >= 2, changes  # an hour each: 02:00 and 02:30
    closes = (dt.datetime.now(dt.UTC) + 330 * DAY).isoformat()
    valid = {"name": "Late cup", "club": club.pk, "format": "swiss", "rounds": 3, "registration_closes_at": closes}
    _each_moment_refused(client, alice, valid, field, changes, SAID[language])
    # With its offset, the same wall time is one moment, and accepted.
    moment = dt.datetime.fromisoformat(changes[0]).replace(tzinfo=zoneinfo.ZoneInfo("Europe/Amsterdam"))
    body = json.dumps({**valid, field: moment.isoformat()}).encode()
    answer = api_post(client, alice, "POST", "/api/tournaments/", body)
    assert answer.status_code == 201, answer.content
    assert getattr(Tournament.objects.get(pk=answer.json()["id"]), field) == moment.astimezone(dt.UTC)
