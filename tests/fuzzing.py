"""What the property-based (fuzzed) tests share."""

import re

from django.test import Client
from hypothesis import HealthCheck, settings

#: The same 40 examples at every run (``derandomize``): a suite that lands or not
#: by what a random search happened to draw would be flaky; a wider search is a
#: local run with ``max_examples`` raised.
FUZZ_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


#: Words that read as one language and not the other, to tell a refusal's language
#: (not "is", which both write: "Alta is played by 2 to 4 players").
DUTCH = {
    "je",
    "jouw",
    "de",
    "het",
    "een",
    "niet",
    "geen",
    "dit",
    "veld",
    "vereist",
    "geldig",
    "moet",
    "zet",
    "getal",
    "ongeldig",
    "verwacht",
    "kies",
    "van",
    "tekst",
    "mag",
    "zijn",
    "hoogstens",
    "minstens",
    "wordt",
    "gespeeld",
    "door",
    "tot",
    "spelers",
}
ENGLISH = {
    "you",
    "your",
    "the",
    "a",
    "not",
    "this",
    "field",
    "required",
    "valid",
    "must",
    "move",
    "number",
    "expected",
    "choose",
    "may",
    "be",
    "no",
    "at",
    "most",
    "least",
    "than",
    "played",
    "by",
    "to",
    "players",
}


def language_of(text: str, sent: bytes) -> str:
    """``nl``, ``en`` or ``""`` (no word tells): the language of ``text``,
    leaving out the words of the body ``sent``, which a refusal may quote."""
    own = set(re.findall(r"\w+", sent.decode("utf-8", "replace").lower()))
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)  # quoted: a field's name, a media type
    # Atlantis's notation moves a pawn from Atlantis, "A": not the article
    # ("schrijf een van: A grijs -> 4; A geel -> 5" is Dutch).
    text = re.sub(r"\bA(?=(?: \w+)+ -> )", "", text)
    words = [word for word in re.findall(r"\w+", text.lower()) if word not in own]
    dutch, english = sum(word in DUTCH for word in words), sum(word in ENGLISH for word in words)
    return "" if dutch == english == 0 else "nl" if dutch > english else "en"


# ---------------------------------------------------------------- garbage
# What the fuzzed forms and API bodies of the site's other writes (tournaments,
# clubs, ladders, the profile) send, and the contract each answer keeps.

#: A form field's garbage: NUL and control characters, numbers beyond
#: PostgreSQL's integer and bigint, negative ones, a long text, other digits.
FORM_GARBAGE = [
    "\x00",
    "a\x00b",
    "\x01\x1f\x7f",
    "-1",
    "0",
    str(2**31),
    str(2**63),
    str(-(2**63) - 1),
    str(10**40),
    "9" * 5000,
    "1e400",
    "1.5",
    "x" * 20_000,
    "",
    " ",
    "٣",
    "\u200f1",
    "<script>",
    "null",
    "[1]",
]
#: A JSON field's garbage: each type where another is expected, the same numbers and texts.
JSON_GARBAGE = [
    None,
    True,
    [],
    {},
    [1],
    ["a"],
    {"a": 1},
    [[2**63]],
    1.5,
    0,
    -1,
    2**31,
    2**63,
    -(2**63) - 1,
    10**40,
    "",
    "\x00",
    "a\x00b",
    "\x07",
    "x" * 20_000,
    "1",
    "٣",
]

#: One of each kind of ``FORM_GARBAGE``, for the tests that send each to every field.
FORM_KINDS = ["a\x00b", "\x01\x1f\x7f", "-1", str(2**63), "9" * 5000, "1e400", "x" * 20_000, "", "٣", "[1]"]
#: One of each kind of ``JSON_GARBAGE``, for the tests that send each to every field.
JSON_KINDS = [None, [], {"a": 1}, [[2**63]], 1.5, -1, 2**63, 10**40, "a\x00b", "x" * 20_000, "٣"]


def form_bodies(valid: dict[str, str], extra: tuple[str, ...] = ()):
    """A form's body: ``valid`` with up to three fields (of ``valid`` or
    ``extra``) left out, given garbage, any text, or two values."""
    from hypothesis import strategies as st

    names = sorted({*valid, *extra})
    value = st.sampled_from(FORM_GARBAGE) | st.text(max_size=20)
    change = st.tuples(st.sampled_from(names), st.none() | value | st.lists(value, min_size=2, max_size=2))

    def changed(changes: list) -> dict:
        body = dict(valid)
        for name, given in changes:
            if given is None:
                body.pop(name, None)
            else:
                body[name] = given
        return body

    return st.builds(changed, st.lists(change, max_size=3))


def json_bodies(valid: dict, fields: tuple[str, ...] = ()):
    """A JSON body: ``valid`` with up to three fields (of ``valid`` or
    ``fields``) left out or given garbage, or not an object at all."""
    from hypothesis import strategies as st

    names = sorted({*valid, *fields}) or ["x"]
    change = st.tuples(
        st.sampled_from(names), st.just("left out") | st.sampled_from(JSON_GARBAGE) | st.text(max_size=20)
    )

    def changed(changes: list) -> dict:
        body = dict(valid)
        for name, given in changes:
            if given == "left out":
                body.pop(name, None)
            else:
                body[name] = given
        return body

    return st.builds(changed, st.lists(change, max_size=3)) | st.sampled_from(JSON_GARBAGE)


#: Ids no row has: beyond PostgreSQL's bigint, past the last row, zero.
BAD_IDS = [2**63, 2**64 + 1, 10**30, 999_999_999, 0]


def with_ids(path: str, bad: int) -> list[str]:
    """``path`` with each of its numbers, in turn, made ``bad``."""
    parts = path.split("/")
    numbers = [n for n, part in enumerate(parts) if part.isdigit()]
    return ["/".join(str(bad) if i == n else p for i, p in enumerate(parts)) for n in numbers]


#: What no refusal may change: the rows of the site's own tables (sessions,
#: the admin's log, the API tokens' last use and mail captured by the
#: development mailbox left out).
_WATCHED = ("account", "accounts", "games", "mail", "tournaments", "ratings")
_UNWATCHED = {"last_login", "last_used_at"}


def what_is_there() -> dict:
    from django.apps import apps

    found = {}
    for model in apps.get_models():
        if model._meta.app_label not in _WATCHED:
            continue
        names = [f.attname for f in model._meta.concrete_fields if f.attname not in _UNWATCHED]
        found[model._meta.label] = sorted(map(repr, model.objects.order_by().values_list(*names)))
    return found


def refuse_nul_as_postgresql_does(execute, sql, params, many, context):
    """An execute wrapper: a NUL in any text parameter fails the query as on
    PostgreSQL (SQLite would store it), so a run on SQLite finds it too."""
    from django.db import DataError

    rows = params if many else [params]
    if any(isinstance(value, str) and "\x00" in value for row in rows or [] for value in row or []):
        raise DataError("A string literal cannot contain NUL (0x00) characters.")
    return execute(sql, params, many, context)


def in_savepoint(send):
    """``send()`` in a savepoint rolled back after it (each example starts
    from the same rows), its queries refusing a NUL as PostgreSQL does."""
    from django.db import connection, transaction

    with transaction.atomic():
        with connection.execute_wrapper(refuse_nul_as_postgresql_does):
            result = send()
        transaction.set_rollback(True)
    return result


def form_answer_checked(response, user, sent: str, before: dict) -> None:
    """The contract of a form's answer: no server error; a refusal (a 4xx,
    the form again with an error, or the page it leads to telling an error)
    is in ``user``'s language and changes nothing.  ``sent``: the body's
    words, which a refusal may quote (``before``: ``what_is_there()``)."""
    from django.contrib.messages import constants, get_messages

    assert response.status_code < 500, (response.status_code, response.content[:300])
    said = list(get_messages(response.wsgi_request))
    errors = [str(m) for m in said if m.level == constants.ERROR]
    form = (response.context or {}).get("form") if response.status_code == 200 else None
    if form is not None and form.is_bound and form.errors:
        errors += [str(e) for field in form.errors.values() for e in field]
    if response.status_code >= 400 or errors:
        after = what_is_there()
        changed = {label: rows for label, rows in after.items() if rows != before[label]}
        assert not changed, (response.status_code, errors, changed)
        for error in errors:
            assert language_of(error, sent.encode()) in {user.language, ""}, (user.language, error)


def api_answer_checked(answer, user, sent: bytes, before: dict) -> None:
    """The contract of an API write's answer: no server error; a refusal
    is the API's JSON error (``code``, a ``detail`` in ``user``'s language)
    and changes nothing (``before``: ``what_is_there()``)."""
    assert answer.status_code < 500, (answer.status_code, answer.content[:300])
    if answer.status_code < 400:
        return
    error = answer.json()
    assert isinstance(error, dict) and isinstance(error.get("code"), str), error
    assert isinstance(error.get("detail"), str) and error["detail"].strip(), error
    assert answer["Content-Language"] == user.language
    assert language_of(error["detail"], sent) in {user.language, ""}, (user.language, error)
    after = what_is_there()
    changed = {label: rows for label, rows in after.items() if rows != before[label]}
    assert not changed, (answer.status_code, error, changed)


def signed_in_client(user) -> Client:
    """A client signed in as ``user`` that answers a server error as the
    site does (a 500 page) instead of raising it, so the test sees it."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def api_post(client, user, method: str, path: str, body: bytes, content_type: str = "application/json"):
    """``body`` sent by ``user`` with ``client`` (``client_for(user)``: its
    token made before the rows are looked at), the Accept-Language naming
    the other language (the owner's own is the one to answer in)."""
    other = "en" if user.language == "nl" else "nl"
    return client.generic(method, path, body, content_type=content_type, HTTP_ACCEPT_LANGUAGE=other)


def each_field_given_each_garbage(forms, client_for, user, *, field_if_none: str) -> None:
    """Every field of every form in ``forms`` (``(path, valid body)``), one
    at a time, given each value of ``FORM_KINDS`` (a form without fields
    gets ``field_if_none``), posted by ``user`` through a new
    ``client_for(user)``: the contract of ``form_answer_checked`` each time."""
    for path, valid in forms:
        for name in valid or [field_if_none]:
            for value in FORM_KINDS:
                body = {**valid, name: value}

                def send(path=path, body=body):
                    client = client_for(user)  # its own messages
                    before = what_is_there()
                    form_answer_checked(client.post(path, body), user, repr(body), before)

                in_savepoint(send)


def each_form_to_unknown_ids(forms, client_for, user, bad: int, *, statuses: tuple[int, ...]) -> None:
    """Every form in ``forms`` posted with its valid body to its path with
    each id in it replaced by ``bad`` (``with_ids``): answered with one of
    ``statuses`` and the contract of ``form_answer_checked``."""
    for path, valid in forms:
        for wrong in with_ids(path, bad):

            def send(wrong=wrong, valid=valid):
                client = client_for(user)
                before = what_is_there()
                response = client.post(wrong, valid)
                assert response.status_code in statuses, (wrong, response.status_code)
                form_answer_checked(response, user, repr(valid), before)

            in_savepoint(send)


def form_posted_checked(client, user, path: str, body: dict, language: str) -> None:
    """``body`` posted to ``path`` by ``user`` (with ``client``) who reads
    ``language`` (the request's Accept-Language names the other one), in
    a savepoint rolled back after it: the contract of
    ``form_answer_checked``."""
    from tests.conftest import living_in

    def send():
        living_in(language, "Europe/Amsterdam", user)
        before = what_is_there()
        response = client.post(path, body, HTTP_ACCEPT_LANGUAGE="en" if language == "nl" else "nl")
        form_answer_checked(response, user, repr(body), before)

    in_savepoint(send)


# ------------------------------------------------------- control characters
#: Control characters a free text is refused with: a NUL, an escape (a
#: terminal's colour), DEL, a C1 control (NEL).
CONTROL_TEXTS = ["\x00", "\x1b[31m", "\x7f", "a\x85b"]
#: Texts with a direction control (an override, an isolate), which makes a
#: name or a description read otherwise than written: refused as control
#: characters, but in chat, which drops them.
DIRECTION_TEXTS = ["Spring \u202ecup", "x \u2066y\u2069", "\u202bright to left\u202c"]
#: A text of several lines a description or a message may be (a browser
#: sends a textarea's line breaks as CR LF).
LINES_TEXT = "First line\r\n\tsecond line"


def control_refusal(language: str, *, lines: bool) -> str:
    """The refusal of a text with a control character, in ``language``."""
    from django.utils import translation

    from core.validators import free_text, one_line_text

    with translation.override(language):
        return str((free_text if lines else one_line_text).message)


def errors_told(response) -> list[str]:
    """The errors a form's answer tells: its messages and its form's errors."""
    from django.contrib.messages import constants, get_messages

    errors = [str(m) for m in get_messages(response.wsgi_request) if m.level == constants.ERROR]
    form = (response.context or {}).get("form") if response.status_code == 200 else None
    if form is not None and form.is_bound:
        errors += [str(e) for field in form.errors.values() for e in field]
    return errors


def changed_since(before: dict) -> dict:
    """The tables whose rows differ from ``before`` (``what_is_there()``)."""
    return {label: rows for label, rows in what_is_there().items() if rows != before[label]}
