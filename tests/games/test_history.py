"""The move history shows another player's notation only where the game's
notation names nothing hidden (Alta); elsewhere the others see the move
through its public events."""

import pytest

from games import selectors
from games.engine import get_rules
from games.models import MoveRecord

from .conftest import play_default_moves, start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_others_see_a_moves_notation_only_when_the_game_keeps_nothing_hidden_in_it(game, alice, bob, now):
    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=6)
    records = list(match.moves.filter(kind=MoveRecord.Kind.MOVE))
    assert {r.seat_index for r in records} == {0, 1}
    public = get_rules(game).public_move_text
    assert public == (game == "alta")
    for viewer in (0, 1, None):
        history = {entry["ply"]: entry for entry in selectors.match_history(match, viewer)}
        for record in records:
            shown = history[record.ply]["text"]
            if public or record.seat_index == viewer:
                assert shown == record.text
            else:
                assert shown is None
                assert history[record.ply]["events"]  # the move is still told, through its public events


#: Verbs of Atlantis's events in the present tense, as its history read them
#: ("Bob sells tile grey 6.") where the other games' read "Ann placed ...".
_PRESENT = {
    "en": r" (draws|sells|builds|moves|pays|takes|goes|cannot|passes) ",
    "nl": r" (trekt|verkoopt|bouwt|zet|betaalt|neemt|gaat|kan|past) ",
}
#: Their past tense; a player with no move "could not move and passed"
#: ("kon niet zetten en paste"), a line a game of 16 submissions rarely has.
_PAST = {
    "en": r" (drew|sold|built|moved|paid|took|could not) ",
    "nl": r" (trok|verkocht|bouwde|zette|betaalde|nam|kon niet) ",
}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_atlantis_history_reads_in_the_past_tense_as_the_other_games_do(language, alice, bob, now):
    import re

    from django.utils import translation

    match = start_match(alice, bob, game="atlantis", now=now)
    play_default_moves(match, now, submissions=16)
    with translation.override(language):
        lines = [
            line for viewer in (0, 1, None) for e in selectors.match_history(match, viewer) for line in e["events"]
        ]
    assert lines
    assert not [line for line in lines if re.search(_PRESENT[language], line)], lines
    assert all(re.search(_PAST[language], line) or line.startswith(("Nieuw", "New")) for line in lines), lines


#: Present-tense verbs of Alhambra's and Alpaca's move events, as their
#: histories read them ("Bob takes denar 3.", "Ann passes.").
_PRESENT_OTHERS = {
    "en": r" (takes|buys|moves|builds|swaps|puts|places|ends|gives|passes|goes|receives|is dealt) ",
    "nl": r" (neemt|koopt|zet|bouwt|ruilt|plaatst|beëindigt|geeft|past|gaat|krijgt) ",
}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", ["alhambra", "alpaca"])
def test_the_alhambra_and_alpaca_histories_read_in_the_past_tense(game, language, alice, bob, now):
    import re

    from django.utils import translation

    match = start_match(alice, bob, game=game, now=now)
    play_default_moves(match, now, submissions=24)
    with translation.override(language):
        lines = [
            line for viewer in (0, 1, None) for e in selectors.match_history(match, viewer) for line in e["events"]
        ]
    assert lines
    assert not [line for line in lines if re.search(_PRESENT_OTHERS[language], f" {line} ")], lines


@pytest.mark.parametrize(("language", "said"), [("en", "Seat 1 passed."), ("nl", "Seat 1 paste.")])
def test_an_alpaca_pass_reads_in_the_past_tense_in_the_history_as_its_placements_do(language, said):
    """Alpaca's history read "Ann placed ..." next to "Ann passes."."""
    from django.utils import translation

    from games.engine import Event, gettext_noop, message
    from games.i18n import event_text

    event = Event.say("pass", message(gettext_noop("%(who)s passes."), who="Seat 1"), {"seat": 0})
    with translation.override(language):
        assert event_text("alpaca", event, history=True) == said
        assert event_text("alpaca", event, 0) != said  # a mail's "You pass." stays


@pytest.mark.parametrize(("language", "written"), [("en", "3 Jan 19:00"), ("nl", "3 jan 19:00")])
def test_the_game_page_and_the_replay_tell_when_each_move_was_played_in_the_readers_zone(
    client, alice, bob, now, language, written
):
    """A slow game's history says when each move came, in the reader's
    time zone and language (a move played at midnight UTC reads 19:00 the
    evening before in New York)."""
    from datetime import UTC, datetime, timedelta

    from games.services import match_resign

    match = start_match(alice, bob, now=now)
    played_at = datetime(2027, 1, 4, 0, 0, tzinfo=UTC)
    play_default_moves(match, played_at, submissions=1)
    alice.time_zone, alice.language = "America/New_York", language
    alice.save()
    client.force_login(alice)
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    history = page.split('class="history"')[1].split("</ol>")[0]
    assert f'<time class="when" datetime="2027-01-03T19:00:00-05:00">{written}</time>' in history
    match_resign(match_id=match.pk, user=bob, now=played_at + timedelta(days=2))
    replay = client.get(f"/games/{match.pk}/replay/?ply=1", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    move_line = replay.split('class="replay-move"')[1].split("</p>")[0]
    assert f">{written}</time>" in move_line
