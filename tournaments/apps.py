from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games import signals
        from games.deadlines.calendar import calendar_source_register
        from games.deadlines.sweeps import dropped_register
        from games.organised import event_context_register
        from games.services.address_allowance import address_invitations_register
        from games.timing.clock import clock_hold_register, clock_hold_since_register
        from mail.bounces import bounced_mail_register
        from mail.intake_kinds import intake_kind_register

        from . import receivers
        from .calendar import round_deadlines_calendar
        from .email_invitation_replies import club_email_invitation_reply, tournament_email_invitation_reply
        from .game_context import KIND as GAME_KIND
        from .game_context import tournament_context
        from .mail_replies import club_invitation_reply, invitation_reply
        from .reply_tokens import CLUB_EMAIL_KIND, CLUB_KIND, EMAIL_KIND, KIND
        from .services.bounced_invitations import KINDS as EMAIL_INVITATION_KINDS
        from .services.bounced_invitations import email_invitation_bounced
        from .services.deadlines import organisers_told_of_drop
        from .services.pausing import paused_clock_held, paused_clock_since
        from .services.strangers import address_invitations_sent
        from .signals import advance_due, autoplay_due

        signals.match_finished.connect(receivers.on_match_finished, dispatch_uid="tournaments-game-finished")
        calendar_source_register(round_deadlines_calendar)
        clock_hold_register(paused_clock_held)
        clock_hold_since_register(paused_clock_since)
        autoplay_due.connect(receivers.on_autoplay_due, dispatch_uid="tournaments-autoplay")
        advance_due.connect(receivers.on_advance_due, dispatch_uid="tournaments-advance")
        intake_kind_register(KIND, invitation_reply)
        intake_kind_register(CLUB_KIND, club_invitation_reply)
        # Accepted from the invited address, which may have no account yet.
        intake_kind_register(EMAIL_KIND, tournament_email_invitation_reply, any_sender=True)
        intake_kind_register(CLUB_EMAIL_KIND, club_email_invitation_reply, any_sender=True)
        dropped_register(organisers_told_of_drop)
        event_context_register(GAME_KIND, tournament_context)
        address_invitations_register(address_invitations_sent)
        for kind in EMAIL_INVITATION_KINDS:
            bounced_mail_register(kind.MAIL_KEY, email_invitation_bounced)
