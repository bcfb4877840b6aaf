"""The seats' clocks (``clock``) and the bounds of a time control
(``limits``).

Below both ``games.services``, whose write path starts and stops clocks on
every move, and ``games.deadlines``, whose sweeps enforce the deadlines
through those services: it imports neither, so the two packages depend one
way (deadlines on services, both on the clock).  Nothing is re-exported
here, so importing ``limits`` at a model's import time loads no clock.
"""
