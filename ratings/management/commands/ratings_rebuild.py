"""``manage.py ratings_rebuild [--game KIND]``: replay every rated game in
finish order and rewrite the ratings; the result equals the incremental
updates exactly."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from games.engine import registered_slugs
from games.models import Match
from ratings.models import Rating, RatingPool
from ratings.services import ratings_rebuild


def kinds_with_ratings() -> set[str]:
    """Game kinds with rated games or stored ratings (a kind whose rules
    left the registry keeps its ratings until rebuilt by name)."""
    return (
        set(Match.objects.filter(rated=True).values_list("game", flat=True).distinct())
        | set(Rating.objects.values_list("game", flat=True).distinct())
        | set(RatingPool.objects.values_list("game", flat=True))
    )


class Command(BaseCommand):
    help = "Recompute ratings from every rated game, in the order the games finished."

    def add_arguments(self, parser):
        parser.add_argument(
            "--game",
            action="append",
            metavar="KIND",
            help="Only this game kind (repeatable); default: every kind with rated games.",
        )

    def handle(self, *args, game=None, **options):
        present = kinds_with_ratings()
        known = set(registered_slugs()) | present
        kinds = game or sorted(present)
        unknown = sorted(set(kinds) - known)
        if unknown:
            raise CommandError(f"Unknown game {', '.join(unknown)}; known games: {', '.join(sorted(known))}.")
        for kind in kinds:
            start = time.perf_counter()
            rated = ratings_rebuild(game=kind)
            seconds = time.perf_counter() - start
            self.stdout.write(f"{kind}: {rated} rated game{'s' if rated != 1 else ''} replayed in {seconds:.2f} s")
