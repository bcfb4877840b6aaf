"""The game-end mail reveals what the rules reveal, for every game: each
seat's revealed holdings and score breakdown, the ranking and the seed with
its commitment, in both parts; no mail before the end shows any of it."""

from html import escape

import pytest
from django.core import mail

from games.boards import playable_slugs
from games.boards.alhambra.common import money_text
from games.breakdown import reveal_lines
from games.engine import get_rules
from games.services import match_create_seated
from mail.ending import ON_THE_BOARD, WIDTH, end_html

from .playing import html_of, play

pytestmark = pytest.mark.django_db


def _points(score):
    """A score as the mail writes it: ``1 point``, ``18 points``."""
    return f"{score} point" if score == 1 else f"{score} points"


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("slug", playable_slugs())
def test_the_end_mail_reveals_every_seat_and_nothing_leaks_before(
    slug, alice, bob, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=slug, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    assert match.status == match.Status.FINISHED
    rules = get_rules(slug)
    reveal = rules.reveal(rules.load(match.state))
    assert reveal is not None
    seats = {s.index: s for s in match.seats.select_related("user")}
    ends = [m for m in messages if "the game is over" in m.subject]
    before = [m for m in messages if m not in ends]
    assert {m.to[0] for m in ends} == {alice.email, bob.email} and before
    ranked = sorted(seats.values(), key=lambda s: (s.place, s.index))
    for message in ends:
        text, html = flat(message.body), html_of(message)
        # The reveal sits between the board and the links; a link keeps its line.
        end = message.body.split("-" * 63)[-1].split("Game page:")[0].splitlines()
        assert end and max(len(line) for line in end if "://" not in line) <= WIDTH
        assert flat(" ".join(f"{s.place}. {s.user}: {_points(s.score)}" for s in ranked)) in text
        for entry in reveal:
            assert f"{seats[entry.seat].user}: {_points(entry.score)}" in text
            lines = reveal_lines(entry, slug)
            # What the board shows of every seat at the end is not said again.
            shown = ON_THE_BOARD.get(slug, ())
            revealed = [line for key, line in zip(entry.revealed, lines["revealed"], strict=True) if key not in shown]
            if "hand" in shown:
                assert flat(money_text(entry.revealed["hand"])) in text
            for label, value in [*revealed, *lines["breakdown"]]:
                assert flat(f"{label}: {value}") in text, (label, value)
                # A list's items are held together by no-break spaces ("C3 2").
                seen = html.replace("\xa0", " ")
                assert f"{escape(label)}</th>" in html and f">{escape(value)}</td>" in seen, (label, value)
        for value in (str(match.seed), match.seed_salt, match.seed_commitment, f"/games/{match.pk}/verify/"):
            assert value in text and value in html
    secret = [str(match.seed), match.seed_salt]
    for message in before:
        seat = next(s for s in seats.values() if s.user.email == message.to[0])
        others = [
            flat(f"{label}: {value}")
            for entry in reveal
            if entry.seat != seat.index
            for label, value in reveal_lines(entry, slug)["revealed"]
        ]
        for part in (flat(message.body), flat(html_of(message))):
            assert not any(value in part for value in secret), message.subject
            assert not any(line in part for line in others), message.subject
    assert any(reveal_lines(entry, slug)["revealed"] for entry in reveal) or slug == "atlantis", "nothing to check"
    mail.outbox.clear()


def test_a_two_player_alhambra_end_mail_gives_dirks_score_once(alice, bob, now, django_capture_on_commit_callbacks):
    """Dirk's score is the same under every seat: the board's Dirk line
    says it, not each player's breakdown."""
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alhambra", now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    dirk = get_rules("alhambra").view(get_rules("alhambra").load(match.state), None)["dirk"]["score"]
    [end] = [m for m in messages if "the game is over" in m.subject and m.to == [alice.email]]
    for part in (flat(end.body), flat(html_of(end))):
        assert "Dirk score" not in part
        assert part.count(f"silent third player, {_points(dirk)}") == 1


def test_a_tie_on_points_says_which_tie_break_ranked_the_players(
    alice, bob, now, client, monkeypatch, django_capture_on_commit_callbacks
):
    """Issue 18: the end gives "the ranking with the tie-break used"; Alta
    breaks a tie by the most fishing harbours (rules: Winner).  Seed 7,
    every move option 1, ends level at 47 points, 3 harbours to 1."""
    from games.services import lifecycle

    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda bits: 7)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    play(match, now, django_capture_on_commit_callbacks)
    first, second = sorted(match.seats.select_related("user"), key=lambda s: s.place)
    assert (first.score, second.score, first.place, second.place) == (47, 47, 1, 2)
    said = (
        f"{first.user} and {second.user} are level on 47 points; the tie-break, most fishing harbours, "
        f"ranks them: {first.user} 3, {second.user} 1."
    )
    ends = [m for m in mail.outbox if "the game is over" in m.subject]
    assert len(ends) == 2
    for message in ends:
        assert said in flat(message.body) and escape(said) in flat(html_of(message))
    client.force_login(alice)
    assert escape(said) in flat(client.get(f"/games/{match.pk}/").content.decode())


@pytest.mark.parametrize("slug", playable_slugs())
def test_the_end_mail_tells_the_last_turns_since_the_readers_own(
    slug, alice, bob, now, django_capture_on_commit_callbacks
):
    """The player who did not make the last move reads it in their end
    mail, as a "your move" mail would have told it; the last mover's own
    turn is not told back to them."""
    from games.models import MoveRecord
    from mail.since import since_lines

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=slug, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    last = MoveRecord.objects.filter(match=match).order_by("-ply").first()
    seats = {s.index: s for s in match.seats.select_related("user")}
    waiting = next(s for i, s in seats.items() if i != last.seat_index)
    names = [str(seats[i].user) for i in sorted(seats)]
    expected = since_lines(match=match, seat_index=waiting.index, up_to_ply=last.ply, names=names)
    assert expected and expected[0] == "Since your last move:"
    ends = {m.to[0]: flat(m.body) for m in messages if "the game is over" in m.subject}
    assert flat(" ".join(expected)) in ends[waiting.user.email]
    assert "Since your last move:" not in ends[seats[last.seat_index].user.email]


@pytest.mark.parametrize(("language", "said"), [("en", "(resigned)"), ("nl", "(opgegeven)")])
def test_the_final_result_says_who_resigned_in_the_readers_language(
    language, said, alice, bob, now, django_capture_on_commit_callbacks
):
    """The ranking names why a seat left as a reader would say it, not by
    the game log's English word ("resignation")."""
    from games.services import match_resign
    from tests.conftest import living_in

    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="alta", now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, user=alice, now=now)
    over = [m for m in mail.outbox if m.to == [bob.email]][-1]
    assert f"Alice: 0 points {said}".replace("points", "punten" if language == "nl" else "points") in over.body
    assert "resignation" not in over.body and "resignation" not in html_of(over)


def test_the_end_mails_long_values_wrap_on_a_phone():
    """A 64-hex commitment is one unbroken word: its cell must let it break,
    or the mail is wider than a 390 px screen and scrolls sideways."""
    commitment = "3cb407aff2a8e0c49ceb95904db2f38f1169eed9bd0bd8069697e7ddf523ec20"
    html = end_html([("The shuffles", [("Commitment (published at the start)", commitment)])])
    cell = html.split(f">{commitment}</td>")[0].rsplit("<td", 1)[1]
    assert "overflow-wrap:anywhere" in cell and "word-break:break-word" in cell


def test_the_end_mails_check_address_is_a_link_in_the_html_part():
    """ "Check it" gives an address to open: in HTML it is clickable."""
    url = "http://127.0.0.1:8000/games/11/verify/"
    html = end_html([("The shuffles", [("Seed", "4381147603872750005"), ("Check it", url)])])
    assert f'<a href="{url}">{url}</a>' in html and '<a href="4381' not in html


@pytest.mark.parametrize("slug", ["atlantis", "alpaca"])
def test_the_last_movers_end_mail_tells_what_their_move_brought_about(
    slug, alice, bob, now, django_capture_on_commit_callbacks
):
    """The end mail stands in for the last mover's receipt, so it tells what
    their move brought about as the receipt would (the end of the game, the
    other pawns' end tolls, the cards drawn, a seat passed over), under a
    heading of its own: their own turn is still not told back to them."""
    from games.engine import Event
    from games.models import MoveRecord
    from mail.since import told_to_mover, visible_lines

    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game=slug, now=now)
    messages = play(match, now, django_capture_on_commit_callbacks)
    last = MoveRecord.objects.filter(match=match).order_by("-ply").first()
    seats = {s.index: s for s in match.seats.select_related("user")}
    names = [str(seats[i].user) for i in sorted(seats)]
    rules = get_rules(slug)
    events = [Event.load(e) for e in last.events]
    expected = visible_lines(slug, told_to_mover(rules, events, last.seat_index), last.seat_index, names)
    assert expected
    [end] = [m for m in messages if "the game is over" in m.subject and m.to == [seats[last.seat_index].user.email]]
    assert flat(" ".join(["After your move:", *(f"- {line}" for line in expected)])) in flat(end.body)
    assert "Since your last move:" not in end.body
    assert escape(expected[-1]) in html_of(end)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_clock_played_last_move_is_not_called_your_move(
    language, alice, bob, now, django_capture_on_commit_callbacks
):
    """When the clock plays the game-ending move for a player out of time,
    their end mail does not head its lines "After your move:" ("Na je zet:"):
    they did not play it."""
    import datetime as dt

    from games.deadlines.sweeps import _default_turn, deadlines_sweep
    from games.models import Match, MoveRecord
    from games.services import move_submit
    from tests.conftest import living_in

    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="atlantis", now=now)
    rules = get_rules("atlantis")
    while True:  # default turns by hand up to the one that ends the game: the clock plays that one
        match.refresh_from_db()
        seat = match.seats.filter(deadline_at__isnull=False).order_by("index").first()
        state = rules.load(match.state)
        turn = _default_turn(rules, state, seat.index)
        if rules.is_finished(rules.apply_text(state, seat.index, turn).state):
            break
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(match_id=match.pk, user=seat.user, ply=match.ply, text=turn, source="web", now=now)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_sweep(now=seat.deadline_at + dt.timedelta(minutes=1))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert MoveRecord.objects.get(match=match, ply=match.ply).source == MoveRecord.Source.SYSTEM
    final = {"en": "Final result:", "nl": "Eindstand:"}[language]
    [end] = [m for m in mail.outbox if m.to == [seat.user.email] and final in m.body]
    heading = {
        "en": "After the move played for you when your time ran out:",
        "nl": "Na de zet die voor je werd gespeeld toen je tijd op was:",
    }[language]
    for part in (end.body, html_of(end)):
        assert "After your move:" not in part and "Na je zet:" not in part
    assert heading in flat(end.body) and heading in html_of(end)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_moves_not_played_after_a_game_ending_move_are_told_to_its_mover_alone(
    language, alice, bob, now, django_capture_on_commit_callbacks
):
    """A mailed turn whose moves were cut after a move that turned up cards
    (``games.engine.blind``) may end the game with what was played: the end
    mail stands in for the receipt, so it tells the mover which moves were
    not played and why; the other player reads none of it."""
    from games.engine import EngineError, Unplayed
    from games.i18n import not_played_lines
    from games.models import Match
    from games.services import move_submit
    from tests.conftest import living_in
    from tests.mail.conftest import mover_of

    living_in(language, "Europe/Amsterdam", alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create_seated(users=[alice, bob], game="atlantis", now=now)
    rules = get_rules("atlantis")
    while True:  # option 1 up to the turn that ends the game
        match.refresh_from_db()
        seat = mover_of(match)
        state = rules.load(match.state)
        turn = rules.move_options(state, seat.index)[0][0]
        after = rules.apply_text(state, seat.index, turn).state
        if rules.is_finished(after):
            break
        with django_capture_on_commit_callbacks(execute=True):
            move_submit(match_id=match.pk, user=seat.user, ply=match.ply, text=turn, source="web", now=now)
    with pytest.raises(EngineError) as refused:
        rules.apply_text(after, seat.index, "pass")
    unplayed = Unplayed(("pass",), refused.value.message)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        move_submit(
            match_id=match.pk, user=seat.user, ply=match.ply, text=turn, source="email", now=now, not_played=unplayed
        )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    final = {"en": "Final result:", "nl": "Eindstand:"}[language]
    ends = {m.to[0]: m for m in mail.outbox if final in m.body}
    assert set(ends) == {alice.email, bob.email}
    from django.utils import translation

    with translation.override(language):
        told = not_played_lines("atlantis", unplayed.dump(), 2)
    assert len(told) == 2
    other = bob if seat.user == alice else alice
    for line in told:
        assert flat(line) in flat(ends[seat.user.email].body)
        assert escape(line) in html_of(ends[seat.user.email])
        assert flat(line) not in flat(ends[other.email].body)
        assert escape(line) not in html_of(ends[other.email])
