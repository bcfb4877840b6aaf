"""Template tags of the tournament pages."""

from django import template

from ..bracket_svg import bracket_svg

register = template.Library()


@register.simple_tag
def bracket_drawing(section, ident: str):
    """The bracket section drawn as SVG (``tournaments.bracket_svg``)."""
    return bracket_svg(section, ident)
