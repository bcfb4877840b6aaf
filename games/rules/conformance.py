"""Every game's rules checked against the ``Rules`` protocol by mypy
(``mypy --strict games/engine games/rules``, in ``make lint``).

``get_rules`` returns its rules object cast to ``Rules[Any, Any]``, so the
site's calls are checked against the protocol but no engine is: without
these assignments a signature that drifted from the protocol (a narrower
argument, a wider answer, a member the protocol gained) would pass mypy.
Nothing runs here; only the type checker reads it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.engine.protocol import Rules

    from .alhambra.moves import Move as AlhambraMove
    from .alhambra.rules import AlhambraRules
    from .alhambra.state import AlhambraState
    from .alpaca.moves import Move as AlpacaMove
    from .alpaca.rules import AlpacaRules
    from .alpaca.state import AlpacaState
    from .alta.moves import Move as AltaMove
    from .alta.rules import AltaRules
    from .alta.state import AltaState
    from .atlantis.moves import Move as AtlantisMove
    from .atlantis.rules import AtlantisRules
    from .atlantis.state import AtlantisState

    alta: Rules[AltaState, AltaMove] = AltaRules()
    alhambra: Rules[AlhambraState, AlhambraMove] = AlhambraRules()
    atlantis: Rules[AtlantisState, AtlantisMove] = AtlantisRules()
    alpaca: Rules[AlpacaState, AlpacaMove] = AlpacaRules()
