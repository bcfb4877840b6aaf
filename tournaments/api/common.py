"""What the tournament and club endpoints share: base views (auth and the
games API's write throttle), error responses, id limits."""

from __future__ import annotations

from rest_framework import permissions, serializers
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from games.api.serializers import ErrorSerializer

# Ids are 64-bit: a larger number would overflow the database driver.
MAX_ID = 2**63 - 1
ERRORS = {
    400: ErrorSerializer,
    403: ErrorSerializer,
    404: ErrorSerializer,
    409: ErrorSerializer,
    429: ErrorSerializer,
}


class WriteApi(APIView):
    """Authenticated, rate-limited per user like the game actions."""

    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "game_write"


class ListCreateApi(APIView):
    """Anyone reads; writing is authenticated and rate-limited."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_throttles(self):
        if self.request.method == "POST":
            self.throttle_scope = "game_write"
            return [ScopedRateThrottle()]
        return super().get_throttles()


class TournamentPlayerNameInputSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=40)
