"""The mail parts' ``wordwrap`` filter gives exactly Django's ``wrap``."""

import random

import pytest
from django.template import Context, Template
from django.utils.text import wrap

from mail.templatetags.mail_text import fast_wrap

PIECES = ["a", "bc", " ", "  ", "\n", "\t", "\r", "\u00a0", "\u2028", "é", "x" * 10, "-", "\x0c", "“q”"]


def test_it_wraps_like_django_for_random_text():
    rnd = random.Random(18)
    for _ in range(20_000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 40)))
        width = rnd.choice([5, 10, 20, 72])
        assert fast_wrap(text, width) == wrap(text, width), (text, width)


@pytest.mark.parametrize(
    "text",
    ["short line", "trailing space ", "  indented", "a\n\nb\n", "word " * 30, "tab\there", "   ", ""],
)
def test_the_template_filter_replaces_the_builtin_one(text):
    mine = Template("{% load mail_text %}{{ text|wordwrap:20 }}|{% filter wordwrap:20 %}{{ text }}{% endfilter %}")
    builtin = Template("{{ text|wordwrap:20 }}|{% filter wordwrap:20 %}{{ text }}{% endfilter %}")
    context = {"text": text}
    assert mine.render(Context(context)) == builtin.render(Context(context))
