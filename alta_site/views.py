"""Site pages that belong to no app."""

from django.shortcuts import render

from games.engine import available_slugs, get_rules


def home(request):
    games = [get_rules(slug) for slug in available_slugs()]
    return render(request, "home.html", {"games": games})
