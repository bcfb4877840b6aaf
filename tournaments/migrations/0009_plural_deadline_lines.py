"""The log's deadline lines counted "%(count)s game(s)"; they are plural
entries now (``core.marking.ngettext_noop``).  Earlier lines take the new
msgids, so they keep reading in each reader's language, in words that
agree with their number."""

from django.db import migrations

#: old msgid -> (singular, plural), as ``services.deadlines`` logs them now.
PLURALS = {
    "Round %(number)s: nobody acted within a day of the deadline; "
    "%(count)s unfinished game(s) are finished with default moves.": (
        "Round %(number)s: nobody acted within a day of the deadline; "
        "%(count)s unfinished game is finished with default moves.",
        "Round %(number)s: nobody acted within a day of the deadline; "
        "%(count)s unfinished games are finished with default moves.",
    ),
    "Round %(number)s's deadline passed with %(count)s game(s) unfinished; organisers told.": (
        "Round %(number)s's deadline passed with %(count)s game unfinished; organisers told.",
        "Round %(number)s's deadline passed with %(count)s games unfinished; organisers told.",
    ),
}


def plural_deadline_lines(apps, schema_editor):
    TournamentEvent = apps.get_model("tournaments", "TournamentEvent")
    for event in TournamentEvent.objects.filter(kind__in=["deadline", "autoplay"], data__message__in=list(PLURALS)):
        singular, plural = PLURALS[event.data["message"]]
        params = event.data["params"]
        event.data.update(message=singular, plural=plural)
        event.text = ((singular if params["count"] == "1" else plural) % params)[:1000]
        event.save(update_fields=["data", "text"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_matches_organised_by"),
    ]

    operations = [
        migrations.RunPython(plural_deadline_lines, migrations.RunPython.noop),
    ]
