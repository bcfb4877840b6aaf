"""The game page's chat: seated players post a message or mute the chat
(plain forms with CSRF; the page shows the chat, ``views.match_detail``)."""

from __future__ import annotations

from functools import partial

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.actions import action_redirect
from core.throttling import form_write_allowed
from games.models import CHAT_MAX_LENGTH, MoveRecord
from games.services.chat import chat_mute, chat_post

_act = partial(action_redirect, to="game-detail")


class ChatForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Message to the other players"),
        max_length=CHAT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


@login_required
@require_POST
def match_chat(request, pk: int):
    form = ChatForm(request.POST)
    if not form.is_valid():
        if request.POST.get("text", "").strip():
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
        lambda: chat_post(match_id=pk, user=request.user, text=text, source=MoveRecord.Source.WEB, now=timezone.now()),
        _("Your message was sent."),
    )


@login_required
@require_POST
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
