"""The command address (``commands@MAIL_DOMAIN``, ``addresses.command_address``):
commands about no single game, from a verified address of an account.

``help`` (the commands and each game's notation help), ``games`` and
``vacation N`` are answered as in a game mail, through the same services;
``play <game>`` finds a game to play (``matchmaking``); commands other
apps own (the ladders') are registered in ``address_commands``.
A command about one game (``board``, ``history``, ``resign``, ``mute``,
``say``) needs that game: the answer lists the running games with their
reply addresses.  Anything else gets the list of commands; an address of
no account learns only how to link it (``generic_reply``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from games.boards import playable_slugs
from games.engine import get_rules

from .address_commands import AddressAnswer, address_answer, address_request
from .answers import Rich, answer, in_language, mark_as_answer, reply_subject, site_line
from .bounced_invitations import NOTICE_PREFIX as BOUNCED_NOTICE_PREFIX
from .command_list import command_list, command_list_html
from .command_words import command_of
from .commands import games_lines, vacation_answer
from .inbound import InboundMessage, first_line_of, strip_subject
from .intake_common import account_of, finish, generic_reply
from .invitation_commands import invitation_answer, invitation_request
from .invitee_commands import invitee_answer, invitee_request
from .lifecycle_mail import DECLINED_PREFIX
from .mail_signup import signup_offer
from .matchmaking import cancel_answer, cancel_request, play_answer, play_request
from .models import InboundEmail, OutgoingEmail
from .one_game_commands import no_seat_text, one_game_answer, one_game_request
from .templatetags.mail_text import wrapped


def _notation_links() -> str:
    lines = [_("The notation of each game:")]
    for slug in playable_slugs():
        lines.append(f"  {get_rules(slug).name}: {settings.SITE_URL}{reverse('game-help', args=[slug])}")
    return "\n".join(lines)


def _play_help() -> str:
    return wrapped(
        _(
            'To start playing by email, send "play" and a game to this address ("play alta", "play alhambra 3"; '
            'Dutch: "spelen"): you take a seat in a game waiting for players, or open one. "cancel N" '
            "(annuleren) gives back your seat in game N before it starts, or cancels the game you opened."
        )
        + " "
        + _('A game waiting for players is joined by its number too: "join 12" (meedoen 12).')
        + "\n\n"
        + _(
            'To invite someone into a free seat of a game you opened, send "invite N" and their display name or '
            'email address ("invite 12 Bob"; Dutch: "uitnodigen"). "take back N" and the same (intrekken) takes '
            "back an invitation nobody took yet."
        )
        + "\n\n"
        + _(
            'An invitation to game N is answered with "accept N" (accepteer) or "decline N" (weiger), here as in '
            'a reply to its email; "games" lists the invitations waiting for you.'
        )
        + "\n\n"
        + _(
            "Commands about one game (board, history, resign, mute, unmute, say) work here too: with the game's "
            'number ("board 12"), or without one when you play just one game.'
        )
        + " "
        + _('Once game N is over, "rematch N" (revanche) offers to play it again with the same players.'),
        hanging=0,
    )


#: The command address's own commands beside the registered ones and the
#: game mail's words: each reader returns its request or None, and its
#: answerer carries the request out and returns (done, detail, paragraphs).
_READERS: tuple[tuple[Callable[[str], Any], Callable[[Any, Any, dt.datetime], tuple[bool, str, list]]], ...] = (
    (invitation_request, invitation_answer),
    (invitee_request, invitee_answer),
    (cancel_request, cancel_answer),
    (play_request, play_answer),
)


def command_answer(body: str, user, now: dt.datetime) -> AddressAnswer:
    """What the command in ``body`` did, and its answer."""
    registered = address_answer(body, user, now)
    if registered is not None:
        return registered
    for read, answer_to in _READERS:
        request = read(body)
        if request is not None:
            return AddressAnswer(*answer_to(request, user, now))
    command = command_of(body)
    if command is None:
        return AddressAnswer(
            False,
            "command address: no command",
            [
                _("Your email holds no command: write one on the first line."),
                Rich(command_list(), command_list_html()),
                _play_help(),
            ],
        )
    if command.name == "help":
        commands = Rich(command_list(), command_list_html())
        return AddressAnswer(True, "help", [commands, _play_help(), _notation_links()])
    if command.name == "games":
        return AddressAnswer(True, "games", [games_lines(user, now)])
    if command.name == "vacation":
        detail, paragraphs = vacation_answer(user, command.argument, now)
        return AddressAnswer(True, detail, paragraphs)
    if command.name == "rematch":  # a number would have named the game (``one_game_commands``)
        return AddressAnswer(
            False,
            "rematch: needs a game",
            [
                _(
                    'A rematch is of a game that is over: send "rematch" here with that game\'s number '
                    '("rematch 12"; Dutch: revanche), or reply "rematch" to its last email.'
                )
            ],
        )
    return AddressAnswer(
        False,
        f"{command.name}: needs a game",
        [
            _("This command is about one game: send it as a reply to one of that game's emails.")
            + " "
            + _('Or send it here with the game\'s number: "board 12", "history 12" (bord, geschiedenis).'),
            games_lines(user, now, heading=_("Your running games:")),
        ],
    )


def stored_command_answer(first: InboundEmail, user, now: dt.datetime) -> AddressAnswer:
    """``command_answer`` for a mail stored earlier (a newcomer's first, carried
    out once they have an account): the command of its body, else of its
    subject, as ``_commanding`` reads a mail."""
    subject = strip_subject(first.subject)
    text = first.body if _holds_command(first.body) or not _holds_command(subject) else subject
    return command_answer(text, user, now)


def _commanding(message: InboundMessage) -> str:
    """The text that holds the mail's command: its body, or its subject
    when the body holds none (nothing, or only the writer's signature,
    "Met vriendelijke groet, Jan") and the subject does ("partijen")."""
    subject = strip_subject(message.subject)
    if _holds_command(message.body) or not _holds_command(subject):
        return message.body
    return subject


def _holds_command(text: str) -> bool:
    return (
        address_request(text) is not None
        or one_game_request(text) is not None
        or any(read(text) is not None for read in (*(read for read, _answer in _READERS), command_of))
    )


#: ``answer_key`` of the command address's answers: a reply to one is a command too.
COMMAND_ANSWER = "command"
#: Our mails whose answer is a command, by their dedupe keys' start: the
#: command address's answers ("cancel 12" under "You opened Alta #12")
#: and the notices a game's creator answers with an invitation.
_COMMAND_MAILS = (f"{COMMAND_ANSWER}:inbound:", f"{DECLINED_PREFIX}:", f"{BOUNCED_NOTICE_PREFIX}:")


def replies_to_a_command_mail(message: InboundMessage) -> bool:
    """Does ``message`` reply to (name in References) a mail of ours to its
    sender whose answer is a command (``_COMMAND_MAILS``)?  Such a reply,
    to the mail's From, is read as a mail to the command address."""
    if not message.references:
        return False
    sent = OutgoingEmail.objects.filter(message_id__in=message.references, to__iexact=message.sender)
    return any(key.startswith(_COMMAND_MAILS) for key in sent.values_list("dedupe_key", flat=True)[:20])


def answer_command_address(record: InboundEmail, message: InboundMessage, now: dt.datetime) -> InboundEmail:
    """Answer a mail to the command address (exactly once, like any mail)."""
    user = account_of(message.sender)
    with transaction.atomic():
        if user is None:
            commanding = _commanding(message)
            if not _holds_command(commanding):
                generic_reply(message, record, now)
                return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "command address: sender has no account")
            # A newcomer's command: reply "yes" and it is carried out for the account made then.
            signup_offer(message, record, first_line_of(commanding), now)
            return finish(record, InboundEmail.Outcome.UNKNOWN_TOKEN, "command address: sender has no account")
        with in_language(user):
            commanding = _commanding(message)
            about_one = one_game_request(commanding)
            if about_one is not None:
                done = one_game_answer(
                    about_one, record=record, sender=message.sender, subject=message.subject, user=user, now=now
                )
                if done is not None:
                    detail, match = done
                    return finish(record, InboundEmail.Outcome.COMMAND, detail, match=match, user=user)
            if about_one is not None and about_one.number is not None:
                said = AddressAnswer(
                    False,
                    f"{about_one.command.name}: no seat in that game",
                    [no_seat_text(about_one.number), games_lines(user, now, heading=_("Your running games:"))],
                )
            else:
                said = command_answer(commanding, user, now)
            subject = reply_subject(message.subject, _("Your command"))
            paragraphs = [*said.paragraphs, site_line()]
        outcome = InboundEmail.Outcome.COMMAND if said.done else InboundEmail.Outcome.REJECTED
        if said.answered_by is not None:
            mark_as_answer(said.answered_by, record)
        else:
            answer(
                record,
                to=message.sender,
                subject=subject,
                paragraphs=paragraphs,
                now=now,
                user=user,
                kind=OutgoingEmail.Kind.NOTICE,
                reply_to=said.reply_to,
                key=COMMAND_ANSWER,
            )
        return finish(record, outcome, said.detail, user=user)
