"""Mail for lifecycle events (``MatchEvent`` kinds): one handler per kind
that mails anyone, listed in ``HANDLERS``.  Called by a worker after the
event committed (``announce``); game emails show the position at the
event's ply.  Each handler hands its ``sends``, ``claimed_at`` and
``guarded`` on to every row it queues (see ``outbox.email_queue``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from html import escape

from django.conf import settings
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.closed_names import closed_names_shown
from core.moments import moment_for
from core.name_lists import names_text
from games.breakdown import departure_lines, tie_lines
from games.deadlines.sweeps import DROP_AFTER
from games.engine import Event, get_rules
from games.i18n import not_played_lines
from games.models import MoveRecord, Seat
from games.organised import event_context, rematch_allowed

from . import ending
from .addresses import reply_address
from .bounced_invitations import PREFIX as INVITATION_PREFIX
from .invitation_commands import invite_example
from .invitees import address_holder, address_is_taken
from .models import OutgoingEmail
from .outbox import email_queue, game_email_queue, notice_queue, seats_with_players, wants_mail
from .positions import state_at
from .rating_mail import on_rated
from .render import GameMail, in_language
from .since import since_lines, told_to_mover, visible_lines, words
from .templatetags.mail_text import wrapped


def on_invited(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    match = event.match
    seat = Seat.objects.select_related("invited_user").filter(pk=event.data.get("seat_id")).first()
    if seat is None or not seat.invitation_token:
        return
    invitee = seat.invited_user
    # An invitation by address is written for the account whose verified
    # address it is, if any (its language, its wish for no game mail).
    reader = invitee or address_holder(seat.invited_email)
    if reader is not None and not wants_mail(reader, match, kind=OutgoingEmail.Kind.INVITATION):
        return
    context = {
        "match": match,
        "inviter": match.created_by,
        "link": settings.SITE_URL + reverse("game-invitation", args=[seat.invitation_token]),
        "help_link": settings.SITE_URL + reverse("game-help", args=[match.game]),
        "site_name": settings.SITE_NAME,
    }
    context["reply_address"] = reply_address(seat.invitation_token, kind="join")
    context["no_account"] = invitee is None and not address_is_taken(seat.invited_email)
    # An address without an account has no language of its own yet: the
    # friend a Dutch club member invites reads the invitation in Dutch.
    with in_language(reader or match.created_by):
        subject = " ".join(render_to_string("mail/email/invitation-subject.txt", context).split())
        text = render_to_string("mail/email/invitation-body.txt", context)
        html = render_to_string("mail/email/invitation-body.html", context)
    email_queue(
        kind=OutgoingEmail.Kind.INVITATION,
        to=invitee.email if invitee else seat.invited_email,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=f"{INVITATION_PREFIX}:{event.pk}",
        now=event.created_at,
        user=reader,
        match=match,
        headers={"Reply-To": context["reply_address"], "Auto-Submitted": "auto-generated"},
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


#: The declined notice's dedupe keys' start (a reply to it is a command: ``command_address``).
DECLINED_PREFIX = "declined"


def on_declined(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """Tell the game's creator that an invitation was declined (its seat is
    open for anyone now)."""
    match = event.match
    creator = match.created_by
    if not wants_mail(creator, match, kind=OutgoingEmail.Kind.NOTICE):
        return
    link = settings.SITE_URL + match.get_absolute_url()
    with in_language(creator):
        said = _("%(invitee)s declined your invitation to %(game)s: the seat is open for anyone to join.") % {
            # A closed account's name (closing declines its invitations) in the creator's language.
            "invitee": closed_names_shown(event.data.get("invitee") or "") or _("A player"),
            "game": match,
        }
        subject = _("[%(site)s] %(game)s: invitation declined") % {"site": settings.SITE_NAME, "game": match}
        # Marked outside the f-strings: makemessages reads no f-string.
        page, open_page = _("Game page:"), _("Open the game page")
        again = _('To invite someone else into it, reply "%(invite)s".') % {"invite": invite_example(match.pk)}
        text = f"{wrapped(said, hanging=0)}\n\n{wrapped(again, hanging=0)}\n\n{page} {link}\n"
        html = f'<p>{escape(said)}</p><p>{escape(again)}</p><p><a href="{escape(link)}">{escape(open_page)}</a></p>'
    notice_queue(
        creator,
        match,
        subject=subject,
        text=text,
        html=html,
        dedupe_key=f"{DECLINED_PREFIX}:{event.pk}",
        now=event.created_at,
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


def on_invitation_taken_back(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """Tell a player invited by name that the creator took the invitation
    back (its mail's link and reply address no longer seat them).  An
    address is not mailed again: it may be the mistyped one."""
    match = event.match
    invitee = get_user_model().objects.filter(pk=event.data.get("invitee_id"), is_active=True).first()
    if invitee is None or not wants_mail(invitee, match, kind=OutgoingEmail.Kind.NOTICE):
        return
    with in_language(invitee):
        said = _("%(creator)s took back the invitation to %(game)s: nothing more to answer.") % {
            "creator": match.created_by,
            "game": match,
        }
        subject = _("[%(site)s] %(game)s: invitation taken back") % {"site": settings.SITE_NAME, "game": match}
    notice_queue(
        invitee,
        match,
        subject=subject,
        text=f"{wrapped(said, hanging=0)}\n",
        html=f"<p>{escape(said)}</p>",
        dedupe_key=f"invitation-taken-back:{event.pk}",
        now=event.created_at,
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


def on_started(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    match = event.match
    state = state_at(match, event.ply)
    seats = seats_with_players(match)
    order = ", ".join(f"{s.number}. {s.user}" for s in seats)
    # What the setup showed everyone (Alhambra's start money, dealt face
    # up); only of the start position: later hands are hidden.
    deal = get_rules(match.game).setup_events(state) if event.ply == 0 else ()
    names = [str(s.user) for s in seats if s.index is not None]
    organised = event_context(match)  # a tournament's game: this mail is its pairing notice
    for seat in seats:
        with in_language(seat.user):
            lines = [_("Seat order: %(order)s."), *visible_lines(match.game, deal, seat.index, names)]
            lines[0] %= {"order": order}
            if organised is not None:
                opponents = [str(s.user) for s in seats if s is not seat and s.user is not None]
                lines[:0] = organised.pairing(seat.user, opponents)
            if match.seed_commitment:
                # Two lines: the long hash and the link each wrap cleanly alone.
                url = settings.SITE_URL + reverse("game-verify", args=[match.pk])
                lines += [
                    _("Seed commitment: %(commitment)s") % {"commitment": match.seed_commitment},
                    _("Check it when the game is over: %(url)s") % {"url": url},
                ]
            mail = GameMail(_("the game has started"), lines)
        game_email_queue(
            kind=OutgoingEmail.Kind.STARTED,
            match=match,
            seat=seat,
            seats=seats,
            state=state,
            mail=mail,
            dedupe_key=f"started:{match.pk}:{seat.index}",
            now=event.created_at,
            with_reply=True,
            ply=event.ply,
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )


def end_headline(winners: list[str], *, you: bool = False) -> str:
    """The end mail's subject and headline in the active language: who won,
    with a verb that agrees with one winner or a shared victory.  ``you``:
    the reader won too (``winners`` are then the others), told in the
    second person, not by their own name."""
    if you:
        if not winners:
            return _("the game is over: you won")
        return _("the game is over: you share the win with %(others)s") % {"others": names_text(winners)}
    if not winners:
        return _("the game is over")
    return ngettext("the game is over: %(winners)s won", "the game is over: %(winners)s won", len(winners)) % {
        "winners": names_text(winners)
    }


def on_finished(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    match = event.match
    state = state_at(match, event.ply)
    seats = seats_with_players(match)
    winners = [s for s in seats if s.place == 1]
    outcome_details = (match.outcome or {}).get("details") or []
    names = [str(s.user) for s in seats if s.index is not None]
    # A tournament's game its organisers or a player's leaving decided says so.
    organised = event_context(match)
    ender = MoveRecord.objects.filter(match=match, ply=event.ply).first()
    last = ender if ender is not None and ender.kind == MoveRecord.Kind.MOVE else None
    # The end of the last mover's message that was not played: their
    # receipt would have said so, and the end mail stands in for it.
    last_not_played = last.not_played if last is not None else None
    for seat in seats:
        with in_language(seat.user):
            # The last turns before the end, as a "your move" mail would
            # tell them (not to a player who left the game long before).
            since = (
                since_lines(match=match, seat_index=seat.index, up_to_ply=event.ply, names=names)
                if seat.index is not None and not seat.departed
                else []
            )
            if not since and _moved_last(seat, last):
                since = _after_last_move(match.game, last, seat.index, names)
            headline = end_headline([str(s.user) for s in winners if s != seat], you=seat in winners)
            sections = ending.end_sections(match, seats, event.ply)
            unplayed = not_played_lines(match.game, last_not_played, match.players) if _moved_last(seat, last) else []
            if _timed_out(seat, ender):
                # The clock's notice is not sent for a timeout that ended the game: this mail says it.
                unplayed = [_("You ran out of time and lose the game.")]
            mail = GameMail(
                headline,
                [
                    *unplayed,
                    _("Final result:"),
                    *ending.ranking(seats),
                    *tie_lines(match.game, seats, outcome_details),
                    *departure_lines(seats),
                    *(organised.ending() if organised is not None else []),
                    # A tournament pairs its own games: no rematch to offer.
                    *(
                        [_('Reply "rematch" to play again with the same players.')]
                        if seat.user and rematch_allowed(match)
                        else []
                    ),
                ],
                end_lines=ending.end_text(sections),
                end_html=ending.end_html(sections),
                since=since,
            )
        game_email_queue(
            kind=OutgoingEmail.Kind.GAME_OVER,
            match=match,
            seat=seat,
            seats=seats,
            state=state,
            mail=mail,
            dedupe_key=f"finished:{match.pk}:{seat.index}",
            now=event.created_at,
            with_reply=False,
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )


def _moved_last(seat, last) -> bool:
    """Is ``seat`` the player (still in the game) whose move ``last`` ended it?"""
    return last is not None and seat.index == last.seat_index and not seat.departed


def _timed_out(seat, ender) -> bool:
    """Did ``seat`` run out of time in the submission ``ender`` that ended the game?"""
    return ender is not None and ender.kind == MoveRecord.Kind.TIMEOUT and ender.seat_index == seat.index


def _after_last_move(game: str, last, seat_index: int, names: list[str]) -> list[str]:
    """The end mail's lines for the player whose move ended the game: it
    stands in for their receipt (``move_mail.notify_move`` sends none), so it
    tells what the move brought about (the other pawns' end tolls, a seat
    passed over, the end itself) as the receipt would; empty when nothing."""
    events = [Event.load(e) for e in last.events]
    lines = visible_lines(game, told_to_mover(get_rules(game), events, seat_index), seat_index, names)
    # The clock's move (the seat ran out of time; its own mail named the
    # move) was not the player's: not "your move".
    heading = (
        _("After the move played for you when your time ran out:")
        if last.source == MoveRecord.Source.SYSTEM
        else _("After your move:")
    )
    return [heading, *(f"- {line}" for line in lines)] if lines else []


def _seat_mail(
    event,
    kind: str,
    headline: Callable[[object], str],
    lines: Callable[[object], list[str]],
    *,
    with_reply: bool,
    everyone: bool = False,
    still_due: Callable[[object], bool] | None = None,
    sends: list[int] | None,
    claimed_at: dt.datetime | None,
    guarded: bool,
) -> None:
    """Mail the seat an event names (``data["seat_id"]``), or every player;
    ``headline(recipient)`` and ``lines(recipient)`` are called in each recipient's
    language (the event's own text is the game log's English).  A seat
    for which ``still_due(seat)`` (read as it is now) is false gets none."""
    match = event.match
    if match.state is None:
        return
    state = state_at(match, event.ply)
    seats = seats_with_players(match)
    named = event.data.get("seat_id")
    for seat in seats:
        if seat.user is None or (not everyone and seat.pk != named):
            continue
        if still_due is not None and not still_due(seat):
            continue
        with in_language(seat.user):
            mail = GameMail(headline(seat.user), lines(seat.user))
        game_email_queue(
            kind=kind,
            match=match,
            seat=seat,
            seats=seats,
            state=state,
            mail=mail,
            dedupe_key=f"{event.kind}:{event.pk}:{seat.index}",
            now=event.created_at,
            with_reply=with_reply,
            ply=event.ply,
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )


def on_reminder(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    hours = event.data.get("threshold_hours")

    def headline(reader) -> str:
        if not hours:
            return _("reminder: it is your move (your deadline is near)")
        return ngettext(
            "reminder: it is your move (about %(hours)s hour left)",
            "reminder: it is your move (about %(hours)s hours left)",
            hours,
        ) % {"hours": hours}

    def still_due(seat) -> bool:
        # The mail is written after the reminder committed, by a worker that
        # may lag: a player who has moved since (their deadline changed or
        # ended), or whose game ended, is not told "it is your move".
        reminded = event.data.get("deadline_at")
        return (
            event.match.is_active and reminded is not None and seat.deadline_at == dt.datetime.fromisoformat(reminded)
        )

    # The headline and the mail's deadline line (in the reader's zone) say it all.
    _seat_mail(
        event,
        OutgoingEmail.Kind.REMINDER,
        headline,
        lambda reader: [],
        with_reply=True,
        still_due=still_due,
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


Line = Callable[[object, object], str]


def _notice(
    headline: Callable[[], str],
    line: Line,
    *,
    with_reply: bool,
    everyone: bool = False,
    own_headline: Callable[[], str] | None = None,
    unless_it_ended: bool = False,
) -> Callable[..., None]:
    """A handler that mails ``line(event, recipient)`` as a notice under
    ``headline`` (to the event's seat, or to ``everyone`` at the table);
    the player the event is about reads ``own_headline`` when given (they
    are "you", not a player named).  ``unless_it_ended``: nothing when the
    event's own position ended the game, whose game-over mail tells it
    (one mail per player for one event, not two)."""

    def handler(
        event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
    ) -> None:
        if unless_it_ended and _ended_by(event):
            return

        def titled(reader) -> str:
            if own_headline is not None and _is_about(event, reader):
                return own_headline()
            return headline()

        _seat_mail(
            event,
            OutgoingEmail.Kind.NOTICE,
            titled,
            lambda reader: [line(event, reader)],
            with_reply=with_reply,
            everyone=everyone,
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )

    return handler


def _player(event) -> str:
    return str(event.user) if event.user is not None else _("A player")


def _is_about(event, reader) -> bool:
    """Is ``reader`` the player the event is about (its ``user``)?"""
    return event.user_id is not None and getattr(reader, "pk", None) == event.user_id


def _moved_for_you(event, reader) -> str:
    """The clock's move in the reader's notation and card names (the event
    keeps the canonical English text)."""
    parts = [part.strip() for part in event.data.get("moves", "").split(";")]
    moves = "; ".join(words(event.match.game, part) for part in parts if part)
    said = _("Your time ran out, so the default move was played for you: %(moves)s.") % {"moves": moves}
    left = DROP_AFTER - event.data.get("auto_moves", 0)
    if left <= 0 or not event.match.is_active:
        return said  # dropped now (everyone is told), or the game is over
    return (
        said
        + " "
        + ngettext(
            "After %(count)s more missed deadline in a row you are dropped from this game: ranked last.",
            "After %(count)s more missed deadlines in a row you are dropped from this game: ranked last.",
            left,
        )
        % {"count": left}
    )


def _vacation_day_used(event, reader) -> str:
    left = event.data.get("days_left", 0)
    return ngettext(
        "Your time ran out, so a day of your vacation was used instead (%(count)s day left this year).",
        "Your time ran out, so a day of your vacation was used instead (%(count)s days left this year).",
        left,
    ) % {"count": left}


def _ended_by(event) -> bool:
    """Did the event's own position end the game (nothing was played after it)?"""
    return event.match.is_finished and event.match.ply == event.ply


def _dropped(event, reader) -> str:
    if _is_about(event, reader):
        return _(
            "You ran out of time too often and are dropped from this game: you finish last, "
            "your turns are played automatically."
        )
    return _(
        "%(player)s ran out of time too often and is dropped: ranked last, their turns are played automatically."
    ) % {"player": _player(event)}


def _lost_on_time(event, reader) -> str:
    if _is_about(event, reader):
        return _("You ran out of time and lose the game.")
    return _("%(player)s ran out of time and loses the game.") % {"player": _player(event)}


def _clock_keeps_running(event, reader) -> str:
    until = dt.datetime.fromisoformat(event.data["until"])
    return _(
        "You are on vacation until %(when)s (%(zone)s time), but this game does not allow vacations: "
        "your clock keeps running."
    ) % moment_for(reader, until)


def _took_over(event, reader) -> str:
    return _(
        "A tournament organiser put you in this seat: you play this game from now on, "
        "and the results so far stay with the seat."
    )


on_substitute_seated = _notice(lambda: _("you play this game now"), _took_over, with_reply=True)
on_timeout_auto = _notice(lambda: _("your deadline passed: a move was played for you"), _moved_for_you, with_reply=True)
on_auto_vacation = _notice(
    lambda: _("a vacation day was used to keep your clock running"), _vacation_day_used, with_reply=True
)
on_timeout_dropped = _notice(
    lambda: _("a player was dropped after missing deadlines"),
    _dropped,
    with_reply=False,
    everyone=True,
    own_headline=lambda: _("you were dropped after missing deadlines"),
    unless_it_ended=True,
)
on_timeout_forfeit = _notice(
    lambda: _("a player lost on time"),
    _lost_on_time,
    with_reply=False,
    everyone=True,
    own_headline=lambda: _("you lost on time"),
    unless_it_ended=True,
)
on_vacation_forbidden = _notice(
    lambda: _("this game's clock keeps running during your vacation"), _clock_keeps_running, with_reply=True
)


def on_vacation_started(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """Tell the other players at the table that one of them went on
    vacation (the game may wait for their moves until it ends): a player
    who reads only their mail would otherwise wonder why nobody moves.  A
    day of vacation the clock took by itself (``auto``) is not news."""
    if event.data.get("auto"):
        return

    def away(reader) -> list[str]:
        until = dt.datetime.fromisoformat(event.data["until"])
        return [
            _(
                "%(player)s is on vacation until %(when)s (%(zone)s time): their clock is stopped until then, "
                "so this game may wait for their moves."
            )
            % {"player": _player(event), **moment_for(reader, until)}
        ]

    def another_player(seat) -> bool:
        return seat.user_id != event.user_id

    _seat_mail(
        event,
        OutgoingEmail.Kind.NOTICE,
        lambda reader: _("%(player)s is on vacation") % {"player": _player(event)},
        away,
        with_reply=True,
        everyone=True,
        still_due=another_player,
        sends=sends,
        claimed_at=claimed_at,
        guarded=guarded,
    )


#: The handler of each event kind that mails anyone; other kinds mail no one.
HANDLERS = {
    "invited": on_invited,
    "declined": on_declined,
    "invitation_taken_back": on_invitation_taken_back,
    "started": on_started,
    "finished": on_finished,
    "reminder": on_reminder,
    "timeout_auto": on_timeout_auto,
    "auto_vacation": on_auto_vacation,
    "timeout_dropped": on_timeout_dropped,
    "timeout_forfeit": on_timeout_forfeit,
    "vacation_forbidden": on_vacation_forbidden,
    "vacation_started": on_vacation_started,
    "substitute_seated": on_substitute_seated,
    "rated": on_rated,
}


def notify_event(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """Mail the people a lifecycle event concerns (``announce``);
    ``sends``, ``claimed_at`` and ``guarded`` go to each mail
    (``outbox.email_queue``)."""
    handler = HANDLERS.get(event.kind)
    if handler is not None:
        handler(event, sends=sends, claimed_at=claimed_at, guarded=guarded)
