"""URLs for ``benchmarks/moves.py``: the real site plus one minimal baseline
view (one UPDATE and one INSERT) to compare the move write path against."""

from django.db import connection
from django.http import JsonResponse
from django.urls import include, path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def baseline(request, pk: int):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_match SET ply = ply + 1 WHERE id = %s", [pk])
        cursor.execute(
            "INSERT INTO games_matchevent (match_id, kind, text, data, created_at) "
            "VALUES (%s, 'bench', 'bench', '{}', %s)",
            [pk, timezone.now()],
        )
    return JsonResponse({"ok": True}, status=201)


urlpatterns = [
    path("bench/baseline/<int:pk>/", baseline),
    path("", include("alta_site.urls")),
]
