"""A player who withdrew without a reason had the English word "withdrew"
stored as the reason, which pages and the log showed in every language.
Such rows now keep no reason, as new withdrawals do."""

from django.db import migrations

PLACEHOLDER = "withdrew"


def forget_placeholder_reasons(apps, schema_editor):
    Participant = apps.get_model("tournaments", "Participant")
    TournamentEvent = apps.get_model("tournaments", "TournamentEvent")
    Participant.objects.filter(status="withdrawn", left_reason=PLACEHOLDER).update(left_reason="")
    for event in TournamentEvent.objects.filter(kind="withdrawn", data__params__reason=PLACEHOLDER):
        player = event.data["params"]["player"]
        event.data.update(message="%(player)s withdrew.", params={"player": player})
        event.text = f"{player} withdrew."[:1000]
        event.save(update_fields=["data", "text"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_late_registration"),
    ]

    operations = [
        migrations.RunPython(forget_placeholder_reasons, migrations.RunPython.noop),
    ]
