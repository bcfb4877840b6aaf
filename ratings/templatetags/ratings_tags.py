"""``{% load ratings_tags %}{% match_rating_changes match %}``: a game's rating
changes with the arithmetic, for the game page."""

from django import template

from ratings.selectors import rating_changes_for_match

register = template.Library()


@register.inclusion_tag("ratings/_match_changes.html")
def match_rating_changes(match):
    return {"rating_changes": rating_changes_for_match(match.pk)}
