"""Admin names read as English: no model gets Django's naive "+s" plural
where English says otherwise ("matchs", "boxs", "categorys")."""

import re

from django.apps import apps

WRONG_PLURAL = re.compile(r"(ch|sh|s|x|z)s$|[^aeiou]ys$")


def test_every_model_has_a_proper_english_plural():
    wrong = {
        model.__name__: str(model._meta.verbose_name_plural)
        for model in apps.get_models()
        if model.__module__.split(".")[0] in {"games", "ratings", "tournaments", "alta_site"}
        and WRONG_PLURAL.search(str(model._meta.verbose_name_plural))
    }
    assert not wrong, wrong
