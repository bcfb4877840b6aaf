"""How a seat's reply to a game mail reads against the game: against the
position the answered mail was written for (``read_answered``) or the
position now (``read_now``), whether it names a move of a mail's lists
(``names_a_move``), and whether its player waits for the others
(``waits``, ``waiting_chat``).  Reads only; acting on a reply is
``game_replies``'."""

from __future__ import annotations

import datetime as dt

from games.engine import EngineError, get_rules
from games.models import Match, MoveRecord

from .commands import own_words
from .models import ReplyToken
from .outbox import reply_token_for
from .positions import listed_turns, same_choices, state_at
from .reply_text import Reply, copied_option, greeting, named_choice, read_reply


def words_now(token: ReplyToken, body: str) -> Reply | None:
    """``body`` read against the position now, when the game is running
    and it holds no move, neither there nor in the position the answered
    mail was written for, and names none of a mail's lists (an option
    number, a copied option line); else ``None`` (a move sent to an
    earlier mail is refused as answering an earlier position)."""
    match = token.match
    if not match.is_active or match.state is None or names_a_move(token, body):
        return None
    rules = get_rules(match.game)
    try:
        then = read_reply(rules, state_at(match, token.ply), token.seat_index, body, turns=listed_turns)
        reading = read_now(token, body)
    except EngineError:  # a move, though not one that can be played
        return None
    if then.moves or reading is None or reading.moves:
        return None
    return reading


def carried(token: ReplyToken, now: dt.datetime) -> ReplyToken:
    """The seat's token for the position now when only other seats played
    since ``token``'s and its choices are still the ones its mail listed
    (players asked at once, as Alhambra's hand-out asks: each places into
    their own Alhambra); else ``token``.  Its reply is then read and played
    against the position now, not refused as an answer to an earlier one."""
    match = token.match
    if not match.is_active or match.state is None or match.ply <= token.ply:
        return token
    since = MoveRecord.objects.filter(match=match, ply__gt=token.ply)
    if since.filter(seat_index=token.seat_index).exists():
        return token
    rules, seat = get_rules(match.game), token.seat_index
    if not same_choices(rules, state_at(match, token.ply), rules.load(match.state), seat):
        return token
    return reply_token_for(match=match, seat_index=seat, user=token.user, ply=match.ply, now=now)


def holds_moves(token: ReplyToken, body: str) -> bool:
    """Does ``body``, the text below a reply's commands, open with a move
    (one that cannot be played included: its refusal is the answer)?  On
    the mail of an earlier position it is read against the position now,
    so that the move is refused as an answer to an earlier position
    rather than silently dropped."""
    if not body.strip():
        return False
    try:
        reading = read_answered(token, body)
        # A waiting player's option number or copied option line is no
        # move of the position (none is theirs), but it is one.
        if (reading is None or not reading.moves) and names_a_move(token, body):
            return True
        if reading is None:
            reading = read_now(token, body)
    except EngineError:
        return True
    return reading is not None and bool(reading.moves)


def read_now(token: ReplyToken, body: str) -> Reply | None:
    """``body`` read against the game's current position (``None`` when it
    has none), for the seat of ``token``."""
    match = Match.objects.get(pk=token.match_id)
    if match.state is None:
        return None
    rules = get_rules(match.game)
    return read_reply(rules, rules.load(match.state), token.seat_index, body, turns=listed_turns)


def reply_only(token: ReplyToken, body: str) -> str:
    """``body`` without the quoted mail below it, as the reply reader
    takes it (read against the position now, for the token's seat)."""
    try:
        reading = read_now(token, body)
    except EngineError:
        return body
    return body if reading is None else reading.message


def is_to_move(token: ReplyToken) -> bool:
    """Is the token's seat to move in the position it was sent for?"""
    match = Match.objects.get(pk=token.match_id)
    rules = get_rules(match.game)
    return match.state is not None and token.seat_index in rules.to_move(rules.load(match.state))


def _waiting_in(token: ReplyToken):
    """``(match, rules, state now)`` when the token's player still holds
    the seat and is not to move in the current position, else ``None``."""
    match = Match.objects.get(pk=token.match_id)
    if match.state is None:
        return None
    if not match.seats.filter(index=token.seat_index, user_id=token.user_id, departed="").exists():
        return None
    rules = get_rules(match.game)
    state = rules.load(match.state)
    return None if token.seat_index in rules.to_move(state) else (match, rules, state)


def waits(token: ReplyToken) -> bool:
    """Is the token's player seated in the running game and not to move in
    its position now (waiting for the others)?"""
    waiting = _waiting_in(token)
    return waiting is not None and waiting[0].is_active


def waiting_chat(token: ReplyToken, body: str) -> str:
    """The text of a reply that holds no move, read against the current
    position, from the token's player while they wait (are not to move
    now; the seat still theirs): chat, whichever of the game's mails it
    answers.  "" otherwise: a move from a waiting player (an option
    number, a copied option line) is refused as not their turn."""
    waiting = _waiting_in(token)
    if waiting is None:
        return ""
    _match, rules, state = waiting
    try:
        reading = read_reply(rules, state, token.seat_index, body, turns=listed_turns)
    except EngineError:  # a move that cannot be played now
        return ""
    if reading.moves or names_a_move(token, reading.message):
        return ""
    return reading.message


def names_a_move(token: ReplyToken, text: str) -> bool:
    """Does ``text`` open with a line that names a move of a mail's list (a
    whole turn's letter, an option number, in polite words or not, or an
    option line copied from the list: ``_copied``), below a greeting line
    or not?  Such a line, sent while waiting, is a move: refused, never
    chat."""
    lines = [line for line in text.split("\n") if line.strip()]
    # The reader passes over a greeting above the move ("Hi,\n\nB").
    if len(lines) > 1 and greeting(lines[0]):
        lines = lines[1:]
    first = lines[0] if lines else ""
    return named_choice(first) is not None or _copied(token, first)


def _copied(token: ReplyToken, line: str) -> bool:
    """Is ``line`` an option line copied from the player's game mails
    ("2. wheat field D4")?  Shaped so, and a line of one of those mails or
    a move of the game in the position the answered mail was written for;
    a numbered line of the player's own ("1. I think ...") is neither."""
    copied = copied_option(line)
    if copied is None:
        return False
    if not own_words(token, line).strip():
        return True
    match = token.match
    rules = get_rules(match.game)
    try:
        rules.parse_move(state_at(match, token.ply), token.seat_index, copied[1])
    except EngineError:
        return False
    return True


def read_answered(token: ReplyToken, body: str) -> Reply | None:
    """The reply read against the position it answers; ``None`` when the
    game is no longer at that position (``move_submit`` then explains).
    The match is the one read with the token: a move committed since is
    caught by ``move_submit``'s ply check, under the match's lock."""
    match = token.match
    if not match.is_active or match.ply != token.ply or match.state is None:
        return None
    rules = get_rules(match.game)
    return read_reply(rules, rules.load(match.state), token.seat_index, body, turns=listed_turns)
