"""Which mail of ours a report is about (a bounce, a spam complaint;
however it reached us): the row its signed bounce address names, else
the row whose Message-ID it quotes."""

from __future__ import annotations

from collections.abc import Iterable

from .addresses import bounce_id_of
from .models import OutgoingEmail


def reported_mail(addresses: Iterable[str], message_ids: tuple[str, ...]) -> OutgoingEmail | None:
    """The mail the first bounce address of ours among ``addresses`` names
    (an HMAC-signed id, ``addresses.bounce_address``), else ``quoted_mail``;
    ``None`` when neither finds one (a forged address, a report about
    someone else's mail)."""
    for address in addresses:
        email_id = bounce_id_of(address)
        if email_id is not None:
            return OutgoingEmail.objects.select_related("user").filter(pk=email_id).first()
    return quoted_mail(message_ids)


def quoted_mail(message_ids: tuple[str, ...]) -> OutgoingEmail | None:
    """The mail of ours with a Message-ID among ``message_ids`` (random,
    known only to the mail's readers and its relay), else ``None``."""
    if not message_ids:
        return None
    rows = OutgoingEmail.objects.select_related("user").filter(message_id__in=message_ids)
    return rows.order_by("-pk").first()
