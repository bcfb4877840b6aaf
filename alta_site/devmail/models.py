from django.db import models
from django.utils.translation import gettext_lazy as _


class CapturedEmail(models.Model):
    """One message as it would have been sent (one row per message)."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created at"))
    message_id = models.CharField(max_length=255, blank=True, verbose_name=_("message id"))
    from_email = models.CharField(max_length=255, verbose_name=_("from email"))
    to = models.TextField(help_text=_("Recipients, one per line."), verbose_name=_("to"))
    subject = models.CharField(max_length=998, blank=True, verbose_name=_("subject"))
    text_body = models.TextField(blank=True, verbose_name=_("text body"))
    html_body = models.TextField(blank=True, verbose_name=_("html body"))
    headers = models.JSONField(default=dict, verbose_name=_("headers"))
    raw = models.TextField(help_text=_("The full RFC 822 message."), verbose_name=_("raw"))

    class Meta:
        verbose_name = _("captured email")
        verbose_name_plural = _("captured emails")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject} -> {self.to_list[0] if self.to_list else '?'}"

    @property
    def to_list(self) -> list[str]:
        return [line for line in self.to.splitlines() if line]
