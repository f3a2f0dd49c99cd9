"""The state of one player's Empire during a game, derived by replaying actions.

It is mutable only inside the engine (`companion.rules.engine`, with its `moves` and
`rounds`), which works on a copy and keeps it only if the whole action is legal;
everything outside reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from companion.rules.cards import Card, EmpireFace, Resource, Token
from companion.rules.construction import UnderConstruction
from companion.rules.production import per_round_tokens, production
from companion.rules.scoring import Score, score

ROUNDS = 4
KRYSTALLIUM_CUBES = 5
"""Resource cubes on the Empire card that turn into one Krystallium."""


class Phase(StrEnum):
    PLANNING = "planning"
    PRODUCTION = "production"
    EXTRA = "extra"
    """War or Peace: K, Financiers and Generals produced once a round, after Exploration."""
    FINISHED = "finished"


@dataclass(slots=True)
class Ledger:
    """Where every resource cube came from and went: the conservation check reads it."""

    produced: int = 0
    recycled: int = 0
    returned: int = 0  # to the supply when a card is built
    lost: int = 0  # with a discarded card
    converted: int = 0  # into Krystallium on the Empire card

    def copy(self) -> Ledger:
        return Ledger(self.produced, self.recycled, self.returned, self.lost, self.converted)


@dataclass(slots=True)
class GameState:
    mode: str
    players: int
    empire: EmpireFace
    scenario: str | None
    expansions: tuple[str, ...]
    round: int = 1
    phase: Phase = Phase.PLANNING
    step: Resource | None = None
    built: list[Card] = field(default_factory=list)
    under_construction: list[UnderConstruction] = field(default_factory=list)
    next_uid: int = 1
    empire_cubes: int = 0
    krystallium: int = 0
    financiers: int = 0
    generals: int = 0
    produced: int = 0
    """This step's net production, fixed when the step opens."""
    to_place: int = 0
    supremacy: bool | None = None
    """Whether this step's supremacy was won; None until it is settled."""
    opponents: tuple[int, ...] | None = None
    science_pending: bool = False
    extra_tokens: dict[Token, int] = field(default_factory=dict)
    ledger: Ledger = field(default_factory=Ledger)
    drafted: int = 0
    """Cards built or recycled in this round's Planning: a round has a limit
    (`planning.check_round_limit`)."""

    def copy(self) -> GameState:
        return GameState(
            mode=self.mode,
            players=self.players,
            empire=self.empire,
            scenario=self.scenario,
            expansions=self.expansions,
            round=self.round,
            phase=self.phase,
            step=self.step,
            built=list(self.built),
            under_construction=[c.copy() for c in self.under_construction],
            next_uid=self.next_uid,
            empire_cubes=self.empire_cubes,
            krystallium=self.krystallium,
            financiers=self.financiers,
            generals=self.generals,
            produced=self.produced,
            to_place=self.to_place,
            supremacy=self.supremacy,
            opponents=self.opponents,
            science_pending=self.science_pending,
            extra_tokens=dict(self.extra_tokens),
            ledger=self.ledger.copy(),
            drafted=self.drafted,
        )

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def cubes_to_next_krystallium(self) -> int:
        return KRYSTALLIUM_CUBES - self.empire_cubes

    def construction(self, uid: int) -> UnderConstruction | None:
        for card in self.under_construction:
            if card.uid == uid:
                return card
        return None

    def tokens(self, token: Token) -> int:
        if token is Token.KRYSTALLIUM:
            return self.krystallium
        return self.financiers if token is Token.FINANCIER else self.generals

    def production(self) -> dict[Resource, int]:
        """What the Empire would produce now (cards built this step included)."""
        return production(self.empire, self.built)

    def per_round_tokens(self) -> dict[Token, int]:
        return per_round_tokens(self.empire, self.built)

    def cubes_on_cards(self) -> int:
        return sum(c.cubes() for c in self.under_construction)

    def score(self) -> Score:
        return score(self.empire, self.built, self.generals, self.financiers)

    def built_ids(self) -> list[int]:
        return [card.id for card in self.built]
