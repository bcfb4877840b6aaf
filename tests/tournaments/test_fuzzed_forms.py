"""Garbage in the tournament and club pages' forms: each field left out,
of the wrong kind, a NUL or a control character, a number beyond what the
database holds, negative, huge, a long text, given twice.  The answer is
never a server error: a refusal is a 4xx, or the page again with the error,
in the sender's language, and it changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import living_in
from tests.fuzzing import (
    FUZZ_SETTINGS,
    form_answer_checked,
    form_bodies,
    form_posted_checked,
    signed_in_client,
    what_is_there,
)

from .conftest import make_tournament, new_players, register, running_games, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def forms(alice, bob, carol, club, now):
    """The forms alice may send, each ``(path, a body it takes)``: she
    organises an open tournament, a running Swiss she plays in, one paused
    before its first round, and the club."""
    from tournaments.services import club_join, tournament_start

    from .conftest import DAY

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
    from tournaments.services import round_pairing_proposal

    proposal = round_pairing_proposal(waiting)
    seats = {
        f"seat-{board}-{seat}": str(pid)
        for board, table in enumerate(proposal.tables, 1)
        for seat, pid in enumerate(table, 1)
    }
    closes = (dt.datetime.now(dt.UTC) + 3 * DAY).strftime("%Y-%m-%dT%H:%M")
    r, w, o = running.pk, waiting.pk, opened.pk
    return [
        (
            "/tournaments/new/",
            {
                "name": "Late cup",
                "description": "Slow.",
                "club": str(club.pk),
                "game": "alta",
                "players_per_table": "2",
                "format": "swiss",
                "rounds": "3",
                "pairing_system": "dutch",
                "advance": "1",
                "days_per_move": "3",
                "timeout_policy": "auto",
                "registration_closes_at": closes,
                "capacity": "8",
                "registration": "anyone",
                "seeding": "rating",
                "round_days": "7",
            },
        ),
        (f"/tournaments/{o}/register/", {}),
        (f"/tournaments/{o}/unregister/", {}),
        (f"/tournaments/{o}/start/", {"paused": "on"}),
        (f"/tournaments/{o}/cancel/", {"reason": "Too few players.", "confirm": "1"}),
        (f"/tournaments/{o}/invite/", {"display_name": "Bob"}),
        (
            f"/tournaments/{o}/seeding/",
            {f"position_{p.pk}": str(n) for n, p in enumerate(opened.participants.order_by("pk"), 1)},
        ),
        (f"/tournaments/{o}/players/{opened.participants.get(user=bob).pk}/replace/", {"display_name": "Carol"}),
        (f"/tournaments/{r}/withdraw/", {"confirm": "1"}),
        # Confirmed: the first post only shows what it would do.
        (f"/tournaments/{r}/players/{other.pk}/disqualify/", {"reason": "Rude.", "confirm": "1"}),
        (f"/tournaments/{r}/players/{other.pk}/reinstate/", {}),
        (f"/tournaments/{r}/rounds/1/extend/", {"days": "2"}),
        (
            f"/tournaments/games/{game.pk}/result/",
            {"reason": "Agreed.", "confirm": "1", **{f"place_{pid}": str(n) for n, pid in enumerate(game.players, 1)}},
        ),
        (f"/tournaments/{r}/pause/", {}),
        (f"/tournaments/{w}/resume/", {}),
        (f"/tournaments/{r}/message/", {"subject": "Round 2", "text": "Soon."}),
        (f"/tournaments/{r}/players/add/", {"display_name": "Carol"}),
        (f"/tournaments/{w}/rounds/1/pairing/", seats),
        (f"/tournaments/{r}/bye/", {"round": "2"}),
        (f"/tournaments/{r}/bye/withdraw/", {"round": "2", "participant": str(other.pk)}),
        ("/clubs/new/", {"name": "Dune club", "description": "Sand.", "join_policy": "open"}),
        (f"/clubs/{club.pk}/join/", {}),
        (f"/clubs/{club.pk}/leave/", {}),
        (f"/clubs/{club.pk}/invite/", {"display_name": "Carol"}),
        (f"/clubs/{club.pk}/members/{bob.pk}/approve/", {}),
        (f"/clubs/{club.pk}/members/{bob.pk}/remove/", {}),
        (f"/clubs/{club.pk}/members/{bob.pk}/promote/", {}),
    ]


FORMS = 27


@pytest.mark.parametrize("which", range(FORMS))
@settings(FUZZ_SETTINGS, max_examples=10)
@given(data=st.data())
def test_any_form_of_the_tournament_and_club_pages_is_done_or_refused_without_a_server_error(data, which, forms, alice):
    assert len(forms) == FORMS
    path, valid = forms[which]
    extra = ("reason", "display_name", "days", "round", "participant", "seat-1-1", "bye-1", "position_999")
    body = data.draw(form_bodies(valid, extra=extra), label="body")
    language = data.draw(st.sampled_from(["nl", "en"]), label="language")
    client = signed_in_client(alice)
    form_posted_checked(client, alice, path, body, language)


@pytest.mark.parametrize(
    "name",
    # Direction controls too: "Spring \u202ecup" would show as "Spring puc".
    ["Harbour\x07club", "\x1b[31mRed", "\x01\x02", "Spring \u202ecup", "Cup \u2067b\u2069"],
)
def test_a_name_with_control_characters_is_refused_on_the_page_in_the_senders_language(forms, alice, name):
    living_in("nl", "Europe/Amsterdam", alice)
    for path, valid in forms:
        if path.endswith("/new/"):
            body = {**valid, "name": name}
            client = signed_in_client(alice)
            before = what_is_there()
            response = client.post(path, body)
            assert response.status_code == 200, (path, response.status_code)
            assert response.context["form"].errors, path
            form_answer_checked(response, alice, repr(body), before)
