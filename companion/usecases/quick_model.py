"""Quick score: each player's final tableau tapped in after a game, scored live.

Plain data with no Flet in it, so the view stays a thin mirror of it and the sums are
tested without a page. Every number, place and tie-break comes from
`companion.rules.scoring`; the checks made here are what one box allows a table: the
count of each card, shared by the whole table (a card with 2 copies cannot be built 3
times in one game), one face for every player (faces A and B are never mixed), and each
Empire card dealt to one player only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.i18n import t
from companion.rules.actions import Start, action_to_json
from companion.rules.cards import Card, EmpireFace, Expansion
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import FIRST_FORMAT
from companion.rules.players import FROM_GAME, ME
from companion.rules.scoring import (
    Score,
    Standing,
    TieBreak,
    ranking,
    score,
    solo_rank,
    tie_breaks,
)
from companion.rules.supremacy import MAX_PLAYERS, expansions_for
from companion.rules.tableau import check_box_copies, check_seating
from companion.shipped.catalog import Catalog, catalog

DEFAULT_EMPIRE = "Noram States"
"""From 6 players the game needs Corruption & Ascension."""


@dataclass
class Tableau:
    """One player's end-of-game Empire: the face, the built cards and the characters."""

    name: str
    empire: str = DEFAULT_EMPIRE
    face: str = "A"
    cards: dict[int, int] = field(default_factory=dict)
    """Card id → how many copies are built, in the order they were added."""
    generals: int = 0
    financiers: int = 0

    def empire_face(self, catalog: Catalog) -> EmpireFace:
        return catalog.empire(self.empire, self.face)

    def built(self, catalog: Catalog) -> list[Card]:
        return [catalog.card(card_id) for card_id, n in self.cards.items() for _ in range(n)]

    def built_count(self) -> int:
        return sum(self.cards.values())

    def score(self, catalog: Catalog) -> Score:
        return score(self.empire_face(catalog), self.built(catalog), self.generals,
                     self.financiers)

    def standing(self, catalog: Catalog) -> Standing:
        return Standing(self.score(catalog).total, self.built_count(),
                        self.generals + self.financiers)

    def add(self, card_id: int, count: int = 1) -> None:
        now = self.cards.get(card_id, 0) + count
        if now <= 0:
            self.cards.pop(card_id, None)
        else:
            self.cards[card_id] = now


def _empire_names() -> tuple[str, ...]:
    return tuple(catalog().empire_names())


@dataclass
class QuickScore:
    players: list[Tableau] = field(default_factory=lambda: [Tableau(default_name(0))])
    empires: tuple[str, ...] = field(default_factory=_empire_names)
    """Every Empire of the box (7: as many as the most players a table has)."""

    def set_count(self, count: int) -> None:
        """Add or drop players at the end; a new one plays the table's face and the first
        Empire nobody has (each Empire card is dealt once)."""
        count = max(1, min(MAX_PLAYERS, count))
        while len(self.players) < count:
            taken = {p.empire for p in self.players}
            empire = next((e for e in self.empires if e not in taken), DEFAULT_EMPIRE)
            self.players.append(Tableau(default_name(len(self.players)), empire=empire,
                                        face=self.players[0].face))
        del self.players[count:]

    def owner(self, index: int, empire: str) -> Tableau | None:
        """The other player who already has `empire`, if one does."""
        return next((p for i, p in enumerate(self.players)
                     if i != index and p.empire == empire), None)

    def choose_empire(self, index: int, empire: str) -> None:
        """Player `index` takes `empire`, unless another player has it already."""
        other = self.owner(index, empire)
        if other is not None:
            raise Rejected(Refusal.EMPIRE_TAKEN,
                           "{empire} is already {player}'s Empire: each Empire card is dealt "
                           "to one player", empire=empire, player=other.name)
        self.players[index].empire = empire

    def choose_face(self, face: str) -> None:
        """The face of the whole table: every player of a game uses the same one."""
        for player in self.players:
            player.face = face

    def check(self) -> None:
        """Refuse a table the box does not allow (one face, each Empire once); the
        choices above never make one, but the fields are open to any caller."""
        check_seating([(p.name, p.empire, p.face) for p in self.players])

    def ranking(self, catalog: Catalog) -> list[tuple[int, int]]:
        """(player index, place), best first; equal standings share their place."""
        return ranking([p.standing(catalog) for p in self.players])

    def tie_breaks(self, catalog: Catalog) -> dict[int, tuple[TieBreak, ...]]:
        """player index → why the rules placed them among players with the same total."""
        return tie_breaks([p.standing(catalog) for p in self.players])

    def counted(self, card_id: int) -> int:
        """Copies of a card built by everyone at the table: they share one box."""
        return sum(p.cards.get(card_id, 0) for p in self.players)

    def add_copy(self, index: int, card: Card) -> None:
        """One more copy in player `index`'s Empire, if the box has one left."""
        check_box_copies(card, self.counted(card.id))
        self.players[index].add(card.id)

    def remove_copy(self, index: int, card_id: int) -> None:
        """One copy fewer (nothing happens when the player has none)."""
        if self.players[index].cards.get(card_id, 0) > 0:
            self.players[index].add(card_id, -1)

    def to_record(self, catalog: Catalog, record_id: str, me: int | None = None,
                  from_game: str | None = None) -> dict[str, Any]:
        """A finished game for the store's history: its setup, every tableau and score,
        which tableau is the app's own player (`me`, from 0; None: none is), and the game
        played in the app it gives everyone's score of (`from_game`), if any.

        Only the setup is an action (the game itself was played without the app), so
        the record replays like any other game and survives export and import.
        """
        self.check()
        places = dict(self.ranking(catalog))
        players = []
        expansions = {Expansion.BASE.value, *expansions_for(len(self.players))}
        for index, player in enumerate(self.players):
            result = player.score(catalog)
            expansions.add(player.empire_face(catalog).expansion.value)
            expansions.update(c.expansion.value for c in player.built(catalog))
            entry: dict[str, Any] = {
                "name": player.name,
                "empire": player.empire,
                "face": player.face,
                "cards": [[card_id, n] for card_id, n in player.cards.items()],
                "generals": player.generals,
                "financiers": player.financiers,
                "score": result.as_dict(),
                "place": places[index],
            }
            if len(self.players) == 1:
                rank = solo_rank(result.total, player.face)
                entry["solo_rank"] = None if rank is None else rank.value
            players.append(entry)
        first = self.players[0]
        start = Start(
            empire=first.empire,
            face=first.face,
            mode="solo" if len(self.players) == 1 else "table",
            players=len(self.players),
            expansions=tuple(e.value for e in Expansion if e.value in expansions),
        )
        winner = min(range(len(players)), key=lambda i: (players[i]["place"], i))
        now = datetime.now(UTC).isoformat(timespec="seconds")
        return {
            "id": record_id,
            "kind": "quick-score",
            "mode": start.mode,
            "players": [p.name for p in self.players],
            "empires": [p.empire for p in self.players],
            "scenario": None,
            "created": now,
            "updated": now,
            "finished": True,
            "score": {**players[winner]["score"], "name": players[winner]["name"]},
            "tableaux": players,
            ME: me if me is not None and 0 <= me < len(self.players) else None,
            "expansions": list(start.expansions),
            **({FROM_GAME: from_game} if from_game else {}),
            "version": FIRST_FORMAT,
            "actions": [action_to_json(start)],
            "redo": [],
        }


def default_name(index: int) -> str:
    return t("Player {number}", number=index + 1)
