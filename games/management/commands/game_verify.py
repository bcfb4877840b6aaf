"""``manage.py game_verify N``: check game N's commitment and replay it
from its seed and move log (``games.verify``); exits 1 when they disagree."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import Conflict
from games.models import Match
from games.verify import match_verify, problem_text


class Command(BaseCommand):
    help = "Verify a finished game: the seed commitment and a replay of every move from the seed."

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int)

    def handle(self, *args, match_id: int, **options):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"There is no game {match_id}.")
        try:
            result = match_verify(match)
        except Conflict as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"{match}: commitment {match.seed_commitment or '(none)'}")
        self.stdout.write(f"seed {match.seed}, salt {match.seed_salt or '(none)'}, {result.plies} moves")
        for problem in result.problems:
            self.stdout.write(self.style.ERROR(problem_text(problem, match.game)))
        if not result.ok:
            raise CommandError("The game does NOT verify.")
        self.stdout.write(
            self.style.SUCCESS(
                "Verified: the seed matches the commitment and replaying every move gives the recorded game."
            )
        )
