"""Site pages that belong to no app."""

from django.shortcuts import render

from games.boards import playable_slugs
from games.engine import get_rules


def home(request):
    games = [get_rules(slug) for slug in playable_slugs()]
    return render(request, "home.html", {"games": games})
