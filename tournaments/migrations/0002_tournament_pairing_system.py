"""The Swiss pairing system becomes a setting: tournaments that exist keep
Monrad (their earlier rounds were paired by it), new ones default to Dutch."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="pairing_system",
            field=models.CharField(
                choices=[
                    ("dutch", "Dutch system (top half meets bottom half)"),
                    ("monrad", "Monrad (1 meets 2, 3 meets 4)"),
                ],
                default="monrad",
                help_text="Swiss of two-player games: how the rounds are paired.",
                max_length=8,
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="pairing_system",
            field=models.CharField(
                choices=[
                    ("dutch", "Dutch system (top half meets bottom half)"),
                    ("monrad", "Monrad (1 meets 2, 3 meets 4)"),
                ],
                default="dutch",
                help_text="Swiss of two-player games: how the rounds are paired.",
                max_length=8,
            ),
        ),
    ]
