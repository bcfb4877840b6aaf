"""A game mail's fixed paragraphs are in the reader's language, mail after
mail, whichever language the mail before was in."""

from django.test import override_settings
from django.utils import translation

from games.engine import TurnReveal
from mail.game_body import BodyParts, body_html, body_text
from mail.render import GameMail


def _parts() -> BodyParts:
    mail = GameMail("your move", your_move=True, turns=[("A", "tavern D2")])
    return BodyParts(
        mail=mail,
        expect="play a card",
        board_text="(board)",
        board_html="<table></table>",
        seat_lines=[],
        options=[(1, "tavern D2")],
        option_lines=["  1. tavern D2"],
        turn_lines=["  A. tavern D2"],
        more_options=0,
        game_url="http://x/g/1",
        help_url="http://x/help",
        unsubscribe_url="http://x/u",
        mute_url="http://x/m",
        site_name="Alta",
        opponent_count=1,
        turn_reveal=TurnReveal.CARDS,
    )


def _in(language: str) -> tuple[str, str]:
    with translation.override(language):
        return body_text(_parts()), body_html(_parts())


def test_each_mail_has_its_own_languages_paragraphs():
    with translation.override("nl"):
        dutch = translation.gettext("HOW TO REPLY")
        dutch_html = translation.gettext("How to reply")
    assert dutch != "HOW TO REPLY"
    for _ in range(2):
        text, html = _in("en")
        assert "HOW TO REPLY" in text and "How to reply" in html and dutch not in text
        text, html = _in("nl")
        assert dutch in text and dutch_html in html and "HOW TO REPLY" not in text


def test_the_paragraphs_are_looked_up_again_when_the_catalogs_change():
    dutch, _html = _in("nl")
    assert "HOW TO REPLY" not in dutch
    with override_settings(LOCALE_PATHS=[]):  # the project's catalogue (these phrases) is gone
        text, _html = _in("en")
        assert "HOW TO REPLY" in text
        untranslated, _html = _in("nl")
        assert "HOW TO REPLY" in untranslated
    assert _in("nl")[0] == dutch


def test_long_paragraphs_are_wrapped_at_72_columns():
    for language in ("en", "nl"):
        text, _html = _in(language)
        assert max(len(line) for line in text.split("\n")) <= 72
