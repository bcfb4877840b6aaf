"""The verification page of a game: its seed commitment while it runs; at
the end the seed, the salt, the check of both and the replay's verdict."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from games.models import Match
from games.verify import match_verify, problem_text


def match_verify_page(request, pk: int):
    match = get_object_or_404(Match.objects.prefetch_related("seats__user"), pk=pk)
    context: dict[str, Any] = {"match": match}
    if match.is_finished:
        result = match_verify(match)
        context.update(
            result=result,
            problems=[problem_text(p, match.game) for p in result.problems],
            # Absolute: the lines the page gives are run outside the browser.
            audit_url=request.build_absolute_uri(reverse("api-game-audit", args=[match.pk])),
        )
    return render(request, "games/verify.html", context)
