"""Template tags of the tournament pages."""

from django import template

from ..bracket_svg import bracket_svg
from ..selectors import current_pairings_for

register = template.Library()


@register.simple_tag
def bracket_drawing(section, ident: str):
    """The bracket section drawn as SVG (``tournaments.bracket_svg``)."""
    return bracket_svg(section, ident)


@register.inclusion_tag("tournaments/_current_pairings.html")
def current_pairings(user):
    """The user's tournament games in play ("you are paired with X, your
    move"), for the home page: ``{% current_pairings user %}``."""
    return {"pairings": current_pairings_for(user)}
