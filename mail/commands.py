"""Commands by mail: a reply to a game mail whose first line is a command
word (English or Dutch: ``command_words``) is answered instead of played.

Every command acts through the same services and reads as the site
(``games.services``, ``games.deadlines``, ``games.selectors``), and every
answer shows only what the sender may see.  ``resign`` needs a second
reply carrying a code derived from the reply token, so a stray word never
ends a game.  ``say`` (``zeg``) posts the rest of the reply as chat;
``mute chat`` (``dempen chat``) mutes only the game's chat.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from html import escape

from django.utils.crypto import salted_hmac
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from core.moments import written_moment
from core.name_lists import names_text
from games.deadlines.vacation import vacation_start
from games.engine import get_rules
from games.models import CHAT_MAX_LENGTH, ChatMessage, Match, MoveRecord
from games.selectors import match_history, matches_for_user
from games.services import GameActionError, match_join, match_rematch, match_resign
from games.services.chat import chat_mute, chat_post

from .addresses import reply_address
from .answers import Rich, answer, answer_key, answered_record, in_language, mark_as_answer, reply_subject
from .chat_now import chat_later
from .command_list import command_list, command_list_html
from .command_words import DAYS, Command
from .ending import ranking
from .help_text import html_help, plain_help
from .inbound import InboundMessage
from .invitation_commands import invited_names
from .invitee_commands import waiting_lines
from .models import GameMute, InboundEmail, OutgoingEmail, ReplyToken
from .outbox import game_email_queue, reply_token_for, seats_with_players
from .render import GameMail
from .reply_cleaning import without_our_mails
from .since import words
from .templatetags.mail_text import wrapped


def has_left(token: ReplyToken) -> bool:
    """Has the token's player left its game (resigned, dropped at a
    timeout)?  Their commands are still answered, ``say`` included."""
    seat = token.match.seats.filter(index=token.seat_index, user_id=token.user_id)
    return seat.exclude(departed="").exists()


def resign_code(token: ReplyToken) -> str:
    """A short code only the holder of this reply address can know."""
    digest = salted_hmac("mail.commands.resign", f"{token.pk}:{token.token}", algorithm="sha256").hexdigest()
    return digest[:6].upper()


#: What ``_resign`` records when it asks the player to confirm.
RESIGN_ASKED = "resign: confirmation asked"
#: A reply that says yes, alone on its line ("Yes.", "ja!", "bevestigd").
_YES = re.compile(
    r"^\s*(?:yes|y|ja|j|ok|okay|oke|oké|sure|zeker|akkoord|confirm(?:ed)?|bevestig(?:d|en)?)\s*[.!]*\s*$",
    re.IGNORECASE,
)
#: A first line that opens with yes ("Ja, ik geef op", "Yes please").
_YES_FIRST = re.compile(
    r"^\s*(?:yes|ja|ok|okay|oke|oké|sure|zeker|akkoord|confirm(?:ed)?|bevestig(?:d|en)?)(?=[\s,.!:;]|$)",
    re.IGNORECASE,
)
#: Words that take a yes back ("yes, but not now", "ja, toch niet").
_NOT = re.compile(r"\b(?:no|not|don'?t|never|nee|niet|geen|nooit|wait|wacht)\b", re.IGNORECASE)
#: A first line that says no ("No", "Nee, toch maar niet").
_NO = re.compile(r"^\s*(?:no|nope|nee|neen|cancel|annuleer|annuleren)(?=[\s,.!:;]|$)", re.IGNORECASE)


def confirmed_resignation(token: ReplyToken, body: str, message: InboundMessage) -> Command | None:
    """The answer to the mail that asked this player to confirm their
    resignation of this game: yes ("ja", "Yes, I resign", "Ja" above a
    signature) is ``resign <code>`` (the code in that mail is there to be
    copied, but yes is the natural answer to its question), no ("Nee, toch
    niet") is ``stay``.  The reply names that mail in its headers, or
    (naming none of ours: some mail programs send no In-Reply-To) quotes
    it, its code.  A yes
    that names no mail while the player's last word in the game asked to
    resign is ``resign_unclear`` (asked again, not read as a card); a no
    then is ``stay``, which changes nothing.  ``None`` for any other
    reply, and for a yes that a line takes back ("yes, but not now")."""
    lines = [line for line in body.split("\n") if line.strip()]
    if not lines:
        return None
    said_yes = _YES.match(lines[0]) or _YES_FIRST.match(lines[0])
    if said_yes and not any(_NOT.search(line) for line in lines):
        command = Command("resign", resign_code(token))
    elif _NO.match(lines[0]):
        command = Command("stay", "")
    else:
        return None
    asked = InboundEmail.objects.filter(match_id=token.match_id, user_id=token.user_id, detail__contains=RESIGN_ASKED)
    sent = OutgoingEmail.objects.filter(
        message_id__in=message.references, match_id=token.match_id, user_id=token.user_id
    )
    if sent.exists():  # the reply names the mail it answers: that one alone counts
        records = [found for key in sent.values_list("dedupe_key", flat=True) if (found := answered_record(key))]
        return command if asked.filter(pk__in=records).exists() else None
    if re.search(rf"\b{resign_code(token)}\b", message.text) and asked.exists():
        return command  # the quote of the question: its code is this address's
    # The player's last answered mail in the game (this one is not answered yet).
    answered = InboundEmail.objects.filter(match_id=token.match_id, user_id=token.user_id)
    last = answered.exclude(outcome=InboundEmail.Outcome.RECEIVED).order_by("-pk").first()
    if last is None or RESIGN_ASKED not in last.detail:
        return None
    return command if command.name == "stay" else Command("resign_unclear", "")


#: Commands whose answer is about all of the player's games, not the one
#: whose mail they answered: it names no tournament of that game.
ABOUT_ALL_GAMES = frozenset({"games", "vacation"})


def run(
    command: Command,
    *,
    record: InboundEmail,
    sender: str,
    subject: str,
    token: ReplyToken,
    now: dt.datetime,
    key: str = "answer",
) -> str:
    """Answer ``command`` (sent with ``token``, verified as its player's);
    returns what happened, for the inbound record.  ``key`` tells the
    answers of several commands in one mail apart."""
    with in_language(token.user):
        handler: Callable[..., tuple[str, list[str | Rich]]] = _HANDLERS[command.name]
        detail, paragraphs = handler(command, token=token, record=record, now=now)
        if paragraphs:
            answer(
                record,
                to=sender,
                subject=reply_subject(subject, _("Your command")),
                paragraphs=paragraphs,
                now=now,
                user=token.user,
                match=token.match,
                kind=OutgoingEmail.Kind.NOTICE,
                reply_to=reply_address(token.token),
                key=key,
                about_game=command.name not in ABOUT_ALL_GAMES,
            )
    return detail


def _help(command, *, token, **_kwargs):
    text = get_rules(token.match.game).help_text(get_language())
    opponents = token.match.opponent_count
    return "help", [
        Rich(plain_help(text), html_help(text)),
        Rich(command_list(opponents), command_list_html(opponents)),
    ]


def _board(command, *, token, record, now, **_kwargs):
    """The position again, from the sender's own view, with a reply address
    when it is their move."""
    match = Match.objects.get(pk=token.match_id)
    if match.state is None:
        return "board: no position", [_("This game has no position yet.")]
    seats = seats_with_players(match)
    seat = next((s for s in seats if s.index == token.seat_index and s.user_id == token.user_id), None)
    if seat is None:
        return "board: not seated", [_("You are no longer seated in this game.")]
    if match.is_finished:
        # The end as the game-over mail told it: this position is final.
        mail = GameMail(
            _("the final position"),
            lines=[*_departure_lines(seat, match), _("Final result:"), *ranking(seats)],
        )
    else:
        mail = GameMail(_("the current position"), lines=_departure_lines(seat, match))
    email = game_email_queue(
        kind=OutgoingEmail.Kind.RECEIPT,
        match=match,
        seat=seat,
        seats=seats,
        state=get_rules(match.game).load(match.state),
        mail=mail,
        dedupe_key=answer_key("board", record.pk),
        now=now,
        with_reply=match.is_active,
    )
    mark_as_answer(email, record)
    return "board", []


def _departure_lines(seat, match: Match) -> list[str]:
    """For a player who left the game, why, above the position they asked
    for: it is still their seat's view (its cards are theirs to see, as
    on the game page), but no longer theirs to play.  ``[]`` otherwise."""
    if not seat.departed:
        return []
    said = {
        "resignation": _("You resigned this game."),
        "timeout": _("You were dropped from this game when your time ran out."),
    }.get(seat.departed, _("You have left this game."))
    if not match.is_active:
        return [said]
    return [
        said,
        _(
            "The game goes on between the other players, your seat's turns played automatically. "
            "The position below is your former seat's view, its own cards included."
        ),
    ]


def _local(when: dt.datetime, user) -> str:
    """A time as the game mails write a deadline: weekday, date and time in
    ``user``'s zone and language, the zone named."""
    return written_moment(user.zone, when)


def games_lines(user, now: dt.datetime, heading: str = "") -> str:
    """``user``'s running games: whose turn, and for each of their own
    moves the deadline and a reply address; then the games they wait in
    for players.  ``heading`` goes above the list, and only above a list
    with something in it: a player without games is told just that."""
    lines = []
    for match in matches_for_user(user, status=Match.Status.ACTIVE):
        if match.state is None:
            continue
        rules = get_rules(match.game)
        state = rules.load(match.state)
        seats = list(match.seats.all())
        mine = next(s for s in seats if s.user_id == user.pk)
        # The reader is "you", as their own mails say "your move", not their own name.
        movers = [
            pgettext("the player to move", "you") if s.user_id == user.pk else str(s.user)
            for s in seats
            if s.index in rules.to_move(state) and s.user is not None
        ]
        line = _("%(game)s #%(id)s: to move: %(movers)s") % {
            "game": rules.name,
            "id": match.pk,
            "movers": names_text(movers) or "-",
        }
        if mine.index is None or mine.departed:
            lines.append(line + "\n  " + _("you have left this game"))
            continue
        reply = reply_address(
            reply_token_for(match=match, seat_index=mine.index, user=user, ply=match.ply, now=now).token
        )
        if mine.index in rules.to_move(state):
            line += "\n  " + _("your move, reply to %(address)s") % {"address": reply}
            if mine.deadline_at:
                line += "\n  " + _("deadline %(when)s") % {"when": _local(mine.deadline_at, user)}
        else:
            line += "\n  " + _("commands and chat: reply to %(address)s") % {"address": reply}
        lines.append(line)
    for match in matches_for_user(user, status=Match.Status.OPEN):
        taken = sum(1 for seat in match.seats.all() if seat.user_id is not None)
        line = _("%(game)s #%(id)s: waiting for players (%(taken)s of %(seats)s seats taken)") % {
            "game": get_rules(match.game).name,
            "id": match.pk,
            "taken": taken,
            "seats": match.players,
        }
        invited = invited_names(match) if match.created_by_id == user.pk else []
        if invited:  # the creator's own invitations (the addresses they typed)
            line += "\n  " + _("invited: %(invited)s") % {"invited": ", ".join(invited)}
        lines.append(line)
    lines += waiting_lines(user)
    if not lines:
        return _("You have no running games.")
    return "\n\n".join([heading, *lines] if heading else lines)


def vacation_answer(user, argument: str, now: dt.datetime) -> tuple[str, list[str]]:
    """``vacation N``: a vacation of N days through the site's service (and
    its rules: the yearly allowance, games that allow it)."""
    found = DAYS.fullmatch(argument.strip())
    if found is None:
        return "vacation: no days", [_("Write the number of days, for example: vacation 3")]
    days = int(found.group(1))
    try:
        vacation = vacation_start(user=user, days=days, now=now)
    except GameActionError as error:
        return f"vacation refused: {error.message}", [_vacation_refused(error)]
    return f"vacation {days}", [
        _("Your vacation runs until %(until)s: your clocks are stopped.") % {"until": _local(vacation.ends_at, user)}
    ]


def _vacation_refused(error: GameActionError) -> str:
    """Why a vacation was not started, as sentences of their own (the
    service's reason begins with a capital), and for days out of range
    which numbers would do."""
    said = _("Your vacation was not started.") + " " + error.message
    left = error.extra.get("days_left", 0) if error.code == "vacation_allowance" else 0
    if left >= 1:
        said += " " + _("Write a number of days from 1 to %(left)s, for example: vacation %(left)s") % {"left": left}
    return said


def _games(command, *, token, now, **_kwargs):
    return "games", [games_lines(token.user, now)]


def _history(command, *, token, **_kwargs):
    match = token.match
    lines = []
    for entry in match_history(match, token.seat_index, with_start=True):
        events = " ".join(_sentence(event) for event in entry["events"])
        if entry["kind"] != MoveRecord.Kind.MOVE:
            # A resignation or timeout: its stored text is an English word
            # ("resignation"); its event says it in the reader's language.
            said = events or str(MoveRecord.Kind(entry["kind"]).label)
            lines.append(f"{entry['ply']}. {entry['player']}: {said}")
            continue
        said = entry["text"] or ""
        if not said:
            # Another seat's move text may name hidden cards (Alhambra):
            # its public events are all the reader gets, said plainly.
            lines.append(f"{entry['ply']}. {entry['player']}: {events}")
            continue
        said = words(match.game, "; ".join(said.split("\n")))  # as the reader's mails write moves
        lines.append(f"{entry['ply']}. {entry['player']}: {said}{' (' + events + ')' if events else ''}")
    # The answer names its game: a player in several games replies "history"
    # from any of their mails, and the list alone does not say which.
    named = {"game": get_rules(match.game).name, "id": match.pk}
    if not lines:
        return "history", [_("No moves have been played yet in %(game)s #%(id)s.") % named]
    heading = (
        _("The moves of %(game)s #%(id)s so far:") if match.is_active else _("The moves of %(game)s #%(id)s:")
    ) % named
    # An entry runs over several lines: they go on indented under its
    # number, so each move starts where the eye looks for it.
    text = "\n".join(wrapped(line, hanging=3) for line in lines)
    return "history", [heading, Rich(text, "<p>" + "<br>".join(escape(line) for line in lines) + "</p>")]


def _sentence(text: str) -> str:
    """``text`` ending as a sentence (events mostly end with a full stop)."""
    text = text.strip().rstrip(";")
    return text if text.endswith((".", "!", "?", ")")) else f"{text}."


def _unknown(command, *, token, **_kwargs):
    opponents = token.match.opponent_count
    return "unknown command", [
        _('"%(word)s" is neither a command nor a move, so nothing was done.') % {"word": command.argument},
        Rich(command_list(opponents), command_list_html(opponents)),
    ]


def _resign(command, *, token, now, **_kwargs):
    # Asking to confirm what can only be refused would read as if the game
    # went on: an ended game, or a seat already left, says so at once.
    match = token.match
    if not match.is_active:
        return "resign: game over", [_("This game is over: there is nothing to resign.")]
    if has_left(token):
        return "resign: already left", [_("You have already left this game.")]
    code = resign_code(token)
    # The code's letters and digits: a phone's full stop or quotes copied
    # with it are no part of it.
    if "".join(char for char in command.argument if char.isalnum()).upper() != code:
        # The command word in the reader's language (``command_words.WORDS`` reads both);
        # marked outside the f-string, where makemessages cannot see it.
        word = pgettext("mail command", "resign")
        # A code from another of the game's mails (each has its own) must
        # not look ignored: say why the question comes again.
        wrong = [_("That code does not belong to this email: confirm with the one below.")]
        return RESIGN_ASKED, [
            *(wrong if command.argument.strip() else []),
            _('Do you really want to resign this game? To confirm, reply "yes" to this email, or reply with:'),
            f"{word} {code}",
        ]
    try:
        match_resign(match_id=token.match_id, user=token.user, now=now, source=MoveRecord.Source.EMAIL)
    except GameActionError as error:
        return f"resign refused: {error.message}", [
            _("Your resignation was not accepted. %(why)s") % {"why": error.message}
        ]
    return "resigned", [_("You resigned this game.")]


def _resign_unclear(command, *, token, now, **kwargs):
    """Yes, in a mail that names no mail it answers, from a player whose
    last word in the game asked to resign: asked again, saying why."""
    detail, paragraphs = _resign(Command("resign", ""), token=token, now=now, **kwargs)
    if detail != RESIGN_ASKED:
        return detail, paragraphs
    unclear = _(
        'Your email does not show which of our emails it answers, so your "yes" was not taken as a '
        "resignation and nothing was done."
    )
    return detail, [unclear, *paragraphs]


def _stay(command, *, token, **_kwargs):
    """No to the question whether to resign: nothing changes, and the
    answer is not passed on as chat (it was said to us)."""
    if not token.match.is_active:
        return "stay: game over", [_("This game is over: there is nothing to resign.")]
    return "stay", [_("You did not resign: the game goes on.")]


def _rematch(command, *, token, now, **_kwargs):
    """Offer a rematch of the token's finished game, or join the one
    another player offered (taking the seat they invited you to)."""
    try:
        rematch, offered = match_rematch(match_id=token.match_id, user=token.user, now=now)
        seated = rematch.seats.filter(user=token.user).exists()
        joined = not seated and rematch.is_open
        if joined:
            rematch = match_join(match_id=rematch.pk, user=token.user, now=now)
    except GameActionError as error:
        return f"rematch refused: {error.message}", [_("No rematch was started. %(why)s") % {"why": error.message}]
    if offered:
        return "rematch offered", [
            ngettext(
                "You offered a rematch: %(game)s. Your opponent is invited by email; "
                "it starts when they join, and its first email tells you.",
                "You offered a rematch: %(game)s. The other players are invited by email; "
                "it starts when they join, and its first email tells you.",
                rematch.opponent_count,
            )
            % {"game": rematch}
        ]
    if joined:
        return "rematch joined", [
            _("You joined the rematch %(game)s.") % {"game": rematch},
            _("It has started: its first email follows.")
            if rematch.is_active
            else _("It starts when every seat is taken, and its first email tells you."),
        ]
    if rematch.is_finished:
        return "rematch: played", [
            _('The rematch %(game)s has been played: to play again, reply "rematch" to its last email.')
            % {"game": rematch}
        ]
    if seated:
        return "rematch: already offered", [
            _("The rematch %(game)s is already offered, and you are in it.") % {"game": rematch}
        ]
    return "rematch: no seat", [_("The rematch %(game)s started without you.") % {"game": rematch}]


def _vacation(command, *, token, now, **_kwargs):
    return vacation_answer(token.user, command.argument, now)


def _mute(command, *, token, **_kwargs):
    if command.argument == "chat":  # "mute chat", "dempen de chat" (``command_words``)
        chat_mute(match_id=token.match_id, user=token.user, muted=True)
        return "chat muted", [
            _('This game\'s chat is muted: you get no more chat messages (reply "unmute chat" to undo).')
        ]
    GameMute.objects.get_or_create(user=token.user, match=token.match)
    return "muted", [_('This game is muted: you get no more mails about it (reply "unmute" to undo).')]


def _unmute(command, *, token, **_kwargs):
    if command.argument == "chat":
        chat_mute(match_id=token.match_id, user=token.user, muted=False)
        return "chat unmuted", [_("This game's chat is no longer muted.")]
    GameMute.objects.filter(user=token.user, match=token.match).delete()
    return "unmuted", [_("This game is no longer muted.")]


#: Our latest mails to a player that the chat of their reply is checked against.
_PASTED_MAILS = 20
#: The game's latest chat lines a reply may quote (``without_our_mails``).
_QUOTED_CHAT = 50


def own_words(token, text: str) -> str:
    """``text`` without any of our latest mails to the token's player that
    it pastes (``reply_cleaning.without_our_mails``): chat is the player's own
    words, never their hand; a line of the game's chat it quotes is left
    out, the words below it kept."""
    sent = OutgoingEmail.objects.filter(match_id=token.match_id, user_id=token.user_id).order_by("-pk")
    chat = ChatMessage.objects.filter(match_id=token.match_id).order_by("-pk")
    return without_our_mails(
        text, sent.values_list("text", flat=True)[:_PASTED_MAILS], chat.values_list("text", flat=True)[:_QUOTED_CHAT]
    )


def _say(command, *, token, now, **_kwargs):
    """A chat message: the rest of the first line and the lines below it."""
    text = own_words(token, "\n".join(part for part in (command.argument, command.rest) if part))
    try:
        posted = chat_post(match_id=token.match_id, user=token.user, text=text, source=MoveRecord.Source.EMAIL, now=now)
    except GameActionError as error:
        return f"say refused: {error.message}", [_("Your message was not sent. %(why)s") % {"why": error.message}]
    said = [
        ngettext(
            "Your message was sent to your opponent.",
            "Your message was sent to the other players of this game.",
            posted.match.opponent_count,
        )
    ]
    later = chat_later(posted.match, token.user)
    if later:  # "sent" is not "delivered": say who reads it only with their next mail
        said.append(
            ngettext(
                "%(names)s gets chat with the game's mails, so will read it in the next one.",
                "%(names)s get chat with the game's mails, so will read it in the next one.",
                len(later),
            )
            % {"names": names_text([str(user) for user in later])}
        )
    if has_left(token):  # as on the game page, a player who left may still chat
        said.append(
            ngettext(
                "You have left this game; your opponent sees that next to your name.",
                "You have left this game; the others see that next to your name.",
                posted.match.opponent_count,
            )
        )
    if len(text.strip()) > len(posted.text) == CHAT_MAX_LENGTH:
        said.append(
            _("It was longer than %(limit)s characters: only its beginning was sent.") % {"limit": CHAT_MAX_LENGTH}
        )
    return "said", said


_HANDLERS = {
    "help": _help,
    "board": _board,
    "games": _games,
    "history": _history,
    "resign": _resign,
    "resign_unclear": _resign_unclear,
    "stay": _stay,
    "vacation": _vacation,
    "mute": _mute,
    "unmute": _unmute,
    "say": _say,
    "rematch": _rematch,
    "unknown": _unknown,
}
