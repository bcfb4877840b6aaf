"""The scanners of tests/i18n/unmarked.py find what they should, and only that."""

from tests.i18n.unmarked import python_findings, template_findings


def test_template_scanner_finds_text_attributes_and_english_grammar():
    source = '<h1>Your games</h1><input placeholder="Display name">{{ n }} game{{ n|pluralize }}{{ x|default:"never" }}'
    assert template_findings(source) == [
        "{{ n|pluralize }} (pluralize is English grammar)",
        'default:"never"',
        "Your games",
        'placeholder="Display name"',
        "• game••",
    ]


def test_template_scanner_passes_marked_text_code_and_names():
    source = (
        '{% translate "Your games" %}<input placeholder="{% translate \'Name\' %}">'
        "{% blocktranslate %}{{ n }} games{% endblocktranslate %}<code>Authorization: x</code>"
        '{# a comment #}{% comment %}Not shown{% endcomment %}<a href="/x" class="button">Alta</a>'
        '{% if a == "registration" %}·{% endif %}'
    )
    assert template_findings(source) == []


def test_python_scanner_finds_shown_strings():
    source = """
from django.contrib import messages
class Status(models.TextChoices):
    OPEN = "open", "Waiting for an answer"
def view(request, name):
    messages.success(request, f"{name} is invited.")
    raise NotAllowed("Only organisers can do that.", code="not_allowed")
    field = forms.CharField(label="Token name")
    return Response({"detail": "Not here."})
"""
    assert [text for _, text in python_findings(source)] == [
        "'Waiting for an answer'",
        "f'{name} is invited.'",
        "'Only organisers can do that.'",
        "'Token name'",
        "'Not here.'",
    ]


def test_python_scanner_passes_marked_strings_codes_and_api_docs():
    source = """
class Status(models.TextChoices):
    OPEN = "open", _("Waiting for an answer")
def view(request):
    messages.success(request, _("Saved."))
    raise NotAllowed(_("Only organisers can do that."), code="not_allowed")
    log.info("Not shown to anyone")
    raise ValueError("a programming error")
    serializers.CharField(help_text="Documents the API.")
    InstantField(help_text="Documents the API too.")
"""
    assert python_findings(source) == []


def test_python_scanner_finds_engine_sentences_not_marked():
    source = """
def apply(state, seat):
    raise IllegalMove(f"You have no {card} in your hand.")
    events.append(Event("place", f"Seat {seat} placed a card.", {}))
    return message("the game is over")
"""
    assert [text for _, text in python_findings(source)] == [
        "f'You have no {card} in your hand.'",
        "f'Seat {seat} placed a card.'",
        "'the game is over'",
    ]


def test_python_scanner_passes_engine_sentences_marked_with_gettext_noop():
    source = """
def apply(state, seat):
    raise IllegalMove(gettext_noop("You have no %(card)s in your hand."), card=Term(card))
    events.append(Event.say("place", message(gettext_noop("%(seat)s placed a card."), seat=who), {}))
    raise NotationError(gettext_noop("%(error)s %(examples)s"), error=error.message, examples=examples)
"""
    assert python_findings(source) == []


def test_python_scanner_finds_translation_functions_under_names_makemessages_skips():
    source = """
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, override
def view(request):
    messages.success(request, gettext_now("Mailed to %(email)s.") % {"email": email})
"""
    assert python_findings(source) == [(2, "gettext as gettext_now (not extracted)")]
