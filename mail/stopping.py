"""What a player's "Mute this game" and "Stop all game emails" change
(the links and List-Unsubscribe headers of every game mail:
``views.unsubscribe``); a spam complaint changes the same
(``complaints``)."""

from __future__ import annotations

from .models import GameMute


def game_mail_stop(user, match=None) -> None:
    """No more game mail to ``user``: for ``match`` only (a mute), or for
    every game (their notifications set to none; answers to mail they send
    still go).  Doing it again changes nothing."""
    if match is not None:
        GameMute.objects.get_or_create(user=user, match=match)
        return
    if user.notifications != user.Notifications.NONE:
        user.notifications = user.Notifications.NONE
        user.save(update_fields=["notifications"])
