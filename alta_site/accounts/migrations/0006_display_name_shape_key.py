from django.db import migrations, models

from alta_site.accounts.names import shape_skeleton


def fill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "display_name").iterator():
        User.objects.filter(pk=user.pk).update(display_name_shape_key=shape_skeleton(user.display_name))


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0005_user_language_italian"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_name_shape_key",
            field=models.CharField(db_index=True, default="", editable=False, max_length=160),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
