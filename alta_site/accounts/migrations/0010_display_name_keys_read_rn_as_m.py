"""The display name keys again: ``names`` now reads "rn" as "m"."""

from django.db import migrations

from alta_site.accounts.names import shape_skeleton, skeleton


def refill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "display_name").iterator():
        User.objects.filter(pk=user.pk).update(
            display_name_key=skeleton(user.display_name), display_name_shape_key=shape_skeleton(user.display_name)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0009_complaints"),
    ]

    operations = [
        migrations.RunPython(refill_keys, migrations.RunPython.noop),
    ]
