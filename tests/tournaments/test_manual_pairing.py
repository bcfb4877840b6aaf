"""Pairing a Swiss round by hand before it starts: the checks, the
warnings for rematches and first-move problems, and the round played as
paired."""

import pytest
from django.urls import reverse

from games.services import Conflict, GameActionError
from tournaments.pairing import manual_check, manual_errors, manual_round
from tournaments.services import (
    round_pairing_proposal,
    round_pairing_set,
    tournament_game_finished,
    tournament_pause,
    tournament_resume,
)
from tournaments.types import GameResult, Player

from .conftest import best_seed_wins, new_players, running_games, started

FOUR = [Player(id=i, seed=i) for i in range(1, 5)]


def win(round_, first, second, key=""):
    return GameResult(round=round_, table=(first, second), ranking=((first,), (second,)), key=key)


# ------------------------------------------------------------------- pure
def test_a_hand_pairing_must_place_everyone_still_in_once():
    assert manual_errors(FOUR, [(1, 2), (3, 4)], []) == []
    assert "a player is left out" in manual_errors(FOUR, [(1, 2)], [3])
    assert "a player is paired twice" in manual_errors(FOUR, [(1, 2), (2, 4)], [3])
    assert "more than one bye" in manual_errors(FOUR, [(1, 2)], [3, 4])
    gone = [*FOUR[:3], Player(id=4, seed=4, withdrawn=True)]
    assert "a player is paired who is not in this round" in manual_errors(gone, [(1, 2), (3, 4)], [])
    assert manual_errors(FOUR, [(1, 2)], [], resting=[3, 4]) == []


def test_a_rematch_and_a_third_first_move_in_a_row_are_warned_of():
    results = [win(1, 1, 2), win(2, 1, 3), win(2, 4, 2)]
    problems = manual_check(results, [(1, 2), (3, 4)])
    kinds = {(p.kind, p.players) for p in problems}
    assert ("rematch", (1, 2)) in kinds
    # Player 1 moved first in rounds 1 and 2: a third time is a problem.
    assert ("three_in_a_row", (1,)) in kinds
    # Seats swapped: only the rematch is left.
    assert [p.kind for p in manual_check(results, [(2, 1), (3, 4)])] == ["rematch"]


def test_a_hand_pairing_becomes_the_rounds_tables_with_the_usual_keys():
    answer = manual_round(3, FOUR, [(4, 1), (2, 3)], [])
    assert [(t.key, t.players) for t in answer.tables] == [("R3-T1", (4, 1)), ("R3-T2", (2, 3))]
    assert manual_round(3, FOUR, [(4, 1)], []) is None  # no longer fits: paired automatically


# ----------------------------------------------------------------- Django
def finish_round(t, now):
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)


@pytest.mark.django_db
def test_a_paused_swiss_waits_for_its_hand_pairing_and_plays_it(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    seeds = {p.seed: p.pk for p in t.participants.all()}
    with pytest.raises(Conflict, match="once the round before it is complete"):
        round_pairing_set(tournament_id=t.pk, number=2, tables=[], by=alice, now=now)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    proposal = round_pairing_proposal(t)
    assert proposal.round == 2 and len(proposal.tables) == 2 and not proposal.by_hand
    assert not t.games.filter(round__number=2).exists()
    # Round 1's two pairs again: two rematches to warn of.
    round1 = {frozenset(g.players) for g in t.games.filter(round__number=1)}
    again = next(iter(round1))
    a, b = sorted(again)
    rest = sorted(set(seeds.values()) - again)
    problems = round_pairing_set(tournament_id=t.pk, number=2, tables=[(a, b), tuple(rest)], by=alice, now=now)
    assert [p.kind for p in problems].count("rematch") == 2
    with pytest.raises(GameActionError, match="exactly once"):
        round_pairing_set(tournament_id=t.pk, number=2, tables=[(a, b)], by=alice, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    round2 = {g.key: g.players for g in t.games.filter(round__number=2)}
    assert round2 == {"R2-T1": [a, b], "R2-T2": rest}
    event = t.events.get(kind="paired_by_hand")
    assert event.user == alice and event.data["warnings"] == [p.kind for p in problems]


@pytest.mark.django_db
def test_the_pairing_page_shows_the_proposal_and_warns(client, alice, bob, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    url = reverse("tournament-round-pairing", args=[t.pk, 2])
    client.force_login(bob)
    assert client.get(url).status_code == 403
    client.force_login(alice)
    assert "Round 2 waits to start" in client.get(t.get_absolute_url()).content.decode()
    html = client.get(url).content.decode()
    assert "This is the automatic pairing" in html and 'name="seat-2-1"' in html and 'name="seat-2-2"' in html
    round1 = [g.players for g in t.games.filter(round__number=1).order_by("key")]
    data = {"seat-1-1": round1[0][0], "seat-1-2": round1[0][1], "seat-2-1": round1[1][0], "seat-2-2": round1[1][1]}
    html = client.post(url, data).content.decode()
    assert "have met before: this would be game 2 between them." in html
    assert "would move first three times in a row" not in html
    assert t.manual_pairings.get(round=2).tables == [round1[0], round1[1]]


@pytest.mark.django_db
def test_a_round_paired_by_hand_refuses_a_later_bye_request_and_a_late_player(alice, club, now):
    from tournaments.services import bye_request, tournament_register

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3, late_registration=True)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    early = t.participants.order_by("seed").last()
    bye_request(tournament_id=t.pk, user=early.user, round_number=2, now=now)  # asked before: stays
    proposal = round_pairing_proposal(t)
    tables = [tuple(reversed(table)) for table in proposal.tables]
    round_pairing_set(tournament_id=t.pk, number=2, tables=tables, byes=proposal.byes, by=alice, now=now)
    asker = t.participants.get(pk=tables[0][0]).user
    with pytest.raises(Conflict, match="already paired round 2 by hand: a half-point bye can no longer"):
        bye_request(tournament_id=t.pk, user=asker, round_number=2, now=now)
    bye_request(tournament_id=t.pk, user=early.user, round_number=2, now=now)  # asking twice is harmless
    (late,) = new_players(1, prefix="Late")
    with pytest.raises(Conflict, match="already paired round 2 by hand: a late player can join once it has"):
        tournament_register(tournament_id=t.pk, user=late, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    # The round is played as paired by hand, and from round 3 the late player may join.
    assert sorted(tuple(g.players) for g in t.games.filter(round__number=2, match__isnull=False)) == sorted(tables)
    tournament_register(tournament_id=t.pk, user=late, now=now)
    assert t.participants.filter(user=late).exists()


@pytest.mark.django_db
def test_a_hand_pairing_that_a_withdrawal_undid_is_not_shown_as_the_one_to_be_played(client, alice, club, now):
    """The round cannot be played as set once a player in it has left: the
    page must not promise it, and it shows the pairing the round will get."""
    from tournaments.services import participant_withdraw

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    proposal = round_pairing_proposal(t)
    tables = [tuple(reversed(table)) for table in proposal.tables]
    round_pairing_set(tournament_id=t.pk, number=2, tables=tables, byes=proposal.byes, by=alice, now=now)
    leaver = t.participants.select_related("user").get(pk=tables[0][0])
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)

    client.force_login(alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    assert "it is played when the round starts" not in html
    assert "The pairing set by hand no longer fits the players in this round" in html
    assert f'<option value="{leaver.pk}"' not in html  # no seat offers the player who left
    from tests.conftest import living_in

    living_in("nl", "Europe/Amsterdam", alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    assert "De indeling met de hand past niet meer bij de spelers in deze ronde" in html
    shown = round_pairing_proposal(t)
    assert not shown.by_hand and leaver.pk not in {p for table in shown.tables for p in table}
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    played = sorted(tuple(g.players) for g in t.games.filter(round__number=2, match__isnull=False))
    assert played == sorted(shown.tables)


@pytest.mark.django_db
def test_a_hand_pairing_undone_by_a_withdrawal_no_longer_refuses_a_bye_or_a_late_player(alice, club, now):
    """Once the round will be paired automatically after all, "the
    organisers have already paired it by hand" is no reason to refuse."""
    from tournaments.services import bye_request, participant_withdraw, tournament_register

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3, late_registration=True)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    proposal = round_pairing_proposal(t)
    round_pairing_set(tournament_id=t.pk, number=2, tables=proposal.tables, byes=proposal.byes, by=alice, now=now)
    leaver, asker = (t.participants.select_related("user").get(pk=pid) for pid in proposal.tables[0])
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    (late,) = new_players(1, prefix="Late")
    tournament_register(tournament_id=t.pk, user=late, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    seated = {p for g in t.games.filter(round__number=2, match__isnull=False) for p in g.players}
    newcomer = t.participants.get(user=late)
    assert asker.pk not in seated and leaver.pk not in seated
    sources = {g.players[0]: g.source for g in t.games.filter(round__number=2, match__isnull=True)}
    assert sources[asker.pk] == "half_bye"
    assert newcomer.pk in seated or sources.get(newcomer.pk) == "bye"  # in round 2, at a table or with the bye


@pytest.mark.django_db
def test_the_pairing_page_names_who_sits_out_for_a_half_point_bye(client, alice, club, now):
    from tournaments.services import bye_request

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    asker = t.participants.get(seed=2)
    bye_request(tournament_id=t.pk, user=asker.user, round_number=2, now=now)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    client.force_login(alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    # Not in any seat: the organiser reads why.
    assert f"Sits out for half a point, as asked: {asker.user}" in html


@pytest.mark.django_db
def test_the_pairing_page_of_a_round_robin_names_who_rests(client, alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="round_robin")
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    client.force_login(alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    # Berger round 2 of 5: seed 4 meets the padding number.
    assert f"Rests this round (no game, no points): {t.participants.get(seed=4).user}" in html


@pytest.mark.django_db
def test_a_seat_of_a_fixed_table_offers_only_that_tables_players(client, alice, club, now):
    import re

    t = started(alice, club, new_players(4), now=now, format="round_robin")
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    client.force_login(alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    proposal = round_pairing_proposal(t)
    for board, table in enumerate(proposal.tables, 1):
        select = re.search(rf'<select id="seat-{board}-1".*?</select>', html, re.S).group(0)
        # Only the seat order can change: a player of another table is no choice.
        assert sorted(int(v) for v in re.findall(r'<option value="(\d+)"', select)) == sorted(table)


# ------------------------------------------------- a player let back in
def _paired_by_hand_without(alice, t, now):
    """Round 1 finished with one player withdrawn during it, round 2 paired
    by hand (seats reversed) without them.  Returns (leaver, tables, byes)."""
    from tournaments.services import participant_withdraw

    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    leaver = t.participants.select_related("user").get(seed=6)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    finish_round(t, now)
    proposal = round_pairing_proposal(t)
    tables = [tuple(reversed(table)) for table in proposal.tables]
    round_pairing_set(tournament_id=t.pk, number=2, tables=tables, byes=proposal.byes, by=alice, now=now)
    return leaver, tables, list(proposal.byes)


@pytest.mark.django_db
def test_a_player_let_back_in_keeps_the_hand_pairing_and_joins_the_next_round(client, alice, club, now):
    """Reinstating a player must not throw away the organiser's hand
    pairing of the waiting round: it is played as paired, the player sits
    that round out (no game, no points) and is paired from the next one;
    the organiser reads so."""
    from tests.conftest import living_in

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    leaver, tables, byes = _paired_by_hand_without(alice, t, now)
    client.force_login(alice)
    response = client.post(reverse("tournament-reinstate", args=[t.pk, leaver.pk]), follow=True)
    html = response.content.decode()
    assert f"{leaver.user} plays again from round 3: round 2 was already paired by hand without them." in html
    assert not t.participants.get(pk=leaver.pk).withdrawn
    shown = round_pairing_proposal(t)
    assert shown.by_hand and not shown.set_aside and list(shown.tables) == tables
    assert shown.sitting_out == (leaver.pk,)
    api = client.get(reverse("api-tournament-round-pairing", args=[t.pk, 2])).json()
    assert api["by_hand"] and api["sitting_out"] == [leaver.pk]
    page = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    assert "This is the pairing set by hand; it is played when the round starts." in page
    assert f"Joined or let back in after this round was paired, so sits it out (no game, no points): {leaver.user}" in (
        page
    )
    event = t.events.filter(kind="reinstated").latest("pk")
    assert "round 2 was already paired by hand, so they play from round 3" in event.text
    living_in("nl", "Europe/Amsterdam", alice)
    page = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    assert "Ingeschreven of weer toegelaten nadat deze ronde was ingedeeld" in page
    assert "ronde 2 was al met de hand ingedeeld" in client.get(t.get_absolute_url()).content.decode()

    # Saving the pairing again (the form has no seat for them) still works.
    round_pairing_set(tournament_id=t.pk, number=2, tables=tables, byes=byes, by=alice, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    played = sorted(tuple(g.players) for g in t.games.filter(round__number=2, match__isnull=False))
    assert played == sorted(tables)
    assert not any(leaver.pk in g.players for g in t.games.filter(round__number=2))
    finish_round(t, now)
    assert any(leaver.pk in g.players for g in t.games.filter(round__number=3))


@pytest.mark.django_db
def test_a_round_robin_keeps_its_hand_seat_order_when_a_player_is_let_back_in(alice, club, now):
    """The reinstated player's scheduled game is played again; the seat
    order the organiser set for the other tables stays."""
    from tournaments.services import participant_reinstate, participant_withdraw

    t = started(alice, club, new_players(4), now=now, format="round_robin")
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    leaver = t.participants.select_related("user").get(seed=4)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    finish_round(t, now)
    proposal = round_pairing_proposal(t)
    assert len(proposal.tables) == 1  # the leaver's game is a forfeit
    flipped = [tuple(reversed(proposal.tables[0]))]
    round_pairing_set(tournament_id=t.pk, number=2, tables=flipped, by=alice, now=now)
    participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=alice, now=now)
    shown = round_pairing_proposal(t)
    assert shown.by_hand and not shown.set_aside and len(shown.tables) == 2 and flipped[0] in shown.tables
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    round2 = [tuple(g.players) for g in t.games.filter(round__number=2, match__isnull=False)]
    assert flipped[0] in round2 and len(round2) == 2
    assert any(leaver.pk in table for table in round2)


@pytest.mark.django_db
def test_a_refused_hand_pairing_is_shown_as_not_saved_not_as_the_one_to_be_played(client, alice, club, now):
    """An organiser seats a player twice: the page says why, and that what
    the form shows is not saved, rather than that it is played when the
    round starts."""
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    finish_round(t, now)
    url = reverse("tournament-round-pairing", args=[t.pk, 2])
    client.force_login(alice)
    (a, b), (c, d) = [g.players for g in t.games.filter(round__number=1).order_by("key")]
    html = client.post(url, {"seat-1-1": a, "seat-1-2": a, "seat-2-1": c, "seat-2-2": d}).content.decode()
    assert "exactly once" in html
    assert "This pairing is not saved: correct it and save it again." in html
    assert "This is the pairing set by hand" not in html and "This is the automatic pairing" not in html
    assert not t.manual_pairings.exists()
    html = client.post(url, {"seat-1-1": a, "seat-1-2": c, "seat-2-1": b, "seat-2-2": d}, follow=True).content.decode()
    assert "not saved" not in html and t.manual_pairings.get(round=2).tables == [[a, c], [b, d]]
