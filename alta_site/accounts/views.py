"""The profile page: preferences and personal API tokens."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.actions import form_post, redirect_back
from core.validators import control_refusal, one_line_text
from games.timing.clock import deadlines_after_zone_change

from .address_check import address_checked
from .forms import ProfileForm
from .middleware import speak_as
from .tokens import ApiToken

#: The longest token name (the ``ApiToken.name`` column).
TOKEN_NAME_MAX_LENGTH = 60


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=TOKEN_NAME_MAX_LENGTH,
        validators=[one_line_text],
        label=_("Token name"),
        help_text=_("For example the script that uses it."),
    )


@login_required
def profile(request):
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=request.user)
        if form.is_valid():
            form.save()
            if "time_zone" in form.changed_data:  # weekends off follow the player's zone
                deadlines_after_zone_change(user=request.user, now=timezone.now())
            # Said in the language just chosen (the page after it speaks it), and remembered for signing out.
            speak_as(request, request.user)
            messages.success(request, gettext("Your profile was saved."))
            return redirect("profile")
    else:
        form = ProfileForm(instance=request.user)
    return _profile_page(request, form=form)


def _profile_page(request, *, form: ProfileForm, token_form: TokenForm | None = None):
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "token_form": token_form or TokenForm(),
            "tokens": request.user.api_tokens.all(),
            "new_key": request.session.pop("new_api_key", None),
        },
    )


@form_post("profile", keep=())
@login_required
def token_create(request):
    form = TokenForm(request.POST)
    if form.is_valid():
        _, key = ApiToken.issue(user=request.user, name=form.cleaned_data["name"])
        # Shown once on the next page, then gone: only its hash is stored.
        request.session["new_api_key"] = key
        messages.success(request, gettext("Token created. Copy it now: it will not be shown again."))
        return redirect("profile")
    refused = control_refusal(form, "name")
    if refused:
        messages.error(request, refused)
    elif len(form.data.get("name", "").strip()) > TOKEN_NAME_MAX_LENGTH:
        messages.error(
            request,
            gettext("Give the token a name of at most %(limit)s characters.") % {"limit": TOKEN_NAME_MAX_LENGTH},
        )
    else:
        messages.error(request, gettext("Give the token a name."))
    # The profile again, the name as typed still in its box (to shorten, not retype).
    return _profile_page(request, form=ProfileForm(instance=request.user), token_form=form)


@form_post("profile", keep=())
@login_required
def token_revoke(request, pk: int):
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    token.delete()
    messages.success(request, gettext("Token “%(name)s” was revoked.") % {"name": token.name})
    return redirect("profile")


@form_post("profile", keep=())
@login_required
def email_bounces_clear(request):
    """The banner's "try again": the player says their address works
    again; game mail goes to it again (``address_check.address_checked``),
    and they are sent back to the page they were on."""
    address_checked(user_id=request.user.pk, now=timezone.now())
    messages.success(
        request,
        gettext("We will send your emails to %(address)s again. If they bounce again, you will see it here.")
        % {"address": request.user.email},
    )
    return redirect_back(request, request.POST.get("next", ""), "profile")
