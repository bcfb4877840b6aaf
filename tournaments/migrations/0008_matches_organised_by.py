"""The matches tournaments created before ``Match.organised_by`` existed
are marked as theirs, so that their mails and pages name the tournament
too (``tournaments.game_context``)."""

from django.db import migrations


def mark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(tournament_game__isnull=False).update(organised_by="tournament")


def unmark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(organised_by="tournament").update(organised_by="")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_match_organised_by"),
        ("tournaments", "0007_verbose_names"),
    ]

    operations = [migrations.RunPython(mark, unmark)]
