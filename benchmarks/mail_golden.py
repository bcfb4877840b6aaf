"""The same mails, before and after a change to mail rendering.

Plays a fixed set of games to the end (Alta 2p and 3p, Alhambra 3p and 2p,
Atlantis, Alpaca; fixed seeds and moves; English and Dutch readers, one in
another time zone; moves by email and on the web), writes every mail the
worker renders to a JSON file (tokens and signatures masked), and compares
two such files: a change meant to make rendering cheaper must leave every
mail as its reader sees it.  HTML line breaks ``short_lines`` adds are
ignored in the comparison.

Write (SQLite, from a checkout of each version)::

    GOLDEN_OUT=/tmp/before.json python -m pytest -c pyproject.toml --rootdir=. \\
        -p tests.conftest benchmarks/mail_golden.py -q -p no:cacheprovider

Compare: ``python benchmarks/mail_golden.py /tmp/before.json /tmp/after.json``
"""

from __future__ import annotations

import json
import os
import random
import re
import sys

HEX = re.compile(r"[0-9a-f]{16,}")
SIGNED = re.compile(r"/[A-Za-z0-9_\-:]{20,}/")
GAMES = [("alta", 2), ("alta", 3), ("alhambra", 3), ("atlantis", 2), ("alpaca", 2), ("alhambra", 2)]
NAMES = ["O'Neil & <Co>", "Bea \u200fRTL", "Carl", "Dee"]
_BREAK = re.compile(r"(</(?:td|th|tr|table|thead|tbody|p|div|li|ul|ol|h[1-6])>)\n(?=<)")
_GAP = re.compile(r"(</span>)\n(?=<span)")


def _masked(text: str) -> str:
    return SIGNED.sub("/S/", HEX.sub("H", text))


def test_golden(db, now, monkeypatch, django_capture_on_commit_callbacks) -> None:
    """Not a test: writes the mails to ``$GOLDEN_OUT`` (skipped without it)."""
    import pytest

    if not os.environ.get("GOLDEN_OUT"):
        pytest.skip("set GOLDEN_OUT")
    from games.engine import get_rules
    from games.models import Match
    from games.services import lifecycle, match_create_seated, move_submit
    from mail.models import OutgoingEmail
    from tests.conftest import make_user

    seeds = iter(range(1000, 2000))
    monkeypatch.setattr(lifecycle.secrets, "randbits", lambda n: next(seeds))
    for number, (game, players) in enumerate(GAMES):
        users = [
            make_user(
                f"u{number}-{i}@example.com",
                f"{NAMES[i]} {number}",
                language="nl" if i % 2 else "en",
                time_zone="Europe/Amsterdam" if i == 2 else "UTC",
            )
            for i in range(players)
        ]
        with django_capture_on_commit_callbacks(execute=True):
            match = match_create_seated(users=users, game=game, now=now)
        rnd, rules = random.Random(number), get_rules(game)
        for step in range(int(os.environ.get("GOLDEN_STEPS", "60"))):
            match = Match.objects.get(pk=match.pk)
            if not match.is_active or match.state is None:
                break
            state = rules.load(match.state)
            seat = min(rules.to_move(state))
            options = rules.move_options(state, seat)
            with django_capture_on_commit_callbacks(execute=True):
                move_submit(
                    match_id=match.pk,
                    user=match.seats.get(index=seat).user,
                    ply=match.ply,
                    source="email" if step % 3 else "web",
                    now=now,
                    text=options[rnd.randrange(len(options))][0],
                )
    mails = [
        {
            "key": e.dedupe_key,
            "kind": e.kind,
            "to": e.to,
            "subject": _masked(e.subject),
            "text": _masked(e.text),
            "html": _masked(e.html),
            "headers": {k: _masked(v) for k, v in e.headers.items()},
        }
        for e in OutgoingEmail.objects.order_by("pk")
    ]
    with open(os.environ["GOLDEN_OUT"], "w") as out:
        json.dump(mails, out, indent=0, ensure_ascii=False)


def _html(html: str) -> str:
    return _GAP.sub(r"\1 ", _BREAK.sub(r"\1", html))


def compare(before: str, after: str) -> int:
    """Print the mails that differ; returns how many."""
    with open(before) as one, open(after) as two:
        old, new = json.load(one), json.load(two)
    differ = 0 if len(old) == len(new) else 1
    for a, b in zip(old, new, strict=False):
        for field in a:
            x, y = (_html(a[field]), _html(b[field])) if field == "html" else (a[field], b[field])
            if x != y:
                differ += 1
                print(f"differs: {a['key']} {field}")
    longest = max((len(line.encode()) for m in new for line in m["html"].split("\n")), default=0)
    print(f"{len(old)} and {len(new)} mails; {differ} differences; longest HTML line after: {longest} bytes")
    return differ


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1], sys.argv[2]) else 0)
