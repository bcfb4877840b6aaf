"""allauth's forms that ask for a new password (``ACCOUNT_FORMS``), drawn
with ``accounts/form_p.html``: the password's rules are a list, which a
paragraph cannot hold (Django's ``as_p`` puts the hint in one, and the
browser then empties the hint the field is described by)."""

from allauth.account import forms as allauth_forms

LIST_HINT_FORM = "accounts/form_p.html"


class ChangePasswordForm(allauth_forms.ChangePasswordForm):
    template_name_p = LIST_HINT_FORM


class SetPasswordForm(allauth_forms.SetPasswordForm):
    template_name_p = LIST_HINT_FORM


class ResetPasswordKeyForm(allauth_forms.ResetPasswordKeyForm):
    template_name_p = LIST_HINT_FORM
