"""Shuffles anyone can verify: the commitment published at the start, the
seed and salt at the end, and the replay from the seed and the move log."""

import hashlib

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from games.audit import audit, commitment, seat_order
from games.boards import playable_slugs
from games.engine import get_rules
from games.models import Match, MoveRecord
from games.selectors import match_state_at
from games.services import match_create_seated
from games.verify import match_audit_record, match_verify

from .conftest import play_default_moves

pytestmark = pytest.mark.django_db


def finished(users, game, now):
    match = match_create_seated(users=users, game=game, now=now)
    play_default_moves(match, now)
    match.refresh_from_db()
    assert match.is_finished
    return match


def test_commitment_is_sha256_of_salt_and_seed(duel):
    assert len(duel.seed_salt) == 32
    expected = hashlib.sha256(f"{duel.seed_salt}:{duel.seed}".encode()).hexdigest()
    assert duel.seed_commitment == expected


def test_commitment_depends_on_the_salt_so_seeds_cannot_be_looked_up():
    assert commitment(42, "a" * 32) != commitment(42, "b" * 32)
    assert commitment(42, "a" * 32) != hashlib.sha256(b"42").hexdigest()


def test_running_game_publishes_the_commitment_but_not_the_seed_or_salt(duel, alice):
    api = APIClient()
    api.force_authenticate(alice)
    detail = api.get(f"/api/games/{duel.pk}/").json()
    assert detail["seed_commitment"] == duel.seed_commitment
    assert detail["seed"] is None and detail["seed_salt"] is None
    audit_answer = api.get(f"/api/games/{duel.pk}/audit/")
    assert audit_answer.status_code == 409
    assert audit_answer.json()["code"] == "not_finished"
    pages = [
        Client().get(f"/games/{duel.pk}/").content.decode(),
        Client().get(f"/games/{duel.pk}/verify/").content.decode(),
        audit_answer.content.decode(),
    ]
    assert duel.seed_commitment in pages[0] and duel.seed_commitment in pages[1]
    for text in pages:
        assert str(duel.seed) not in text
        assert duel.seed_salt not in text
    with pytest.raises(Exception, match="published when the game is over"):
        match_audit_record(duel)


def test_started_mail_carries_the_commitment(alice, bob, now, django_capture_on_commit_callbacks):
    from django.core import mail

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    started = [m for m in mail.outbox if "started" in m.subject]
    assert len(started) == 2
    for message in started:
        text = " ".join(message.body.split())  # the text part is wrapped at 72 columns
        assert f"Seed commitment: {match.seed_commitment}" in text
        assert f"/games/{match.pk}/verify/" in message.body
        assert str(match.seed) not in message.body and match.seed_salt not in message.body
        html = message.alternatives[0][0]
        assert match.seed_commitment in html and match.seed_salt not in html


def test_seat_order_is_the_one_the_seed_draws(alice, bob, carol, now):
    match = match_create_seated(users=[alice, bob, carol], game="alhambra", now=now)
    joined = sorted(match.seats.all(), key=lambda s: s.pk)
    assert [s.index for s in joined] == seat_order(match.seed, 3)


@pytest.mark.parametrize("game", playable_slugs())
def test_finished_game_of_every_kind_verifies(game, alice, bob, now):
    match = finished([alice, bob], game, now)
    result = match_verify(match)
    assert result.ok, result.problems
    assert result.plies == match.ply == match.moves.count()
    page = Client().get(f"/games/{match.pk}/verify/").content.decode()
    assert "Verified." in page and match.seed_salt in page
    record = APIClient().get(f"/api/games/{match.pk}/audit/").json()
    assert record["verified"] is True
    assert record["seed"] == match.seed and record["salt"] == match.seed_salt
    # The published record alone, without the database, verifies too.
    assert audit({k: v for k, v in record.items() if k != "verified"}).ok


def test_a_resigned_game_verifies(duel, alice, now):
    from games.services import match_resign

    play_default_moves(duel, now, submissions=3)
    match_resign(match_id=duel.pk, user=alice, now=now)
    duel.refresh_from_db()
    assert duel.is_finished
    assert match_verify(duel).ok


@pytest.fixture
def alta_game(alice, bob, now):
    return finished([alice, bob], "alta", now)


def test_changed_seed_fails(alta_game):
    Match.objects.filter(pk=alta_game.pk).update(seed=alta_game.seed + 1)
    alta_game.refresh_from_db()
    result = match_verify(alta_game)
    assert not result.ok and not result.commitment_ok
    assert result.problems[0].code == "commitment"


def test_changed_salt_fails(alta_game):
    Match.objects.filter(pk=alta_game.pk).update(seed_salt="0" * 32)
    alta_game.refresh_from_db()
    result = match_verify(alta_game)
    assert not result.commitment_ok and result.replay_ok


def test_seed_changed_together_with_its_commitment_fails_the_replay(alta_game):
    seed = alta_game.seed + 1
    Match.objects.filter(pk=alta_game.pk).update(seed=seed, seed_commitment=commitment(seed, alta_game.seed_salt))
    alta_game.refresh_from_db()
    result = match_verify(alta_game)
    assert result.commitment_ok and not result.replay_ok


def other_move(match, ply):
    """The record at ``ply`` and its moves with the first one replaced by
    another move legal there (a submission may hold a whole turn), or None
    where that move was the only one (a forced move of the random deal)."""
    rules = get_rules(match.game)
    record = match.moves.get(ply=ply)
    state = match_state_at(match, ply - 1)
    for _text, move in rules.move_options(state, record.seat_index):
        dumped = rules.dump_move(move)
        if dumped != record.moves[0]:
            return record, [dumped, *record.moves[1:]]
    return None


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_one_changed_move_fails(alta_game, where):
    ply = {"first": 1, "middle": alta_game.ply // 2, "last": alta_game.ply}[where]
    step = -1 if where == "last" else 1
    while (changed := other_move(alta_game, ply)) is None:
        ply += step
    record, moves = changed
    MoveRecord.objects.filter(pk=record.pk).update(moves=moves)
    result = match_verify(alta_game)
    assert result.commitment_ok and not result.replay_ok
    assert [(p.code, p.ply) for p in result.problems] in ([("consequences", ply)], [("illegal", ply)])


def test_changed_consequence_fails(alta_game):
    record = alta_game.moves.get(ply=2)
    events = record.events + [{"text": "An extra card appeared.", "to": None}]
    MoveRecord.objects.filter(pk=record.pk).update(events=events)
    result = match_verify(alta_game)
    assert [p.code for p in result.problems] == ["consequences"]
    assert result.problems[0].ply == 2


def test_missing_move_fails(alta_game):
    alta_game.moves.filter(ply=3).delete()
    result = match_verify(alta_game)
    assert [(p.code, p.ply) for p in result.problems] == [("missing_ply", 3)]


def test_command_says_whether_the_game_verifies(alta_game, capsys):
    call_command("game_verify", alta_game.pk)
    assert "Verified" in capsys.readouterr().out
    record, moves = other_move(alta_game, 2)
    MoveRecord.objects.filter(pk=record.pk).update(moves=moves)
    with pytest.raises(CommandError, match="does NOT verify"):
        call_command("game_verify", alta_game.pk)
    page = Client().get(f"/games/{alta_game.pk}/verify/").content.decode()
    assert "does not verify" in page


def test_command_refuses_a_running_game(duel):
    with pytest.raises(CommandError, match="published when the game is over"):
        call_command("game_verify", duel.pk)


def test_game_started_before_commitments_says_so(alta_game):
    Match.objects.filter(pk=alta_game.pk).update(seed_commitment="", seed_salt="")
    alta_game.refresh_from_db()
    result = match_verify(alta_game)
    assert result.replay_ok and [p.code for p in result.problems] == ["no_commitment"]


def test_unpublished_seed_is_refused_by_the_pure_check():
    assert [p.code for p in audit({"seed": None}).problems] == ["unpublished"]


def test_published_record_verifies_outside_django(alta_game, tmp_path):
    """The README's few lines: ``games.audit`` runs without Django."""
    import os
    import subprocess
    import sys

    path = tmp_path / "record.json"
    path.write_text(APIClient().get(f"/api/games/{alta_game.pk}/audit/").content.decode())
    script = (
        "import json, sys; from games.audit import audit; "
        "r = audit(json.load(open(sys.argv[1]))); "
        "assert 'django' not in sys.modules; print(r.ok, r.plies)"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.split() == ["True", str(alta_game.ply)]


def test_every_problem_has_words_on_the_page():
    from games.audit import PROBLEMS
    from games.verify import _PROBLEM_TEXT

    assert set(_PROBLEM_TEXT) == set(PROBLEMS)


def test_a_refused_move_is_explained_in_the_readers_language(alta_game, alice):
    """The engine's refusal on the page is Dutch for a Dutch reader, not the
    English stored when the check ran."""
    from django.utils import translation
    from django.utils.html import escape

    from games.i18n import error_text

    records = list(alta_game.moves.filter(kind="move").order_by("ply"))
    problems = []
    # An earlier move copied over a later one: the first copy the rules
    # refuse (some copies happen to be legal, with other consequences).
    for target in records[2:]:
        for donor in records[:2]:
            MoveRecord.objects.filter(pk=target.pk).update(moves=donor.moves)
            problems = match_verify(alta_game).problems
            if [p.code for p in problems] == ["illegal"]:
                break
            MoveRecord.objects.filter(pk=target.pk).update(moves=target.moves)
        else:
            continue
        break
    [problem] = problems
    assert problem.code == "illegal" and problem.detail  # the English, for scripts
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{alta_game.pk}/verify/").content.decode()
    assert f"Zet {problem.ply} (plaats {problem.seat + 1}) kan niet gespeeld worden" in page
    assert escape(problem.detail) not in page
    with translation.override("nl"):
        dutch = error_text("alta", problem.error)
    assert dutch != problem.detail and escape(dutch) in page


def test_the_started_mail_sets_the_commitment_and_its_link_on_lines_of_their_own(
    alice, bob, now, django_capture_on_commit_callbacks
):
    """The 64-character hash stands alone on its line and the link follows
    on the next: no "(check" left hanging after the hash by the wrapping."""
    from django.core import mail

    bob.language = "nl"
    bob.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    started = {m.to[0]: m.body.splitlines() for m in mail.outbox if "Seat order" in m.body or "Volgorde" in m.body}
    for email, check in ((alice.email, "Check it when the game is over: "), (bob.email, "Controleer het als ")):
        lines = started[email]
        at = lines.index(match.seed_commitment)
        assert lines[at + 1].startswith(check), lines[at - 1 : at + 3]
        assert all(len(line) <= 72 for line in lines[at - 1 : at + 3])


def test_a_dutch_finished_game_names_the_seed_as_its_verify_page_does(alice, bob, now):
    """ "Startgetal", as the commitment line and the verify page call it: the
    end line of a Dutch player's finished game has no English "Seed"."""
    from tests.conftest import living_in

    match = finished([alice, bob], "alta", now)
    living_in("nl", "Europe/Amsterdam", alice)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert f"Startgetal: <code>{match.seed}</code>" in page
    assert "Seed:" not in page


@pytest.fixture
def wsgi_keeps_the_test_connection():
    """Calling the WSGI app directly would close the test's database
    connection at the end of the request (as in tests/games/api/test_api_fuzz.py)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_a_tournament_games_audit_record_is_answered_as_the_schema_says(
    alice, bob, now, wsgi_keeps_the_test_connection
):
    """A tournament sets the seat order (the seed draws none), so the record
    has no seat order to check: the published schema allows that, and a
    client generated from it can read the record."""
    import schemathesis

    from alta_site.wsgi import application

    match = match_create_seated(users=[alice, bob], game="alta", now=now, keep_seat_order=True)
    play_default_moves(match, now)
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    case = schema["/api/games/{id}/audit/"]["GET"].Case(path_parameters={"id": match.pk})
    response = case.call()
    assert response.status_code == 200 and response.json()["seat_order"] is None
    assert response.json()["verified"] is True
    case.validate_response(response)


@pytest.mark.parametrize("game", playable_slugs())
def test_the_verify_page_gives_lines_a_player_runs_as_they_stand(game, live_server, transactional_db, now):
    """A player follows the page of a finished game literally: the lines
    it shows, copied as they are (this game's address and the commitment of
    its start filled in), run in a checkout of the code and say that the
    seed gives the commitment and the replay agrees."""
    import html
    import os
    import re
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    from tests.conftest import make_user

    match = finished([make_user(f"{n}@example.com", n) for n in ("Anna", "Bram")], game, now)
    request = urllib.request.Request(f"{live_server.url}/games/{match.pk}/verify/", headers={"Accept-Language": "nl"})
    page = urllib.request.urlopen(request).read().decode()
    found = re.search(r'<pre class="verify-lines"[^>]*><code>(.*?)</code></pre>', page, re.S)
    assert found, "the page shows no lines to run"
    assert "Voer deze regels uit met Python 3" in page  # what to do with them, in the reader's language
    code = html.unescape(found.group(1))
    assert match.seed_commitment in code
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "PYTHONPATH")}
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "True" and lines[1].startswith("Audit(commitment_ok=True, replay_ok=True, problems=[]"), lines
