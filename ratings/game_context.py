"""What a ladder's game says about its ladder: "Ladder Alta vieren", with a
link to the ladder page, in every mail of the game and on its page, and in
its first mail why the player got it and how to get no more (registered as
the ``games.organised`` provider of ladder matches by ``RatingsConfig.ready``).

Only public things: the ladder's name and page, and whose challenge (or
matchmaking) made the game.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.name_lists import names_text
from games.models import Match
from games.organised import EventContext

from .models import Challenge, LadderGame

#: ``Match.organised_by`` of the matches a ladder creates.
KIND = "ladder"


def _pairing(game: LadderGame, challenge: Challenge | None, reader, opponents: list[str]) -> list[str]:
    said = {
        "ladder": game.ladder.title,
        "opponents": names_text(opponents),
        "game": game.ladder.game_name,
        "challenger": challenge.challenger if challenge else "",
        "challenged": challenge.challenged if challenge else "",
    }
    # The two players of a challenge asked for this game: no word on how to stop.
    if challenge is not None and reader.pk == challenge.challenger_id:
        return [
            _(
                "%(challenged)s accepted your challenge in the ladder %(ladder)s; "
                "the game counts for your %(game)s rating."
            )
            % said
        ]
    if challenge is not None and reader.pk == challenge.challenged_id:
        return [
            _("%(challenger)s's challenge to you in the ladder %(ladder)s; the game counts for your %(game)s rating.")
            % said
        ]
    if challenge is not None:
        seated = _(
            "The ladder %(ladder)s seated you at %(challenger)s's challenge to %(challenged)s; "
            "the game counts for your %(game)s rating."
        )
    else:
        seated = _("The ladder %(ladder)s paired you with %(opponents)s; the game counts for your %(game)s rating.")
    return [seated % said, _("To get no more games of this ladder, leave it on its page (the link above).")]


def ladder_context(match: Match) -> EventContext | None:
    """The context of a ladder's match (one query, two for a challenge's),
    or None (a match whose ladder game is gone)."""
    game = LadderGame.objects.filter(match_id=match.pk).select_related("ladder").first()
    if game is None:
        return None
    challenge = None
    if game.origin == LadderGame.Origin.CHALLENGE:
        challenge = Challenge.objects.filter(match_id=match.pk).select_related("challenger", "challenged").first()
    return EventContext(
        url=game.ladder.get_absolute_url(),
        line=lambda: _("Ladder %(ladder)s") % {"ladder": game.ladder.title},
        pairing=lambda reader, opponents: _pairing(game, challenge, reader, opponents),
        id=game.ladder_id,
        name=game.ladder.title,
    )
