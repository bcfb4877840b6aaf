"""Validators of the texts people type, shared by the pages' forms and the
API's serializers: a form shows the message at its field, and DRF answers
a Django ``ValidationError`` raised by a validator with a 400 holding it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

from .text import DIRECTION_CONTROLS, LAYOUT_CHARACTERS, has_control_characters

#: The longest email address (RFC 5321's path less its angle brackets, as
#: Django's ``EmailField``): what a "display name or email address" field
#: takes.
MAX_ADDRESS = 254

#: The code of the refusal, for clients that tell refusals apart.
CONTROL_CHARACTERS = "control_characters"


@deconstructible
class ControlCharacterValidator:
    """Refuses a text holding a control character (``core.text``), which
    no page or mail shows as written; a text of several ``lines`` keeps
    its line breaks and tabs, and one whose writer's service drops the
    direction controls itself (a chat line) may hold them (``directions``)."""

    def __init__(self, *, lines: bool, directions: bool = False) -> None:
        self.lines = lines
        self.directions = directions

    @property
    def message(self):
        if self.lines:
            return _("This text cannot hold control characters (an escape, a NUL...); line breaks and tabs are fine.")
        return _("This text cannot hold control characters (an escape, a NUL, a line break...).")

    def __call__(self, value: str) -> None:
        keeping = (LAYOUT_CHARACTERS if self.lines else frozenset()) | (
            DIRECTION_CONTROLS if self.directions else frozenset()
        )
        if has_control_characters(value, keeping=keeping):
            raise ValidationError(self.message, code=CONTROL_CHARACTERS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ControlCharacterValidator) and (other.lines, other.directions) == (
            self.lines,
            self.directions,
        )

    def __hash__(self) -> int:
        return hash((self.lines, self.directions))


#: A text of several lines (a description, a message): line breaks and tabs allowed.
free_text = ControlCharacterValidator(lines=True)
#: A text of one line (a reason, a token's name): no control character at all.
one_line_text = ControlCharacterValidator(lines=False)
#: A chat line: as ``free_text``, but the chat drops direction controls
#: itself (``games.services.chat``), as it does from a mailed chat.
chat_text = ControlCharacterValidator(lines=True, directions=True)


def control_refusal(form, field: str) -> str | None:
    """The refusal of ``form``'s ``field`` for a control character (the
    form validated), for a view that words its field's other errors itself."""
    for error in form.errors.as_data().get(field, []):
        if error.code == CONTROL_CHARACTERS:
            return error.messages[0]
    return None
