"""Setting up a game of Alhambra (the bag, the market, the money deal)."""

from __future__ import annotations

from games.engine import Event, Rng, seed_state
from games.engine.message import gettext_noop, message

from .board import Alhambra
from .components import BUILDINGS, SCORING_CARDS, card_name, card_term, money_deck
from .state import AlhambraState, SeatState, Secret, event, joined

START_MONEY = 20
DIRK_TILES = 6


def setup(players: int, seed: int) -> AlhambraState:
    """A new game: bag shuffled, market filled, Dirk's 6 tiles (two players),
    money dealt one card at a time until each hand totals >= 20, four cards
    on display, the rest in five piles with the scoring cards in piles 2 and
    4, and the start player (fewest cards, then lowest total, then drawn)."""
    rng = Rng(seed_state(seed))
    bag = list(BUILDINGS)
    rng.shuffle(bag)
    market, bag = bag[:4], bag[4:]
    dirk = None
    if players == 2:
        dirk, bag = tuple(sorted(bag[:DIRK_TILES])), bag[DIRK_TILES:]
    deck = money_deck(players)
    rng.shuffle(deck)
    hands = []
    for _seat in range(players):
        hand: list[int] = []
        while sum(c % 10 for c in hand) < START_MONEY:
            hand.append(deck.pop(0))
        hands.append(tuple(sorted(hand)))
    display, deck = sorted(deck[:4]), deck[4:]
    sizes = [len(deck) // 5 + (1 if i < len(deck) % 5 else 0) for i in range(5)]
    piles, at = [], 0
    for size in sizes:
        piles.append(deck[at : at + size])
        at += size
    for pile, scoring_card in (
        (piles[1], SCORING_CARDS[0]),
        (piles[3], SCORING_CARDS[1]),
    ):
        pile.append(scoring_card)
        rng.shuffle(pile)
    deck = [c for pile in piles for c in pile]
    spans = _scoring_spans([len(pile) for pile in piles])
    keys = [(len(h), sum(c % 10 for c in h)) for h in hands]
    first = [s for s in range(players) if keys[s] == min(keys)]
    # Among equal hands the start player is drawn from the seed (rules D),
    # also when a tournament chose the seat order.
    start = first[rng.below(len(first))] if len(first) > 1 else first[0]
    seats = tuple(SeatState(Alhambra.start(), hand=h) for h in hands)
    return AlhambraState(
        players=players,
        seats=seats,
        market=tuple(market),
        display=tuple(display),
        discard=(),
        secret=Secret(bag=tuple(bag), deck=tuple(deck), rng=rng.state, spans=spans),
        current=start,
        start_player=start,
        dirk=dirk,
    )


def deal_events(state: AlhambraState) -> tuple[Event, ...]:
    """The start money as every player saw it dealt (face up, rules: "then
    hands become hidden"): one public event per seat naming its cards and
    their total; its data gives the seat, the cards as codes (as the move
    form writes them) and as the view writes a hand ("ducat 3"), and the
    total.  ``state`` must be the one ``setup`` returned: later hands are
    hidden, so only the start deal may be told."""
    return tuple(
        event(
            "deal",
            message(
                gettext_noop("%(seat)s is dealt %(names)s (%(total)s in all)."),
                seat=f"Seat {index + 1}",
                names=joined(tuple(card_term(c) for c in s.hand), " + "),
                total=sum(c % 10 for c in s.hand),
            ),
            {
                "seat": index,
                "cards": list(s.hand),
                "hand": [card_name(c) for c in s.hand],
                "total": sum(c % 10 for c in s.hand),
            },
        )
        for index, s in enumerate(state.seats)
    )


def _scoring_spans(sizes: list[int]) -> tuple[tuple[int, int], ...]:
    """Per scoring card, the (first, last) deck position counted from the
    bottom of its pile (2 for card 1, 4 for card 2), given the five pile
    sizes (scoring cards included) from the top down."""
    spans = []
    for pile in (1, 3):
        below = sum(sizes[pile + 1 :])
        spans.append((below, below + sizes[pile] - 1))
    return tuple(spans)
