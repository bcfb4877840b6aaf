"""The matches ladders created before they were marked as theirs are
marked now, so that their mails and pages name the ladder too
(``ratings.game_context``)."""

from django.db import migrations


def mark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(ladder_game__isnull=False).update(organised_by="ladder")


def unmark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(organised_by="ladder").update(organised_by="")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_match_organised_by"),
        ("ratings", "0005_challenge_taken_back"),
    ]

    operations = [migrations.RunPython(mark, unmark)]
