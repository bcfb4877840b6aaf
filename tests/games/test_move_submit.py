"""The move write path: one service for web, API, email and the sweeper."""

import pytest

from games import services
from games.engine import get_rules
from games.models import Match, MoveRecord

from .conftest import first_legal_text, mover, seat_user

pytestmark = pytest.mark.django_db
RULES = get_rules("alta")


def submit(match, user, text, *, ply=None, key=None, now):
    return services.move_submit(
        match_id=match.pk,
        user=user,
        text=text,
        ply=match.ply if ply is None else ply,
        source=MoveRecord.Source.WEB,
        now=now,
        idempotency_key=key,
    )


def test_a_legal_move_is_stored_and_advances_the_ply(duel, now):
    user, index = mover(duel)
    text = first_legal_text(duel, index)
    result = submit(duel, user, text, now=now)
    duel.refresh_from_db()
    assert duel.ply == 1
    assert result.record.ply == 1 and result.record.text == text
    assert result.record.moves and result.record.events
    assert not result.duplicate


def test_a_stale_ply_is_a_conflict_with_the_current_ply(duel, now):
    user, index = mover(duel)
    submit(duel, user, first_legal_text(duel, index), now=now)
    duel.refresh_from_db()
    user, index = mover(duel)
    with pytest.raises(services.Conflict) as error:
        submit(duel, user, first_legal_text(duel, index), ply=0, now=now)
    assert error.value.code == "stale_ply"
    assert error.value.extra == {"ply": 1}
    assert MoveRecord.objects.filter(match=duel).count() == 1


def test_a_repeated_idempotency_key_returns_the_first_result(duel, now):
    user, index = mover(duel)
    text = first_legal_text(duel, index)
    first = submit(duel, user, text, key="msg-1", now=now)
    again = submit(duel, user, text, ply=0, key="msg-1", now=now)
    assert again.duplicate and again.record.pk == first.record.pk
    duel.refresh_from_db()
    assert duel.ply == 1


def test_not_your_turn(duel, now):
    user, index = mover(duel)
    other = seat_user(duel, 1 - index)
    with pytest.raises(services.MoveRejected, match="not your turn") as error:
        submit(duel, other, first_legal_text(duel, index), now=now)
    assert error.value.code == "not_your_turn"


@pytest.mark.parametrize("game", ["alta", "alhambra", "atlantis", "alpaca"])
def test_an_option_off_turn_is_not_your_turn(alice, bob, game, now):
    from .conftest import start_match

    match = start_match(alice, bob, game=game, now=now)
    _, index = mover(match)
    other = seat_user(match, 1 - index)
    for attempt in ({"option": 1}, {"text": "#1"}):
        with pytest.raises(services.MoveRejected, match="not your turn") as error:
            services.move_submit(
                match_id=match.pk, user=other, ply=match.ply, source=MoveRecord.Source.WEB, now=now, **attempt
            )
        assert error.value.code == "not_your_turn", attempt
    assert not MoveRecord.objects.filter(match=match).exists()


def test_an_outsider_cannot_move(duel, carol, now):
    with pytest.raises(services.NotAllowed, match="not playing"):
        submit(duel, carol, "anything", now=now)


def test_illegal_and_unparsable_moves_change_nothing(duel, now):
    user, _ = mover(duel)
    before = dict(duel.state)
    with pytest.raises(services.MoveRejected) as error:
        submit(duel, user, "fly to the moon", now=now)
    assert error.value.code == "notation_error"
    assert len(error.value.message) > 20
    with pytest.raises(services.MoveRejected) as error:
        submit(duel, user, "take 1 D4", now=now)  # step 3 before step 1
    assert error.value.code in {"illegal_move", "notation_error"}
    duel.refresh_from_db()
    assert duel.state == before and duel.ply == 0
    assert not MoveRecord.objects.filter(match=duel).exists()


def test_a_whole_turn_in_one_submission_is_one_ply(duel, now):
    user, index = mover(duel)
    state = RULES.load(duel.state)
    texts = []
    while index in RULES.to_move(state) and len(texts) < 6:
        # Not a refresh: a step after it must fit cards the player has not seen.
        text, move = next(option for option in RULES.move_options(state, index) if option[0] != "refresh")
        texts.append(text)
        state = RULES.apply(state, index, move).state
        if RULES.to_move(state) != frozenset({index}):
            break
    submit(duel, user, "; ".join(texts), now=now)
    duel.refresh_from_db()
    assert duel.ply == 1
    assert RULES.dump(RULES.load(duel.state)) == RULES.dump(state)


def test_deadlines_follow_the_seat_to_move(duel, now):
    user, index = mover(duel)
    seat = duel.seats.get(index=index)
    assert seat.deadline_at == now + __import__("datetime").timedelta(days=duel.days_per_move)
    assert duel.seats.get(index=1 - index).deadline_at is None


def play_to_the_end(match, now):
    rules = get_rules(match.game)
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        user, index = mover(match)
        state = rules.load(match.state)
        move = rules.default_move(state, index)
        submit(match, user, rules.format_move(state, index, move), now=now)


def test_the_game_ends_with_scores_ranking_and_places(duel, now, django_capture_on_commit_callbacks):
    from games.signals import match_finished

    finished = []
    match_finished.connect(
        lambda sender, match_id, **kw: finished.append(match_id), weak=False, dispatch_uid="test-finished"
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            match = play_to_the_end(duel, now)
    finally:
        match_finished.disconnect(dispatch_uid="test-finished")
    assert match.status == Match.Status.FINISHED
    assert match.outcome["termination"] == "normal"
    places = sorted(match.seats.values_list("place", flat=True))
    assert places[0] == 1
    assert all(s.score is not None and s.deadline_at is None for s in match.seats.all())
    assert finished == [match.pk]
    with pytest.raises(services.Conflict, match="The game is over; no more moves can be made"):
        submit(match, match.seats.first().user, "anything", now=now)


def test_resigning_a_duel_makes_the_other_player_win(duel, alice, bob, now):
    services.match_resign(match_id=duel.pk, user=alice, now=now)
    duel.refresh_from_db()
    assert duel.status == Match.Status.FINISHED
    assert duel.termination == "resignation"
    assert duel.seats.get(user=bob).place == 1
    assert duel.seats.get(user=alice).place == 2
    assert duel.seats.get(user=alice).departed == "resignation"


def test_in_a_three_player_game_the_others_play_on_after_a_resignation(alice, bob, carol, now):
    from .conftest import start_match

    match = start_match(alice, bob, carol, now=now)
    services.match_resign(match_id=match.pk, user=carol, now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    rules = get_rules("alta")
    carol_index = match.seats.get(user=carol).index
    assert carol_index not in rules.to_move(rules.load(match.state))
    match = play_to_the_end(match, now)
    assert match.seats.get(user=carol).place == 3
