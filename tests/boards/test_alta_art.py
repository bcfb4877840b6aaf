"""Alta's nine card types read without their colour: each card carries its
own picture and short code, and the picture is the same wherever it is drawn."""

import re

from games.boards.alta.common import CARD_STYLE
from games.boards.alta.icons import card as _card


def test_each_card_type_has_its_own_picture_and_code():
    drawn = {slug: _card(0, 0, slug) for slug in CARD_STYLE}
    pictures = {slug: re.search(r'<g [^>]*class="card-icon">(.*?)</g>', svg).group(1) for slug, svg in drawn.items()}
    assert len(set(pictures.values())) == len(CARD_STYLE)
    codes = [code for _, code, _ in CARD_STYLE.values()]
    assert len(set(codes)) == len(codes)
    for slug, svg in drawn.items():
        assert f">{CARD_STYLE[slug][1]}</text>" in svg
        assert pictures[slug] in _card(200, 300, slug, size=40)  # shapes do not depend on the place
