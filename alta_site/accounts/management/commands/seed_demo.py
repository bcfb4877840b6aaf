"""Create a demo staff user, a few demo players and a ladder per game
(development only)."""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

DEMO_PASSWORD = "play-slowly"
DEMO_USERS = [
    # (email, display name, staff)
    ("admin@alta.test", "Admin", True),
    ("alice@alta.test", "Alice", False),
    ("bob@alta.test", "Bob", False),
    ("carol@alta.test", "Carol", False),
    ("dave@alta.test", "Dave", False),
]


class Command(BaseCommand):
    help = "Create demo accounts with verified email addresses and demo ladders (DEBUG only); safe to repeat."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError("Demo accounts are only created when DEBUG is on.")
        User = get_user_model()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for email, name, staff in DEMO_USERS:
            user, created = User.objects.get_or_create(
                email=email,
                defaults={"display_name": name, "is_staff": staff, "is_superuser": staff},
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            EmailAddress.objects.update_or_create(user=user, email=email, defaults={"verified": True, "primary": True})
            role = "staff" if staff else "player"
            self.stdout.write(f"  {email:<18} {name:<6} ({role})")
        self._ladders()

    def _ladders(self) -> None:
        """A 2-player ladder for each game, so the demo shows rated play
        (in production, staff create ladders in the admin)."""
        from games.boards import playable_slugs
        from ratings.models import Ladder

        for slug in playable_slugs():
            ladder, created = Ladder.objects.get_or_create(game=slug, players=2)
            if created:
                self.stdout.write(f"  ladder: {ladder}")
