"""The game page's chat: seated players post a message or mute the chat
(plain forms with CSRF; the page shows the chat, ``views.match_detail``)."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.actions import action_redirect, form_post
from core.throttling import form_write_allowed
from core.validators import chat_text, control_refusal
from games.models import CHAT_MAX_LENGTH, MoveRecord
from games.services.chat import chat_mute, chat_post

_act = partial(action_redirect, to="game-detail")


class ChatForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Message to the other players"),
        max_length=CHAT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[chat_text],
    )

    def __init__(self, *args: Any, opponents: int | None = None, **kwargs: Any) -> None:
        """``opponents``: how many players the reader plays against
        (``Match.opponent_count``), which the box's label names ("Message to
        your opponent" in a game of two); ``None`` keeps the plural (a
        form that is only read, never shown)."""
        super().__init__(*args, **kwargs)
        if opponents is not None:
            self.fields["text"].label = ngettext("Message to your opponent", "Message to the other players", opponents)


@form_post("game-detail")
@login_required
def match_chat(request, pk: int):
    form = ChatForm(request.POST)
    if not form.is_valid():
        refused = control_refusal(form, "text")
        if refused:
            messages.error(request, refused)
        elif request.POST.get("text", "").strip():
            messages.error(request, _("Write a message of at most %(limit)s characters.") % {"limit": CHAT_MAX_LENGTH})
        else:
            messages.error(request, _("Write a message first."))
        return redirect("game-detail", pk=pk)
    if not form_write_allowed(request):
        messages.error(request, _("You are sending messages too fast. Wait a minute, then send it again."))
        return redirect("game-detail", pk=pk)
    text = form.cleaned_data["text"]
    return _act(
        request,
        pk,
        lambda: chat_post(
            match_id=pk,
            user=request.user,
            text=text,
            source=MoveRecord.Source.WEB,
            now=timezone.now(),
            idempotency_key=_chat_key(request, text),
        ),
        _("Your message was sent."),
    )


def _chat_key(request, text: str) -> str | None:
    """The key of a message sent with the page's form: its writer, the
    latest line the page showed (``after``) and the words.  The same form
    sent again (a double click, the browser sending it again after a lost
    answer) is the line already posted; the same words sent from a later
    page are a new line.  A form without ``after`` (a script) is not checked."""
    after = request.POST.get("after", "")
    if not (after.isdigit() and len(after) <= 20):
        return None
    return f"web:{request.user.pk}:{after}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"


@form_post("game-detail")
@login_required
def match_chat_mute(request, pk: int):
    choice = request.POST.get("muted")
    if choice not in ("0", "1"):  # the page's button always sends one
        messages.error(request, _("Choose whether to mute the chat or not."))
        return redirect("game-detail", pk=pk)
    muted = choice == "1"
    return _act(
        request,
        pk,
        lambda: chat_mute(match_id=pk, user=request.user, muted=muted),
        _("The chat is muted.") if muted else _("The chat is no longer muted."),
    )
