"""A few lines of notation help per game, written into every turn mail so a
player who never opens the site knows what to write (the full help is
each game's HELP.md, linked from the mail)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def notation_help(game: str) -> list[str]:
    """The short help for ``game`` in the active language (empty for a game
    without one)."""
    if game == "alta":
        return [
            _("A turn: a hand card and a cell, then a face-up card (take 1 or 2) and a cell."),
            _("Cells: columns A-G, rows 1-7; + on your island marks a free cell."),
            _("After a market: merchant up or merchant blind. Refresh (optional): refresh."),
            _("Example: mill D3; take 2 E4; merchant up"),
        ]
    if game == "alhambra":
        return [
            _("Take money: take dirham 2 + florin 3 (at most 5 in total, or one card)."),
            _("Buy: buy <slot 1-4> with <currency> <values>, e.g. buy 2 with dirham 3+5."),
            _("Place: place garden at N1E2, or reserve garden; done ends the turn."),
            _("Cells count steps from the fountain: N or S first, then E or W (N1E2)."),
            _("Rows are labelled N2 N1 - S1, columns W1 - E1 (- is the fountain's)."),
            _("On the board # is a wall, . and : are open sides."),
            _("The letters after a building's price name its walls: N, E, S, W (tower 8 NES)."),
        ]
    if game == "atlantis":
        return [
            _("Move a pawn: where it stands, the cards, the place: 12 pink grey -> 18."),
            _("Pay a toll: pay 5 blue. Sell a tile first: sell 4. Bridge: bridge 27."),
            _("Places: A is Atlantis, 1-53 the road, M the mainland."),
        ]
    if game == "alpaca":
        return [
            _("Play a tile: tile, cell and rotation, e.g. red/blue-green at 1,-2 rot 2."),
            _("A tile can be named by its number in your hand list: #3 at 1,-2 rot 2."),
            _("Cells are x,y: x grows to the east, y to the north; . is an open cell."),
            _("Rotation 0 has the big triangle on the top and right edges;"),
            _("each further step turns the tile a quarter turn clockwise (rot 1-3)."),
            _("A bonus after closing a figure: bonus lock, bonus rotate 0,1 to 3, bonus none."),
        ]
    return []


__all__ = ["notation_help"]
