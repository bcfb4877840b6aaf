"""Pairing a round again after its games were made, while none of them has
a move: the organiser's fix for a pairing noticed wrong just after the
round started.  The old games are cancelled (their reply addresses stop
working) and their players told; once a game has a move the page says
why the round can no longer change."""

import pytest
from django.urls import reverse

from games.models import Match
from games.services import Conflict
from mail.models import OutgoingEmail, ReplyToken
from tests.deadlines.conftest import play_turn
from tournaments.services import round_pairing_proposal, round_pairing_set

from .conftest import new_players, running_games, started

pytestmark = pytest.mark.django_db


def _swapped(t):
    """Round 1's two tables with one player of each swapped."""
    (a, b), (c, d) = (tuple(g.players) for g in running_games(t))
    return [(a, d), (c, b)]


def test_a_started_round_without_a_move_can_be_paired_again_and_its_old_games_are_cancelled(client, alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    old = running_games(t)
    old_matches = [g.match_id for g in old]
    client.force_login(alice)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Round 1 has started, but none of its games has a move yet: change its pairing" in page
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 1])).content.decode()
    assert "Saving a new pairing cancels the round's games" in html
    proposal = round_pairing_proposal(t)
    assert proposal.round == 1 and proposal.started
    assert client.get(reverse("api-tournament-round-pairing", args=[t.pk, 1])).json()["started"] is True
    assert sorted(proposal.tables) == sorted(tuple(g.players) for g in old)

    new = _swapped(t)
    round_pairing_set(tournament_id=t.pk, number=1, tables=new, by=alice, now=now)

    assert set(Match.objects.filter(pk__in=old_matches).values_list("status", flat=True)) == {"cancelled"}
    assert not ReplyToken.objects.filter(match_id__in=old_matches).exists()
    games = running_games(t)
    assert sorted(tuple(g.players) for g in games) == sorted(new)
    assert not set(old_matches) & {g.match_id for g in games}
    for participant in t.participants.select_related("user"):
        told = OutgoingEmail.objects.filter(to=participant.user.email, subject__contains="paired again")
        assert told.count() == 1
        assert "is cancelled" in told.get().text
    event = t.events.get(kind="repaired")
    assert event.user == alice and "paired round 1 again before any move" in event.text


def test_a_started_round_is_told_in_dutch(client, alice, club, now):
    from tests.conftest import living_in

    players = new_players(4)
    living_in("nl", "Europe/Amsterdam", alice, players[0])
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    client.force_login(alice)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Ronde 1 is begonnen, maar nog geen van de partijen heeft een zet" in page
    round_pairing_set(tournament_id=t.pk, number=1, tables=_swapped(t), by=alice, now=now)
    told = OutgoingEmail.objects.get(to=players[0].email, subject__contains="opnieuw ingedeeld")
    assert "geannuleerd" in told.text


def test_once_a_game_of_the_round_has_a_move_the_round_keeps_its_pairing_and_the_page_says_why(
    client, alice, club, now
):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    new = _swapped(t)
    play_turn(running_games(t)[0].match, now)
    assert round_pairing_proposal(t) is None
    with pytest.raises(Conflict, match="a game of round 1 has a move already"):
        round_pairing_set(tournament_id=t.pk, number=1, tables=new, by=alice, now=now)
    client.force_login(alice)
    response = client.get(reverse("tournament-round-pairing", args=[t.pk, 1]), follow=True)
    assert "a game of round 1 has a move already" in response.content.decode()
    assert "once a game of a round has a move" in client.get(t.get_absolute_url()).content.decode()


def test_saving_the_pairing_a_started_round_already_has_cancels_nothing(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3)
    old = running_games(t)
    round_pairing_set(tournament_id=t.pk, number=1, tables=[tuple(g.players) for g in old], by=alice, now=now)
    assert [g.match_id for g in running_games(t)] == [g.match_id for g in old]
    assert not OutgoingEmail.objects.filter(subject__contains="paired again").exists()


def test_a_round_robin_round_can_take_a_new_seat_order_before_its_first_move(alice, club, now):
    t = started(alice, club, new_players(4), now=now, format="round_robin")
    flipped = [tuple(reversed(g.players)) for g in running_games(t)]
    round_pairing_set(tournament_id=t.pk, number=1, tables=flipped, by=alice, now=now)
    assert sorted(tuple(g.players) for g in running_games(t)) == sorted(flipped)


def test_a_late_player_sits_out_a_started_round_that_is_paired_again(client, alice, club, now):
    """A late player plays from the next round: the started round's page
    says they sit it out, and pairing it again (without them) stands."""
    from tournaments.services import tournament_register

    t = started(alice, club, new_players(4), now=now, format="swiss", rounds=3, late_registration=True)
    (late,) = new_players(1, prefix="Late")
    tournament_register(tournament_id=t.pk, user=late, now=now)
    client.force_login(alice)
    html = client.get(reverse("tournament-round-pairing", args=[t.pk, 1])).content.decode()
    assert f"Joined or let back in after this round was paired, so sits it out (no game, no points): {late}" in html
    new = _swapped(t)
    round_pairing_set(tournament_id=t.pk, number=1, tables=new, by=alice, now=now)
    assert sorted(tuple(g.players) for g in running_games(t)) == sorted(new)
    newcomer = t.participants.get(user=late)
    assert not any(newcomer.pk in g.players for g in t.games.filter(round__number=1))


# --------------------------------------- what each player of a cancelled game reads
def _round_two_with_a_player_let_back_in(alice, t, now):
    """A 6-player Swiss whose round 2 was paired by hand while seed 6 had
    withdrawn, seed 6 let back in after (so they sit round 2 out), then
    round 2 started: two games and a bye.  Returns seed 6's participant."""
    from tournaments.services import (
        participant_reinstate,
        participant_withdraw,
        tournament_game_finished,
        tournament_pause,
        tournament_resume,
    )

    from .conftest import best_seed_wins

    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    leaver = t.participants.select_related("user").get(seed=6)
    participant_withdraw(tournament_id=t.pk, user=leaver.user, now=now)
    for game in running_games(t):
        best_seed_wins(t, game, now)
        tournament_game_finished(match_id=game.match_id, now=now)
    proposal = round_pairing_proposal(t)
    round_pairing_set(tournament_id=t.pk, number=2, tables=proposal.tables, byes=proposal.byes, by=alice, now=now)
    participant_reinstate(tournament_id=t.pk, participant_id=leaver.pk, by=alice, now=now)
    tournament_resume(tournament_id=t.pk, by=alice, now=now)
    assert len(running_games(t)) == 2 and round_pairing_proposal(t).sitting_out == (leaver.pk,)
    return leaver


def _repaired_mail(user):
    """The latest "paired again" mail ``user`` got (English or Dutch)."""
    return OutgoingEmail.objects.filter(to=user.email, subject__regex=r"(paired again|opnieuw ingedeeld)").latest("pk")


def _pair_twice(alice, t, leaver, now):
    """Pair round 2 again seating the player let back in (with the bye's
    holder, so three games), then again without them, the first player of
    the first game now taking the bye.  Returns (that player's id, the
    other players of the cancelled games)."""
    first = round_pairing_proposal(t)
    (bye,) = first.byes
    round_pairing_set(tournament_id=t.pk, number=2, tables=[*first.tables, (bye, leaver.pk)], by=alice, now=now)
    tables = [tuple(g.players) for g in running_games(t)]
    assert len(tables) == 3
    gets_bye = tables[0][0]
    others = [p for table in tables for p in table if p not in (gets_bye, leaver.pk)]
    round_pairing_set(
        tournament_id=t.pk, number=2, tables=[tuple(others[:2]), tuple(others[2:])], byes=[gets_bye], by=alice, now=now
    )
    assert sorted(tuple(sorted(g.players)) for g in running_games(t)) == sorted(
        [tuple(sorted(others[:2])), tuple(sorted(others[2:]))]
    )
    return gets_bye, others


def test_the_mail_of_a_round_paired_again_tells_each_player_their_new_game_bye_or_sitting_out(alice, club, now):
    """Each player of a cancelled game reads what the new pairing gives
    them: a new game (mailed as usual), the bye, or no game this round."""
    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    leaver = _round_two_with_a_player_let_back_in(alice, t, now)
    gets_bye, others = _pair_twice(alice, t, leaver, now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}

    bye_mail = _repaired_mail(users[gets_bye])
    assert "is cancelled" in bye_mail.text
    assert "In the new pairing you have the bye: no game this round, and it scores a win (1 point)." in (
        " ".join(bye_mail.text.split())
    )
    assert "new game" not in bye_mail.text and "new game" not in bye_mail.html

    out_mail = _repaired_mail(leaver.user)
    assert "In the new pairing you sit this round out (no game, no points); you are paired again from the next " in (
        " ".join(out_mail.text.split())
    )
    assert "new game" not in out_mail.text and "new game" not in out_mail.html and "sit this round out" in out_mail.html

    for pid in others:
        mail = _repaired_mail(users[pid])
        assert "your new game is mailed to you as usual" in " ".join(mail.text.split())
        assert "bye" not in mail.text and "sit this round out" not in mail.text


def test_the_bye_and_sitting_out_of_a_round_paired_again_are_told_in_dutch(alice, club, now):
    from tests.conftest import living_in

    t = started(alice, club, new_players(6), now=now, format="swiss", rounds=3)
    leaver = _round_two_with_a_player_let_back_in(alice, t, now)
    living_in("nl", "Europe/Amsterdam", *(p.user for p in t.participants.select_related("user")))
    gets_bye, others = _pair_twice(alice, t, leaver, now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}
    bye_mail = " ".join(_repaired_mail(users[gets_bye]).text.split())
    assert "In de nieuwe indeling heb je een vrije ronde: geen partij deze ronde, en die telt als winst (1 punt)." in (
        bye_mail
    )
    out_mail = " ".join(_repaired_mail(leaver.user).text.split())
    assert "In de nieuwe indeling speel je deze ronde niet (geen partij, geen punten)" in out_mail
    assert "je nieuwe partij krijg je zoals altijd per mail" in " ".join(_repaired_mail(users[others[0]]).text.split())


# ------------------------------------------------- the bye's holder now plays
def _bye_given_to_a_player(alice, t, now):
    """Pair round 1 of a 5-player Swiss again: the bye's holder takes the
    place of the first player of the first game, who gets the bye.
    Returns (the old bye's holder, their new opponent, the new bye's)."""
    proposal = round_pairing_proposal(t)
    (held,) = proposal.byes
    (first, opponent), other = proposal.tables
    round_pairing_set(tournament_id=t.pk, number=1, tables=[(held, opponent), other], byes=[first], by=alice, now=now)
    return held, opponent, first


def test_the_player_whose_bye_a_round_paired_again_withdraws_is_told_and_named_their_new_game(alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    held, opponent, first = _bye_given_to_a_player(alice, t, now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}
    (new_game,) = [g for g in running_games(t) if held in g.players]
    assert sorted(new_game.players) == sorted((held, opponent))

    (mail,) = OutgoingEmail.objects.filter(to=users[held].email, subject__contains="paired again")
    assert "bye" in mail.subject
    for part in (" ".join(mail.text.split()), " ".join(mail.html.split())):
        assert "Your bye for round 1 is withdrawn" in part
        assert f"In the new pairing you play against {users[opponent]}" in part
        assert str(new_game.match) in part
    event = t.events.get(kind="repaired")
    assert f"{users[held]} had the bye and plays in the new pairing" in event.text
    # The others of the round are told as before, the new bye's holder that it scores a win.
    assert "you have the bye" in " ".join(_repaired_mail(users[first]).text.split())


def test_a_withdrawn_bye_is_told_in_dutch(alice, club, now):
    from tests.conftest import living_in

    players = new_players(5)
    living_in("nl", "Europe/Amsterdam", *players)
    t = started(alice, club, players, now=now, format="swiss", rounds=3)
    held, opponent, _first = _bye_given_to_a_player(alice, t, now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}
    (mail,) = OutgoingEmail.objects.filter(to=users[held].email, subject__contains="opnieuw ingedeeld")
    text = " ".join(mail.text.split())
    assert "Je vrije ronde in ronde 1 vervalt" in text
    assert f"In de nieuwe indeling speel je tegen {users[opponent]}" in text
    from django.utils import translation

    with translation.override("nl"):
        line = t.events.get(kind="repaired").shown_text
    assert f"{users[held]} had de vrije ronde en speelt in de nieuwe indeling" in line


def test_the_log_names_two_players_whose_byes_a_round_paired_again_withdraws_as_a_sentence(
    alice, club, now, monkeypatch
):
    """Two byes withdrawn read "A and B had the bye and play in the new
    pairing" (Dutch "A en B hadden ..."), not "A, B had the bye and plays"."""
    from django.utils import translation

    from games.engine import get_rules

    # A game for 3 or more: 5 players sit at one table of 3, two have the bye.
    monkeypatch.setattr(type(get_rules("alta")), "min_players", 3)
    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3, players_per_table=3)
    proposal = round_pairing_proposal(t)
    ((a, b, c),), (d, e) = proposal.tables, proposal.byes
    round_pairing_set(tournament_id=t.pk, number=1, tables=[(d, e, a)], byes=[b, c], by=alice, now=now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}
    event = t.events.get(kind="repaired")
    both = f"{users[d]} and {users[e]}"
    assert f"; {both} had the bye and play in the new pairing, and were told too." in event.text, event.text
    with translation.override("en"):
        assert f"; {both} had the bye and play in the new pairing" in event.shown_text
    with translation.override("nl"):
        line = event.shown_text
    assert f"; {users[d]} en {users[e]} hadden de vrije ronde en spelen in de nieuwe indeling" in line, line


def test_an_earlier_withdrawn_bye_line_still_reads_in_dutch(alice, club, now):
    """A line logged before the line was a plural entry (one name as text,
    no plural, no count) reads as it was written, in the reader's language."""
    from django.utils import translation

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    held, _opponent, _first = _bye_given_to_a_player(alice, t, now)
    name = str(t.participants.get(pk=held).user)
    event = t.events.get(kind="repaired")
    event.data.pop("plural")
    event.data["params"] = {key: value for key, value in event.data["params"].items() if key != "count"}
    event.data["params"]["players"] = name
    event.save(update_fields=["data"])

    event.refresh_from_db()
    with translation.override("nl"):
        assert f"; {name} had de vrije ronde en speelt in de nieuwe indeling" in event.shown_text


def test_a_bye_kept_in_a_round_paired_again_is_not_mailed(alice, club, now):
    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    proposal = round_pairing_proposal(t)
    (held,) = proposal.byes
    round_pairing_set(tournament_id=t.pk, number=1, tables=_swapped(t), byes=[held], by=alice, now=now)
    told = OutgoingEmail.objects.filter(to=t.participants.get(pk=held).user.email, subject__contains="paired again")
    assert not told.exists()


def test_a_withdrawn_bye_paired_again_while_paused_is_told_its_game_comes_on_resume(alice, club, now):
    from tournaments.services import tournament_pause

    t = started(alice, club, new_players(5), now=now, format="swiss", rounds=3)
    tournament_pause(tournament_id=t.pk, by=alice, now=now)
    held, opponent, _first = _bye_given_to_a_player(alice, t, now)
    users = {p.pk: p.user for p in t.participants.select_related("user")}
    assert not running_games(t)
    (mail,) = OutgoingEmail.objects.filter(to=users[held].email, subject__contains="paired again")
    assert (
        f"In the new pairing you play against {users[opponent]}: your new game is mailed to you when the "
        "organisers resume the tournament."
    ) in " ".join(mail.text.split())
