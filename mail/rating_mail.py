"""The mail telling each player of a rated game their new rating (event
``rated``, which the ratings app records through ``games.services`` once
it rated the game, after the game-over mail went out)."""

from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.template.defaultfilters import floatformat
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from .addresses import thread_id, unsubscribe_headers, unsubscribe_url
from .models import OutgoingEmail
from .outbox import email_queue, seats_with_players, wants_mail
from .render import as_reader
from .templatetags.mail_text import wrapped, wrapped_whole


def signed(delta: float) -> str:
    """A rating change as the rating pages show it: its sign, one decimal
    in the reader's number format, "±0.0" for none."""
    sign = "+" if delta > 0 else "-" if delta < 0 else "±"
    return sign + number_format(abs(delta), 1)


def _adds_up(entry: dict, names: dict[int, str], places: dict[int, int]) -> tuple[str, list[str]]:
    """How ``entry``'s change adds up, in the active language, as the game
    page's panel shows it: a sentence with the place and K, then one line
    per opponent, best placed first ("Dave (1500): behind, expected 0.50:
    -10.0").  Nothing for an event stored before it carried the pairs."""
    opponents = entry.get("opponents") or []
    if not opponents or not entry.get("players") or not entry.get("k"):
        return "", []
    place, players, k = entry["place"], entry["players"], entry["k"]
    shared = sum(1 for p in places.values() if p == place) > 1
    said = {
        "place": place,
        "players": players,
        "k": k,
        "k_pair": floatformat(2 * k / players, "-2"),
    }
    heading = (
        _("You shared place %(place)s of %(players)s.")
        if shared
        else _("You finished in place %(place)s of %(players)s.")
    ) % said
    heading += " " + (
        _(
            "Each opponent counted as a game of its own: 1 if you finished ahead, ½ if level, 0 if behind, "
            "minus the score your ratings expected, times %(k_pair)s (K = %(k)s, × 2 / %(players)s players):"
        )
        % said
    )
    results = {
        1.0: pgettext("rating mail: you finished ahead of this opponent", "ahead"),
        0.5: pgettext("rating mail: you finished level with this opponent", "level"),
        0.0: pgettext("rating mail: you finished behind this opponent", "behind"),
    }
    lines = [
        _("%(player)s (%(rating)s): %(result)s, expected %(expected)s: %(delta)s")
        % {
            "player": names.get(pair["user_id"], "?"),
            "rating": pair["rating"],
            "result": results.get(pair["actual"], number_format(pair["actual"], 1)),
            "expected": number_format(pair["expected"], 2),
            "delta": signed(pair["delta"]),
        }
        for pair in sorted(opponents, key=lambda pair: places.get(pair["user_id"], players))
    ]
    return heading, lines


#: "K = 40" (and "× 2 / 3"), which a line break would cut in two.
_K_TERM = re.compile(r"\bK = \d+|× \d+ / \d+")


def _games_left(entry: dict) -> str:
    """ "3 more to go." while the rating is provisional, in the active
    language; nothing for an event stored before it carried the games."""
    until, games = entry.get("provisional_until"), entry.get("games")
    if not until or games is None or games >= until:
        return ""
    left = until - games
    return ngettext("%(count)s more to go.", "%(count)s more to go.", left) % {"count": left}


def on_rated(
    event, *, sends: list[int] | None = None, claimed_at: dt.datetime | None = None, guarded: bool = True
) -> None:
    """Tell each player of the game their new rating, in their language,
    as a notice (a digest reader gets it at once, as the game-over mail;
    a muted game or "no game mail" sends nothing).  A deactivated account
    is not told: it cannot sign in to the page the mail links to.  Once per
    game and player, whatever repeats the event."""
    match = event.match
    players = {seat.user_id: seat.user for seat in seats_with_players(match) if seat.user is not None}
    names = {user_id: str(user) for user_id, user in players.items()}
    places = {entry.get("user_id"): entry.get("place") for entry in event.data.get("ratings", [])}
    for entry in event.data.get("ratings", []):
        user = players.get(entry.get("user_id"))
        if user is None or not user.is_active or not wants_mail(user, match, kind=OutgoingEmail.Kind.NOTICE):
            continue
        thread = thread_id(match.pk, user.pk)
        stop = unsubscribe_url(user.pk)
        context = {
            "game": match.game_name,
            "old": entry["old"],
            "new": entry["new"],
            "until": entry.get("provisional_until"),
            "settled": entry.get("settled") and entry.get("games"),
            "ratings_url": settings.SITE_URL + reverse("player-ratings", args=[user.display_name]),
            "game_url": settings.SITE_URL + match.get_absolute_url(),
            "mute_url": unsubscribe_url(user.pk, match.pk),
            "stop_url": stop,
            "site_name": settings.SITE_NAME,
        }
        with as_reader(user):
            context["delta"] = signed(entry["delta"])
            context["how"], context["pairs"] = _adds_up(entry, names, places)
            context["left"] = _games_left(entry)
            headline = _("your rating is now %(new)s (%(delta)s)") % context
            subject = f"{match}: {headline}"
            text = wrapped_whole(
                render_to_string("mail/email/rating-body.txt", context),
                _K_TERM,
                lambda held: wrapped(held, hanging=0),
            )
            html = render_to_string("mail/email/rating-body.html", context)
        email_queue(
            kind=OutgoingEmail.Kind.NOTICE,
            to=user.email,
            subject=subject,
            text=text,
            html=html,
            dedupe_key=f"rated:{match.pk}:{user.pk}",
            now=event.created_at,
            user=user,
            match=match,
            headers={"In-Reply-To": thread, "References": thread, **unsubscribe_headers(stop)},
            sends=sends,
            claimed_at=claimed_at,
            guarded=guarded,
        )
