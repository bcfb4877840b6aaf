from django.db import models
from django.utils.translation import gettext_lazy as _


class CapturedEmail(models.Model):
    """One message as it would have been sent (one row per message)."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    message_id = models.CharField(max_length=255, blank=True)
    from_email = models.CharField(max_length=255)
    to = models.TextField(help_text=_("Recipients, one per line."))
    subject = models.CharField(max_length=998, blank=True)
    text_body = models.TextField(blank=True)
    html_body = models.TextField(blank=True)
    headers = models.JSONField(default=dict)
    raw = models.TextField(help_text=_("The full RFC 822 message."))

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject} -> {self.to_list[0] if self.to_list else '?'}"

    @property
    def to_list(self) -> list[str]:
        return [line for line in self.to.splitlines() if line]
