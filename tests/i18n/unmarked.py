"""Find user-visible English that is not marked for translation.

Two scanners, both precise rather than clever:

- ``template_findings`` reads a Django template with Django's own lexer.
  Text inside ``{% translate %}``, ``{% blocktranslate %}`` and comments is
  marked (or invisible); every other text node is parsed as HTML, and its
  visible text and its user-facing attributes (title, placeholder, alt,
  aria-label, a button's value) must hold no word.  ``|pluralize`` and a
  ``default:"..."`` with words are English grammar or text in a variable,
  so they count too.  Text in ``<code>``, ``<pre>``, ``<kbd>``, ``<samp>``,
  ``<script>`` and ``<style>`` is code, not prose.
- ``python_findings`` reads a module's AST and reports a plain string (or
  f-string) with a word where Django shows it to a user: the message of
  ``messages.*`` and ``games.actions.action_redirect``, ``ValidationError``,
  the services' errors, DRF's API exceptions and

  ``Response({"detail": ...})``, and the ``label``, ``help_text``,
  ``verbose_name``, ``empty_label`` and ``error_messages`` of form and model
  fields, and the labels of ``TextChoices``.  A serializer field's help
  text is API documentation, like a docstring, and is left in English.


A "word" is two or more letters; ``ALLOWED`` lists the few that are not
English (symbols, units, proper names shown in every language).
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

WORD = re.compile(r"[^\W\d_]{2,}")

# Names and symbols that read the same in every language.
ALLOWED = frozenset(
    {
        "Alta",
        "Alhambra",
        "Alpaca",
        "Atlantis",  # game names
        "API",
        "Elo",
        "JSON",
        "HTML",
        "URL",
        "Token",
        "Authorization",
        "Nederlands",
        "Italiano",
        "English",
        "Buchholz",
        "Sonneborn",
        "Berger",  # tie-breaks, named after their authors
    }
)

_CODE_TAGS = {"code", "pre", "kbd", "samp", "script", "style"}
_TEXT_ATTRS = {"title", "placeholder", "alt", "aria-label"}
_OPEN_MARKED = {"blocktranslate", "blocktrans", "comment"}
_CLOSE_MARKED = {"endblocktranslate", "endblocktrans", "endcomment"}
# Stands in for a variable or a marked piece: not a word, not markup.
_HOLE = "\u2022"


def words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w not in ALLOWED]


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._code_depth = 0

    def handle_starttag(self, tag, attrs):
        if tag in _CODE_TAGS:
            self._code_depth += 1
        attrs = dict(attrs)
        for name, value in attrs.items():
            shown = name in _TEXT_ATTRS or (name == "value" and attrs.get("type") in {"submit", "button"})
            if shown and value and words(value):
                self.found.append(f'{name}="{value.strip()}"')

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in _CODE_TAGS:
            self._code_depth -= 1

    def handle_endtag(self, tag):
        if tag in _CODE_TAGS and self._code_depth:
            self._code_depth -= 1

    def handle_data(self, data):
        if not self._code_depth and words(data):
            self.found.append(" ".join(data.split()))


def _literal_args(contents: str) -> list[str]:
    """The filter arguments of a variable token that a reader would see."""
    found = []
    if re.search(r"\|\s*pluralize\b", contents):
        found.append(f"{{{{ {contents} }}}} (pluralize is English grammar)")
    for text in re.findall(r"\|\s*default(?:_if_none)?\s*:\s*[\"']([^\"']*)[\"']", contents):
        if words(text):
            found.append(f'default:"{text}"')
    return found


def template_findings(source: str) -> list[str]:
    """Unmarked English in one template's source, one entry per piece."""
    pieces: list[str] = []
    found: list[str] = []
    depth = 0
    for token in Lexer(source).tokenize():
        kind = token.token_type
        parts = token.contents.split(maxsplit=1) if kind is TokenType.BLOCK else []
        name = parts[0] if parts else ""

        if kind is TokenType.BLOCK and name in _OPEN_MARKED:
            depth += 1
            pieces.append(_HOLE)
        elif kind is TokenType.BLOCK and name in _CLOSE_MARKED:
            depth = max(depth - 1, 0)
        elif depth:
            continue
        elif kind is TokenType.TEXT:
            pieces.append(token.contents)
        elif kind is TokenType.VAR:
            found.extend(_literal_args(token.contents))
            pieces.append(_HOLE)
        elif kind is TokenType.BLOCK and name in {"translate", "trans"}:
            pieces.append(_HOLE)
        else:
            # Other tags ({% if %}, {% url %} ...) produce no prose; a space
            # keeps the HTML around them parseable.
            pieces.append(" ")
    parser = _Visible()
    parser.feed("".join(pieces))
    parser.close()
    return found + parser.found


_MESSAGE_CALLS = {
    "debug",
    "info",
    "success",
    "warning",
    "error",
    "add_message",
}
_ERROR_CLASSES = {
    "ValidationError",
    "PermissionDenied",
    "NotFound",
    "ParseError",
    "AuthenticationFailed",
    "NotAuthenticated",
    "MethodNotAllowed",
    "Throttled",
    "APIException",
    # The services' errors reach the person who asked (games.services.errors),
    # and tournaments' ``invalid`` builds one.
    "GameActionError",
    "NotAllowed",
    "Conflict",
    "MoveRejected",
    "invalid",
    # The engine's errors reach the player who moved (games.engine.errors);
    # their message is a ``gettext_noop`` template the site translates.
    "EngineError",
    "NotationError",
    "IllegalMove",
    "NotYourTurn",
    "GameOver",
    "StateVersionError",
}
# The engine's sentences (games.engine.message): ``message(template, ...)``
# and ``Message(template, ...)`` take the template first; an ``Event`` and
# Alhambra's ``event`` helper take their sentence second.
_SENTENCE_FIRST = {"message", "Message"}
_SENTENCE_SECOND = {"Event", "event", "say"}
# games.actions.action_redirect (bound as ``_act`` by the views): its
# ``success`` becomes a message.
_ACTION_CALLS = {"action_redirect", "_act"}
_FIELD_KEYWORDS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label"}
# The project's own serializer fields (``core.api``), called by bare name:
# their help text documents the API as ``serializers.*`` fields' does.
_API_FIELDS = {"InstantField"}
# The names ``makemessages`` extracts (xgettext's Python defaults and the
# keywords Django adds): a string marked with any other name, such as
# ``gettext as gettext_now``, never reaches the catalogue.
_EXTRACTED = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _is_text(node: ast.AST | None) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(words(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_is_text(part) for part in node.values)
    return False


class _Finder(ast.NodeVisitor):
    def __init__(self, error_classes: set[str]) -> None:
        self.found: list[tuple[int, str]] = []
        self.nodes: list[ast.expr] = []
        self.error_classes = error_classes

    def _report(self, node: ast.expr) -> None:
        self.nodes.append(node)
        self.found.append((node.lineno, ast.unparse(node)[:80]))

    def visit_Call(self, node: ast.Call) -> None:
        name = _call_name(node)
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
        from_messages = isinstance(receiver, ast.Name) and receiver.id == "messages"
        if from_messages and name in _MESSAGE_CALLS:
            for arg in node.args[1:] + [k.value for k in node.keywords if k.arg == "message"]:
                if _is_text(arg):
                    self._report(arg)
        if name in _ACTION_CALLS:
            for arg in node.args[3:] + [k.value for k in node.keywords if k.arg == "success"]:
                if _is_text(arg):
                    self._report(arg)
        if name in self.error_classes:
            for arg in node.args[:1] + [k.value for k in node.keywords if k.arg in {"message", "detail"}]:
                if _is_text(arg):
                    self._report(arg)
        if name in _SENTENCE_FIRST and node.args[:1] and _is_text(node.args[0]):
            self._report(node.args[0])
        if name in _SENTENCE_SECOND and node.args[1:2] and _is_text(node.args[1]):
            self._report(node.args[1])
        if name == "Response" and node.args and isinstance(node.args[0], ast.Dict):
            for key, value in zip(node.args[0].keys, node.args[0].values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "detail" and _is_text(value):
                    self._report(value)
        # A serializer field's help text documents the API for developers
        # (the schema), like a docstring; its errors are checked above.
        documents_api = (isinstance(receiver, ast.Name) and receiver.id == "serializers") or (
            isinstance(node.func, ast.Name) and node.func.id in _API_FIELDS
        )
        for keyword in node.keywords:
            if keyword.arg in _FIELD_KEYWORDS and not documents_api and _is_text(keyword.value):
                self._report(keyword.value)
            if keyword.arg == "error_messages" and isinstance(keyword.value, ast.Dict):
                for value in keyword.value.values:
                    if _is_text(value):
                        self._report(value)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "django.utils.translation":
            for alias in node.names:
                if alias.asname and alias.asname not in _EXTRACTED:
                    self.found.append((node.lineno, f"{alias.name} as {alias.asname} (not extracted)"))

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
        if bases & {"TextChoices", "IntegerChoices"}:
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Tuple):
                    label = stmt.value.elts[-1]
                    if _is_text(label):
                        self._report(label)
        for stmt in node.body:
            # default_detail / default_message of an error class is shown.
            if (
                isinstance(stmt, ast.Assign)
                and any(
                    isinstance(t, ast.Name) and t.id in {"default_detail", "message", "detail"} for t in stmt.targets
                )
                and _is_text(stmt.value)
            ):
                self._report(stmt.value)
        self.generic_visit(node)


def _error_classes(tree: ast.Module) -> set[str]:
    """The known error classes plus the module's own subclasses of them."""
    known = set(_ERROR_CLASSES)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
            if bases & known:
                known.add(node.name)
    return known


def python_findings(source: str, *, error_classes: set[str] = frozenset()) -> list[tuple[int, str]]:
    """(line, source) of each unmarked user-visible string in a module."""
    tree = ast.parse(source)
    finder = _Finder(_error_classes(tree) | set(error_classes))
    finder.visit(tree)
    return finder.found


def files(root: Path, pattern: str, *, skip: tuple[str, ...]) -> list[Path]:
    return sorted(
        p
        for p in root.glob(pattern)
        if not any(part in skip for part in p.relative_to(root).parts)
        and not any(str(p.relative_to(root)).startswith(s) for s in skip)
    )
