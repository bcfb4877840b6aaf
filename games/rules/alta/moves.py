"""Alta's moves (frozen, hashable); ``codec`` turns them into JSON."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlaceHand:
    """Step 1: place the hand card of type ``card`` (slug) at ``cell``."""

    card: str
    cell: str


@dataclass(frozen=True)
class Refresh:
    """Step 2: remove the two identical face-up cards and turn up two new."""


@dataclass(frozen=True)
class Take:
    """Step 3: take face-up card ``slot`` (1 or 2) and place it at ``cell``."""

    slot: int
    cell: str


@dataclass(frozen=True)
class ChooseMerchant:
    """After placing a market: take the face-up merchant (``"up"``) or the top
    of the merchant deck (``"blind"``)."""

    source: str


#: Every Alta move.
Move = PlaceHand | Refresh | Take | ChooseMerchant

UP = "up"
BLIND = "blind"
