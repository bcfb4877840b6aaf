"""Pairing by hand beyond the two-player Swiss: multi-player tables (a
9-player Atlantis Swiss at tables of 3), formats whose tables are fixed
(round robin: only the seat order may change), brackets (no pairing by
hand, and the organiser is told why); the warnings for seat positions and
a second bye; the API; logged, 403 for everyone else."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.services import Conflict, GameActionError, NotAllowed
from tournaments.pairing import manual_check, manual_errors, manual_reseat, same_tables
from tournaments.services import (
    SEATS,
    TABLES,
    round_pairing_proposal,
    round_pairing_set,
    tournament_game_finished,
    tournament_pause,
    tournament_resume,
)
from tournaments.types import GameResult, Player, RoundPairing, Table

from .conftest import best_seed_wins, new_players, running_games, started

NINE = [Player(id=i, seed=i) for i in range(1, 10)]


def played(round_, *table):
    return GameResult(round=round_, table=table, ranking=tuple((p,) for p in table))


# ------------------------------------------------------------------- pure
def test_tables_of_three_must_place_everyone_once_at_the_games_sizes():
    ok = [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    assert manual_errors(NINE, ok, [], sizes=(2, 3)) == []
    assert "a table has too few or too many players" in manual_errors(
        NINE, [(1, 2, 3, 4), (5, 6, 7), (8, 9)], [], sizes=(3, 3)
    )
    assert "a player is left out" in manual_errors(NINE, [(1, 2, 3), (4, 5, 6), (7, 8)], [], sizes=(2, 3))
    assert "a player is paired twice" in manual_errors(NINE, [(1, 2, 3), (4, 5, 6), (7, 8, 1)], [9], sizes=(2, 3))
    # Nine players fit three tables of three: no bye is needed, so none is given.
    assert "more byes than the tables leave over" in manual_errors(
        NINE, [(1, 2, 3), (4, 5, 6), (7, 8)], [9], sizes=(2, 3)
    )
    assert "more than one bye" in manual_errors(NINE, [(1, 2, 3), (4, 5, 6), (7,)], [8, 9], sizes=(2, 3))
    # Ten at tables of exactly three: one sits out, and one bye is fine.
    ten = [*NINE, Player(id=10, seed=10)]
    assert manual_errors(ten, ok, [10], sizes=(3, 3)) == []


def test_seat_positions_and_a_second_bye_are_warned_of():
    results = [played(1, 1, 2, 3), played(1, 4, 5, 6), GameResult.bye(1, 7, key="R1-B1")]
    problems = manual_check(results, [(1, 4, 7), (2, 5, 8), (3, 6, 9)], [7])
    kinds = {(p.kind, p.players, p.count) for p in problems}
    # Player 1 first again, and 5 in seat 2 again, while other seats are new to them.
    assert ("position_repeat", (1,), 0) in kinds and ("position_repeat", (5,), 1) in kinds
    assert not any(kind == "position_repeat" and who == (4,) for kind, who, _ in kinds)
    assert ("second_bye", (7,), 2) in kinds
    assert ("rematch", (1, 4)) not in {(p.kind, p.players) for p in problems}
    # Everyone in a new seat and with new co-players: nothing to warn of.
    rotated = manual_check(results, [(3, 4, 7), (8, 1, 5), (6, 9, 2)])
    assert {p.kind for p in rotated} == set()
    again = manual_check(results, [(3, 1, 2), (6, 4, 5), (7, 8, 9)])
    assert [(p.kind, p.count) for p in again if p.kind == "rematch"] == [("rematch", 2)] * 6
    # Seats 1, 2, 3, 1 so far: a third time in seat 1 is out of balance.
    more = [*results, played(2, 5, 1, 9), played(3, 8, 9, 1), played(4, 1, 6, 8)]
    assert ("position_imbalance", (1,), 0) in {(p.kind, p.players, p.count) for p in manual_check(more, [(1, 2, 3)])}


def test_a_fixed_round_takes_a_new_seat_order_and_nothing_else():
    answer = RoundPairing(round=2, tables=(Table(2, "R2-T1", (1, 2)), Table(2, "R2-T2", (3, 4))))
    swapped = manual_reseat(answer, [(4, 3), (2, 1)])
    assert [(t.key, t.players) for t in swapped.tables] == [("R2-T1", (2, 1)), ("R2-T2", (4, 3))]
    assert manual_reseat(answer, [(1, 3), (2, 4)]) == answer
    assert same_tables([(1, 2, 3)], [(3, 1, 2)]) and not same_tables([(1, 2)], [(1, 3)])


# ----------------------------------------------------------------- Django
def finish_round(t, now):
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)


def waiting_round(organiser, t, now):
    tournament_pause(tournament_id=t.pk, by=organiser, now=now)
    finish_round(t, now)
    return round_pairing_proposal(t)


def atlantis_nine(alice, club, now):
    return started(alice, club, new_players(9), now=now, format="swiss", rounds=3, game="atlantis", players_per_table=3)


@pytest.mark.django_db
def test_a_nine_player_atlantis_swiss_is_paired_by_hand_at_tables_of_three(alice, club, now):
    t = atlantis_nine(alice, club, now)
    proposal = waiting_round(alice, t, now)
    assert proposal.mode == TABLES and proposal.sizes == (2, 3)
    assert [len(table) for table in proposal.tables] == [3, 3, 3] and proposal.byes == ()
    round1 = [tuple(g.players) for g in t.games.filter(round__number=1).order_by("key")]
    # Round 1 again, every seat the same: rematches and repeated seats.
    problems = round_pairing_set(tournament_id=t.pk, number=2, tables=round1, by=alice, now=now)
    kinds = [p.kind for p in problems]
    assert kinds.count("rematch") == 9 and "position_repeat" in kinds
    with pytest.raises(GameActionError, match="exactly once"):
        round_pairing_set(tournament_id=t.pk, number=2, tables=round1[:2], by=alice, now=now)
    with pytest.raises(GameActionError, match="game's size"):
        round_pairing_set(
            tournament_id=t.pk,
            number=2,
            tables=[round1[0] + round1[1][:1], round1[1][1:], round1[2]],
            by=alice,
            now=now,
        )
    # Mixed tables, everyone moved one seat on: no warning at all.
    mixed = [
        (round1[0][2], round1[1][0], round1[2][1]),
        (round1[1][2], round1[2][0], round1[0][1]),
        (round1[2][2], round1[0][0], round1[1][1]),
    ]
    assert round_pairing_set(tournament_id=t.pk, number=2, tables=mixed, by=alice, now=now) == []
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    round2 = [tuple(g.players) for g in t.games.filter(round__number=2).order_by("key")]
    assert round2 == mixed
    # The seats of the match follow the pairing: seat 0 moves first.
    game = t.games.filter(round__number=2).order_by("key").first()
    seat_users = list(game.match.seats.order_by("index").values_list("user_id", flat=True))
    assert seat_users == [t.participants.get(pk=p).user_id for p in mixed[0]]
    event = t.events.filter(kind="paired_by_hand").latest("pk")
    assert event.user == alice and event.data["tables"] == [list(m) for m in mixed]


@pytest.mark.django_db
def test_a_round_robin_round_takes_only_a_new_seat_order(alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="round_robin")
    proposal = waiting_round(alice, t, now)
    assert proposal.mode == SEATS and proposal.round == 2 and len(proposal.tables) == 2
    a, b = proposal.tables
    with pytest.raises(GameActionError, match="change only the seat order"):
        round_pairing_set(tournament_id=t.pk, number=2, tables=[(a[0], b[0]), (a[1], b[1])], by=alice, now=now)
    flipped = [tuple(reversed(a)), tuple(reversed(b))]
    problems = round_pairing_set(tournament_id=t.pk, number=2, tables=flipped, by=alice, now=now)
    assert all(p.kind in ("three_in_a_row", "colour_difference") for p in problems)
    assert round_pairing_proposal(t).by_hand
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    round2 = sorted(tuple(g.players) for g in t.games.filter(round__number=2) if len(g.players) == 2)
    assert round2 == sorted(flipped)


@pytest.mark.django_db
@pytest.mark.parametrize("format", ["single_elimination", "double_elimination"])
def test_a_bracket_has_no_pairing_by_hand_and_the_organiser_is_told_why(client, alice, club, now, format):
    t = started(alice, club, new_players(6), now=now, format=format)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    with pytest.raises(Conflict, match="no round to pair by hand"):
        round_pairing_set(tournament_id=t.pk, number=2, tables=[], by=alice, now=now)
    assert round_pairing_proposal(t) is None
    client.force_login(alice)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "there is no round to pair by hand" in page and "tournament-round-pairing" not in page
    response = client.get(reverse("tournament-round-pairing", args=[t.pk, 2]), follow=True)
    assert "Set the seeding order before the start instead." in response.content.decode()


@pytest.mark.django_db
def test_the_pairing_page_seats_tables_of_three_and_saves_them(client, alice, club, now):
    t = atlantis_nine(alice, club, now)
    proposal = waiting_round(alice, t, now)
    url = reverse("tournament-round-pairing", args=[t.pk, 2])
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert 'name="seat-3-3"' in html and "Seat 1 (moves first)" in html
    data = {f"seat-{b}-{s}": p for b, table in enumerate(proposal.tables, 1) for s, p in enumerate(table, 1)}
    # Seat 1 and 2 of table 1 swapped.
    data["seat-1-1"], data["seat-1-2"] = data["seat-1-2"], data["seat-1-1"]
    client.post(url, data)
    stored = t.manual_pairings.get(round=2)
    assert stored.tables[0] == [proposal.tables[0][1], proposal.tables[0][0], proposal.tables[0][2]]
    data["seat-1-2"] = data["seat-1-1"]  # one player twice
    html = client.post(url, data).content.decode()
    assert "exactly once" in html


@pytest.mark.django_db
def test_the_round_robin_page_says_only_the_seat_order_changes(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin")
    waiting_round(alice, t, now)
    client.force_login(alice)
    assert "Round 2 waits to start: check or change its pairing" in client.get(t.get_absolute_url()).content.decode()
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 2])).content.decode()
    assert "only the seat order at each table can change" in html


@pytest.mark.django_db
def test_pairing_by_hand_through_the_api(alice, bob, club, now):
    t = atlantis_nine(alice, club, now)
    url = reverse("api-tournament-round-pairing", args=[t.pk, 2])
    api = APIClient()
    api.force_authenticate(alice)
    response = api.get(url)
    assert response.status_code == 409 and response.json()["code"] == "no_round_waiting"
    proposal = waiting_round(alice, t, now)
    body = api.get(url).json()
    assert body["mode"] == "tables" and body["tables"] == [list(x) for x in proposal.tables]
    assert (body["min_table"], body["max_table"], body["by_hand"]) == (2, 3, False)
    round1 = [list(g.players) for g in t.games.filter(round__number=1).order_by("key")]
    response = api.post(url, {"tables": round1[:2]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_pairing"
    response = api.post(url, {"tables": round1}, format="json")
    assert response.status_code == 200
    warnings = response.json()["warnings"]
    assert {w["kind"] for w in warnings} >= {"rematch", "position_repeat"}
    assert all(w["text"] for w in warnings)
    assert api.get(url).json()["by_hand"] is True
    api.force_authenticate(bob)
    assert api.get(url).status_code == 403
    response = api.post(url, {"tables": round1}, format="json")
    assert response.status_code == 403
    assert t.events.filter(kind="paired_by_hand").count() == 1


@pytest.mark.django_db
def test_the_api_says_a_bracket_has_no_pairing_by_hand(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="single_elimination")
    api = APIClient()
    api.force_authenticate(alice)
    response = api.get(reverse("api-tournament-round-pairing", args=[t.pk, 2]))
    assert response.status_code == 409 and response.json()["code"] == "bracket"


@pytest.mark.django_db
def test_only_organisers_pair_by_hand(alice, bob, club, now):
    t = atlantis_nine(alice, club, now)
    proposal = waiting_round(alice, t, now)
    with pytest.raises(NotAllowed):
        round_pairing_set(tournament_id=t.pk, number=2, tables=proposal.tables, by=bob, now=now)
    assert not t.manual_pairings.exists()


@pytest.mark.django_db
def test_a_table_knockout_round_takes_a_new_seat_order(alice, club, now):
    t = started(alice, club, new_players(9), now=now, format="single_elimination", game="atlantis", players_per_table=3)
    proposal = waiting_round(alice, t, now)
    assert proposal.mode == SEATS and proposal.round == 2 and [len(x) for x in proposal.tables] == [3]
    (final,) = proposal.tables
    turned = (final[2], final[0], final[1])
    round_pairing_set(tournament_id=t.pk, number=2, tables=[turned], by=alice, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    (game,) = t.games.filter(round__number=2)
    assert tuple(game.players) == turned


def test_a_bye_by_hand_to_a_player_who_won_by_forfeit_is_warned_of():
    from tournaments.pairing_warnings import problem_text

    # Round 1: 4 did not play, so 3 won without playing (FIDE C.04.1: no pairing-allocated bye then).
    results = [played(1, 1, 2), GameResult.forfeit(1, (3, 4), [4], key="R1-T2"), GameResult.bye(1, 5, key="R1-B1")]
    problems = manual_check(results, [(1, 4), (2, 5)], [3])
    assert [(p.kind, p.players) for p in problems if p.kind != "three_in_a_row"] == [("forfeit_win_bye", (3,))]
    assert problem_text(problems[-1], {3: "Carol"}) == (
        "Carol has already won a game without playing it (a forfeit): a bye would be a second win without play."
    )
    # A bye after a half-point bye the player asked for is no second win without play.
    rested = [played(1, 1, 2), GameResult.half_bye(1, 3, key="R1-H3"), played(1, 4, 5)]
    assert not [p for p in manual_check(rested, [(1, 4), (2, 5)], [3]) if "bye" in p.kind]
