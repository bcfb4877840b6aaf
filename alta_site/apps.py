from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate, post_save
from django.utils.translation import gettext_lazy as _


class AltaSiteConfig(AppConfig):
    name = "alta_site"
    verbose_name = _("Alta site")

    def ready(self) -> None:
        from mail.address_commands import address_command_register
        from mail.intake_kinds import intake_kind_register
        from ratings.models import Challenge, LadderMembership

        from . import challenge_mail, ladder_commands, ladder_mail, name_commands, profile_commands
        from .identity import site_sync

        post_save.connect(challenge_mail.on_challenge_saved, sender=Challenge, dispatch_uid="alta_site.challenge_mail")
        intake_kind_register(challenge_mail.KIND, challenge_mail.challenge_reply)
        post_save.connect(
            ladder_mail.on_membership_saved, sender=LadderMembership, dispatch_uid="alta_site.ladder_mail"
        )
        intake_kind_register(ladder_mail.KIND, ladder_mail.ladder_reply)
        address_command_register(ladder_commands.NAME, ladder_commands.COMMAND)
        address_command_register(name_commands.NAME, name_commands.COMMAND)
        address_command_register(profile_commands.LANGUAGE_NAME, profile_commands.LANGUAGE_COMMAND)
        address_command_register(profile_commands.ZONE_NAME, profile_commands.ZONE_COMMAND)
        address_command_register(profile_commands.MAILS_NAME, profile_commands.MAILS_COMMAND)
        address_command_register(profile_commands.CHAT_NAME, profile_commands.CHAT_COMMAND)

        # Sent for the sites app (this one has no models, so none is sent
        # for it), after the sites app's own receiver made the default row.
        post_migrate.connect(site_sync, sender=apps.get_app_config("sites"), dispatch_uid="alta_site.site_sync")
