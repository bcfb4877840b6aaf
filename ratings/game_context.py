"""What a ladder's game says about its ladder: "Ladder Alta vieren", with a
link to the ladder page, in every mail of the game and on its page, and in
its first mail why the player got it and how to get no more (registered as
the ``games.organised`` provider of ladder matches by ``RatingsConfig.ready``).

Only public things: the ladder's name and page, and whether a challenge or
matchmaking made the game.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.name_lists import names_text
from games.models import Match
from games.organised import EventContext

from .models import LadderGame

#: ``Match.organised_by`` of the matches a ladder creates.
KIND = "ladder"


def _pairing(game: LadderGame, reader, opponents: list[str]) -> list[str]:
    said = {"ladder": game.ladder.title, "opponents": names_text(opponents), "game": game.ladder.game_name}
    if game.origin == LadderGame.Origin.CHALLENGE:
        # The players asked for this game: no word on how to stop.
        challenge = _(
            "Your challenge in the ladder %(ladder)s: you play against %(opponents)s; "
            "the game counts for your %(game)s rating."
        )
        return [challenge % said]
    return [
        _("The ladder %(ladder)s paired you with %(opponents)s; the game counts for your %(game)s rating.") % said,
        _("To get no more games of this ladder, leave it on its page (the link above)."),
    ]


def ladder_context(match: Match) -> EventContext | None:
    """The context of a ladder's match (one query), or None (a match whose
    ladder game is gone)."""
    game = LadderGame.objects.filter(match_id=match.pk).select_related("ladder").first()
    if game is None:
        return None
    return EventContext(
        url=game.ladder.get_absolute_url(),
        line=lambda: _("Ladder %(ladder)s") % {"ladder": game.ladder.title},
        pairing=lambda reader, opponents: _pairing(game, reader, opponents),
        id=game.ladder_id,
        name=game.ladder.title,
    )
