"""Ladders from the inbox, at the command address (``commands@…``): here
because it joins two apps that do not know each other, ``ratings`` and
``mail`` (registered in ``mail.address_commands`` by ``apps``).

- ``ladders`` (``ladder``): the open ladders, each with its number, game,
  table, time control and members, and for a member their rating, place
  and games at once; and how to join and leave.
- ``join ladder <name or number> [N games]`` (``meedoen ladder``, ``doe
  mee aan de ladder``): joins through the service the page uses, with its
  checks; the join confirmation (``ladder_mail``) is the answer.
- ``leave ladder <name or number>`` (``verlaat ladder``): leaves through
  the page's service, as "leave" in reply to the confirmation does.

A ladder is named by its number (its id, as in its page's address:
stable, unlike a place in a list), by its name as written or by enough of
it ("alta 2", or the game alone when one ladder plays it).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from html import escape

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.services import GameActionError
from mail.address_commands import AddressAnswer, AddressCommand
from mail.answers import Rich
from mail.inbound import first_line_of
from mail.models import OutgoingEmail
from mail.reply_text import without_courtesy
from mail.templatetags.mail_text import wrapped
from ratings.models import MAX_CAPACITY, Ladder, LadderMembership
from ratings.selectors import ladder_standings, ladders_active, ladders_counted
from ratings.services import ladder_join, ladder_leave

from .ladder_mail import joined_key, joined_reply_to, joined_text

NAME = "ladders"

_LADDER = r"(?:(?:the|a|de|een)\s+)?ladders?\b(?P<rest>.*)$"
#: "join ladder alta", "join the ladder 7", "meedoen ladder Alta",
#: "doe mee aan de ladder 7", "aanmelden voor ladder alta".
_JOIN = re.compile(
    r"^\s*(?:join|enter|sign\s+up|meedoen|doe\s+mee|aanmelden|inschrijven)"
    rf"(?:\s+(?:for|in|on|to|aan|met|bij|voor|op))?\s+{_LADDER}",
    re.IGNORECASE,
)
#: "leave ladder alta", "quit the ladder 7", "verlaat ladder Alta",
#: "stoppen met de ladder 7", "afmelden voor ladder alta".
_LEAVE = re.compile(
    r"^\s*(?:leave|quit|exit|verlaat|verlaten|stop|stoppen|afmelden|uitschrijven)"
    rf"(?:\s+(?:with|from|met|van|voor|uit|bij|op))?\s+{_LADDER}",
    re.IGNORECASE,
)
#: "ladders", "ladder", "my ladders", "show the ladders", "toon de ladders".
_LIST = re.compile(
    r"^\s*(?:(?:show|list|my|all|the|open|toon|mijn|alle|de)\s+){0,3}ladders?\b[\s,.:;!?]*$", re.IGNORECASE
)
#: The games at once that may end a join: "3 games", "with 2 games at once", "met 3 partijen tegelijk".
_CAPACITY = re.compile(
    r"[\s,;:-]*(?:(?:with|met)\s+)?(?<!\d)(?P<count>\d{1,9})\s*(?:games?|partij(?:en)?)"
    r"(?:\s+(?:at\s+(?:once|a\s+time)|tegelijk(?:ertijd)?))?\s*$",
    re.IGNORECASE,
)
#: Punctuation and quote marks around a name ('join ladder "Alta duels".').
_AROUND = " ,.:;!?-\"'()\u2018\u2019\u201c\u201d"
_NUMBER = re.compile(r"#?\s*(\d{1,9})")


@dataclass(frozen=True)
class LadderRequest:
    action: str  #: "list", "join" or "leave"
    name: str = ""  #: the ladder as written ("" when none)
    capacity: int | None = None  #: the games at once a join asks for


def ladder_request(text: str) -> LadderRequest | None:
    """The ladder command on the first line of ``text``, if it is one."""
    line = without_courtesy(first_line_of(text))
    for action, pattern in (("join", _JOIN), ("leave", _LEAVE)):
        if found := pattern.match(line):
            name, capacity = found.group("rest"), None
            if action == "join" and (games := _CAPACITY.search(name)):
                name, capacity = name[: games.start()], int(games.group("count"))
            return LadderRequest(action, name.strip(_AROUND), capacity)
    return LadderRequest("list") if _LIST.match(line) else None


# -- Finding the ladder named --------------------------------------------


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def _names(ladder: Ladder) -> list[list[str]]:
    """The ladder's names as words: as given, and as shown in the active language."""
    return [_words(ladder.name), _words(ladder.title)]


@dataclass(frozen=True)
class _Found:
    ladder: Ladder | None
    #: When no ladder is found: those the name fits (more than one), or none.
    several: list[Ladder]


def _find(name: str, among: list[Ladder]) -> _Found:
    """The ladder ``name`` names: any ladder by its full name or number
    (a closed one too: its service says why it cannot be joined), else
    the one of ``among`` whose game or name words it gives."""
    words = _words(name)
    exact = [ladder for ladder in Ladder.objects.order_by("pk") if words in _names(ladder)]
    if len(exact) == 1:
        return _Found(exact[0], [])
    if number := _NUMBER.fullmatch(name):
        return _Found(Ladder.objects.filter(pk=int(number.group(1))).first(), [])
    if not words:
        return _Found(None, [])
    by_game = [ladder for ladder in among if words in (_words(ladder.game), _words(ladder.game_name))]
    fitting = by_game or [ladder for ladder in among if any(set(words) <= set(n) for n in _names(ladder))]
    if len(fitting) == 1:
        return _Found(fitting[0], [])
    return _Found(None, fitting)


# -- The list ------------------------------------------------------------


def _url(ladder: Ladder) -> str:
    return settings.SITE_URL + ladder.get_absolute_url()


def _facts(ladder: Ladder) -> str:
    """What the ladder plays, and how many play it (``member_count``)."""
    table = ngettext("%(count)s player a game", "%(count)s players a game", ladder.players) % {"count": ladder.players}
    days = ngettext("%(days)s day per move", "%(days)s days per move", ladder.days_per_move) % {
        "days": ladder.days_per_move
    }
    count: int = ladder.member_count  # type: ignore[attr-defined]
    members = ngettext("%(count)s member", "%(count)s members", count) % {"count": count}
    facts = [ladder.game_name, table, days, members]
    return ", ".join(facts if ladder.active else [*facts, _("closed")])


def _standing(ladder: Ladder, membership: LadderMembership, now: dt.datetime) -> str:
    """Where the member stands: rating, place, games at once."""
    standings = ladder_standings(ladder, now=now)
    mine = next(row for row in standings if row.membership.pk == membership.pk)
    said = {
        "rating": mine.display,
        "place": mine.rank,
        "ranked": sum(1 for row in standings if row.visible),
        "count": membership.capacity,
    }
    if mine.rank is None:
        return (
            ngettext(
                "You are a member: rating %(rating)s, up to %(count)s game at once; you are not in the ranking "
                "until you play again.",
                "You are a member: rating %(rating)s, up to %(count)s games at once; you are not in the ranking "
                "until you play again.",
                membership.capacity,
            )
            % said
        )
    return (
        ngettext(
            "You are a member: rating %(rating)s, place %(place)s of %(ranked)s, up to %(count)s game at once.",
            "You are a member: rating %(rating)s, place %(place)s of %(ranked)s, up to %(count)s games at once.",
            membership.capacity,
        )
        % said
    )


def _ladder_list(ladders: list[Ladder], user, now: dt.datetime) -> Rich:
    """Each ladder (of ``ladders_counted``): its number and name, what it
    plays, the writer's place in it, its page; as text lines and as HTML
    paragraphs."""
    memberships = {
        m.ladder_id: m
        for m in LadderMembership.objects.filter(
            user=user, left_at__isnull=True, ladder__in=[lad.pk for lad in ladders]
        )
    }
    texts, htmls = [], []
    for ladder in ladders:
        title = _("#%(number)s %(ladder)s") % {"number": ladder.pk, "ladder": ladder.title}
        lines = [_facts(ladder)]
        if ladder.pk in memberships:
            lines.append(_standing(ladder, memberships[ladder.pk], now))
        text = [wrapped(title, hanging=2), *(wrapped(f"  {line}", hanging=0) for line in [*lines, _url(ladder)])]
        texts.append("\n".join(text))
        link = f'<a href="{escape(_url(ladder))}">{escape(title)}</a>'
        htmls.append(f"<p><strong>{link}</strong><br>{'<br>'.join(escape(line) for line in lines)}</p>")
    return Rich("\n\n".join(texts), "".join(htmls))


def _how(number: int) -> str:
    """How to join and leave, with ladder ``number`` as the example."""
    return _(
        'To join a ladder, send "join ladder" and its name or number ("join ladder %(number)s"; Dutch: "meedoen '
        'ladder %(number)s"); add "3 games" to play up to 3 games at once (1 unless you say so, at most %(maximum)s). '
        'To leave one, send "leave ladder" and its name or number (Dutch: "verlaat ladder"); your running games '
        "go on."
    ) % {"number": number, "maximum": MAX_CAPACITY}


def _open_ladders() -> list[Ladder]:
    return list(ladders_active().order_by("game", "players", "name", "pk"))


def _listing(user, now: dt.datetime, heading: str = "") -> list[str | Rich]:
    """The open ladders under ``heading`` (else "The open ladders:"), and how to join and leave."""
    ladders = _open_ladders()
    if not ladders:
        return [_("No ladder is open at the moment.")]
    # The example is a ladder the writer could join.
    mine = set(LadderMembership.objects.filter(user=user, left_at__isnull=True).values_list("ladder_id", flat=True))
    example = next((ladder for ladder in ladders if ladder.pk not in mine), ladders[0])
    return [heading or _("The open ladders:"), _ladder_list(ladders, user, now), _how(example.pk)]


def _list_answer(request: LadderRequest, *, user, now: dt.datetime) -> AddressAnswer:
    return AddressAnswer(True, "ladders: listed", _listing(user, now))


# -- Joining and leaving -------------------------------------------------


def _not_found(found: _Found, name: str, verb: str, choices: list[str | Rich]) -> AddressAnswer:
    """Why no ladder was used, then ``choices``: the ladders to choose
    from (those the name fits, when several do)."""
    if found.several:
        said = _('"%(name)s" fits more than one ladder: send "%(verb)s" with the number of the one you mean.') % {
            "name": name,
            "verb": verb,
        }
        return AddressAnswer(False, "ladder: ambiguous", [said, *choices])
    if not name:
        said = _('Say which ladder: "%(verb)s" and its name or number.') % {"verb": verb}
        return AddressAnswer(False, "ladder: which", [said, *choices])
    if number := _NUMBER.fullmatch(name):
        said = _("There is no ladder number %(number)s.") % {"number": number.group(1)}
    else:
        said = _('No ladder is called "%(name)s".') % {"name": name}
    return AddressAnswer(False, "ladder: unknown", [said, *choices])


def _refused(error: GameActionError, ladder: Ladder, user, now: dt.datetime) -> AddressAnswer:
    paragraphs: list[str | Rich] = [_("Nothing was changed. %(why)s") % {"why": error.message}]
    if error.code == "ladder_closed":
        paragraphs += _listing(user, now, heading=_("The ladders open now:"))
    else:
        paragraphs.append(_("The ladder: %(url)s") % {"url": _url(ladder)})
    return AddressAnswer(False, f"ladder: {error.code}", paragraphs)


def _join_answer(request: LadderRequest, *, user, now: dt.datetime) -> AddressAnswer:
    """Join the ladder named, with the page's default of 1 game at once.
    The join confirmation, queued by the join itself, is the answer; a
    player who takes no notices by mail gets its words as the answer."""
    found = _find(request.name, _open_ladders())
    if found.ladder is None:
        choices: list[str | Rich] = [_ladder_list(found.several, user, now)] if found.several else _listing(user, now)
        return _not_found(found, request.name, _("join ladder"), choices)
    try:
        membership = ladder_join(ladder_id=found.ladder.pk, user=user, now=now, capacity=request.capacity or 1)
    except GameActionError as error:
        return _refused(error, found.ladder, user, now)
    confirmation = OutgoingEmail.objects.filter(
        dedupe_key=joined_key(membership), status=OutgoingEmail.Status.QUEUED
    ).first()
    if confirmation is not None:
        return AddressAnswer(True, "ladder: joined", answered_by=confirmation)
    _subject, paragraphs = joined_text(membership)
    # The confirmation's reply address, so that its "reply with leave" holds.
    return AddressAnswer(True, "ladder: joined", paragraphs, reply_to=joined_reply_to(membership))


def _leave_answer(request: LadderRequest, *, user, now: dt.datetime) -> AddressAnswer:
    """Leave the ladder named; a name that fits several of the writer's
    ladders, or none, is answered with their ladders."""
    current = LadderMembership.objects.filter(user=user, left_at__isnull=True).values("ladder_id")
    mine = list(ladders_counted().filter(pk__in=current))
    found = _find(request.name, mine)
    if found.ladder is None:
        if not mine:
            return AddressAnswer(False, "ladder: none to leave", [_("You are a member of no ladder.")])
        listed: list[str | Rich] = [_("Your ladders:"), _ladder_list(found.several or mine, user, now)]
        if request.name and not found.several and not _NUMBER.fullmatch(request.name):
            said = _('You are in no ladder called "%(name)s".') % {"name": request.name}
            return AddressAnswer(False, "ladder: unknown", [said, *listed])
        return _not_found(found, request.name, _("leave ladder"), listed)
    try:
        ladder_leave(ladder_id=found.ladder.pk, user=user, now=now)
    except GameActionError as error:
        return _refused(error, found.ladder, user, now)
    done = _("You left the ladder %(ladder)s. Your running games go on.") % {"ladder": found.ladder.title}
    return AddressAnswer(True, "ladder: left", [done])


def ladder_answer(request: LadderRequest, *, user, now: dt.datetime) -> AddressAnswer:
    """Answer a ladder command (``mail.address_commands``), in the sender's language."""
    answer = {"list": _list_answer, "join": _join_answer, "leave": _leave_answer}[request.action]
    return answer(request, user=user, now=now)


def ladder_help() -> list[str]:
    return [
        _("  ladders: the open ladders, with your rating and place in those you play"),
        _("  join ladder (meedoen ladder) <name or number>: join a ladder; its games come by email"),
        _("  leave ladder (verlaat ladder) <name or number>: leave a ladder; your running games go on"),
    ]


COMMAND = AddressCommand(read=ladder_request, answer=ladder_answer, help=ladder_help)
