"""URLs for ``benchmarks/moves.py``: the real site plus one minimal baseline
view (one UPDATE and one INSERT) to compare the move write path against, and
the same two statements behind the API's own authentication, permission and
write rate limit (``api_floor``: what the framework costs before any game
logic runs)."""

from django.db import connection
from django.http import JsonResponse
from django.urls import include, path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from rest_framework.response import Response

from core.api import WriteApi


def _write(pk: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_match SET ply = ply + 1 WHERE id = %s", [pk])
        cursor.execute(
            "INSERT INTO games_matchevent (match_id, kind, text, data, created_at) "
            "VALUES (%s, 'bench', 'bench', '{}', %s)",
            [pk, timezone.now()],
        )


@csrf_exempt
def baseline(request, pk: int):
    _write(pk)
    return JsonResponse({"ok": True}, status=201)


class ApiFloor(WriteApi):
    """The API's token authentication, permission check and per-user write
    limit (as ``POST /api/games/{id}/moves/``), then the baseline's writes.
    Like the move's view, it answers after its own writes' commit (no outer
    transaction): the floor is the same two statements as the baseline."""

    answers_after_commit = True

    def post(self, request, pk: int):
        _write(pk)
        return Response({"ok": True}, status=201)


urlpatterns = [
    path("bench/baseline/<int:pk>/", baseline),
    path("bench/api-floor/<int:pk>/", ApiFloor.as_view()),
    path("", include("alta_site.urls")),
]
