"""The shared-table benchmark's game, worked out from the rules as the game tells them:
where each seat is, and what each screen (three phones, the host's page) must show
before and after every tap (bench_table.py plays it in Chromium and times the changes)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

NAMES = ("Ana", "Bruno", "Chloé")
EMPIRES = ("Noram States", "Panafrican Union", "Aztec Empire")
PRODUCTION = ((3, 0, 0, 1, 0), (2, 0, 2, 0, 0), (0, 2, 0, 0, 1))
"""Each seat's production per step (Materials, Energy, Science, Gold, Exploration): their
Empires' face A (assets/empires.json: M3 G1, M2 S2, E2 X1); nothing is ever built."""
STEPS = ("Materials", "Energy", "Science", "Gold", "Exploration")
BONUS = ("Financier", "General", None, "Financier", "General")
"""Each step's supremacy bonus; Science's is chosen (here always a Financier)."""
OPEN = ("Start production", "Next: Energy", "Next: Science", "Next: Gold",
        "Next: Exploration")
ROUNDS = 4
HOST = "host"
PHONE_IDS = ("waiting", "supremacy", "table-waiting", "rank-1")

Expect = tuple[str, str] | None
"""What an element must show: ("is", text), ("matches", JavaScript regex), None: absent.
Texts are compared with every run of white space made one space: a line break of a text
reaches the accessibility tree's label as a space."""
Screen = dict[str, Expect]


# --- what the game says each screen shows ---------------------------------------------


@dataclass
class Seat:
    """Where one seat's game is, as far as the other screens can see it."""

    round: int = 1
    stage: int = 0
    """0 Planning, 1–5 the production steps, 7 game over (as `rules.table.position`)."""
    produced: int = 0
    to_place: int = 0
    supremacy: bool | None = None
    opponents: tuple[int, ...] | None = None
    science_pending: bool = False
    took: str | None = None

    @property
    def position(self) -> tuple[int, int]:
        return (self.round, self.stage)

    @property
    def in_step(self) -> bool:
        return 1 <= self.stage <= len(STEPS)

    @property
    def done(self) -> bool:
        return (self.in_step and not self.to_place and self.supremacy is not None
                and not self.science_pending)


@dataclass
class Table:
    """The three seats, moved by the same taps as the phones, and what each screen shows."""

    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in NAMES])

    def copy(self) -> Table:
        return Table([replace(seat) for seat in self.seats])

    # The taps.

    def open_step(self, index: int) -> None:
        seat = self.seats[index]
        seat.stage += 1
        seat.produced = seat.to_place = PRODUCTION[index][seat.stage - 1]
        seat.supremacy = False if seat.produced == 0 else None  # 0 never wins: known at once
        seat.opponents = None
        seat.science_pending = False
        seat.took = None
        if len({s.position for s in self.seats}) == 1:  # all at the step: settled
            totals = [s.produced for s in self.seats]
            for number, other in enumerate(self.seats):
                others = tuple(totals[:number] + totals[number + 1:])
                other.opponents = others
                if other.supremacy is None:
                    assert other.produced != max(others), "a tie: not in this game"
                    other.supremacy = other.produced > max(others)
                    other.science_pending = other.supremacy and STEPS[seat.stage - 1] == "Science"

    def place(self, index: int) -> None:
        self.seats[index].to_place = 0

    def take_financier(self, index: int) -> None:
        self.seats[index].science_pending = False
        self.seats[index].took = "Financier"

    def next_round(self, index: int) -> None:
        seat = self.seats[index]
        self.seats[index] = Seat(round=seat.round + 1)

    def end(self, index: int) -> None:
        self.seats[index].stage = len(STEPS) + 2

    # What the screens show.

    def screens(self) -> dict[str, Screen]:
        shown = {name: self.phone(index) for index, name in enumerate(NAMES)}
        shown[HOST] = self.host()
        return shown

    def phone(self, index: int) -> Screen:
        seat = self.seats[index]
        shown: Screen = dict.fromkeys(PHONE_IDS)
        if seat.in_step:
            shown["waiting"] = self._waiting(index)
            shown["supremacy"] = self._supremacy(seat)
        elif self.finished(index):
            playing = [NAMES[i] for i in range(len(NAMES)) if not self.finished(i)]
            if playing:
                shown["table-waiting"] = ("is", "The ranking comes when every player has "
                                          f"finished: still playing: {', '.join(playing)}")
            else:
                shown["rank-1"] = RANKED
        return shown

    def host(self) -> Screen:
        shown: Screen = {}
        for index, seat in enumerate(self.seats):
            if self.finished(index):
                where = "Game over"
            elif seat.stage == 0:
                where = f"Round {seat.round} · Planning"
            else:
                where = f"Round {seat.round} · Production: {STEPS[seat.stage - 1]}"
            shown[f"seat-{index + 1}"] = ("is", f"{EMPIRES[index]} · {where}")
        everyone = all(self.finished(i) for i in range(len(NAMES)))
        shown["rank-1"] = RANKED if everyone else None
        return shown

    def finished(self, index: int) -> bool:
        return self.seats[index].stage == len(STEPS) + 2

    def _waiting(self, index: int) -> Expect:
        """As `ui.game.production.waiting_rows` words it, from `rules.table.waiting`."""
        own = self.seats[index]
        arriving = [NAMES[i] for i, s in enumerate(self.seats)
                    if i != index and s.position < own.position]
        placing = [NAMES[i] for i, s in enumerate(self.seats)
                   if i != index and s.position == own.position and not s.done]
        lines = []
        if arriving and own.supremacy is None:
            lines.append(f"Waiting for {', '.join(arriving)}: the supremacy is settled when "
                         "every player has produced.")
        elif arriving:
            lines.append(f"Not at this step yet: {', '.join(arriving)}")
        if placing and own.supremacy is not None:
            lines.append(f"Still placing: {', '.join(placing)}")
        return ("is", " ".join(lines)) if lines else None

    def _supremacy(self, seat: Seat) -> Expect:
        if seat.supremacy is None:
            return None
        total, bonus = seat.produced, BONUS[seat.stage - 1]
        others = ", ".join(str(x) for x in seat.opponents or ())
        if total == 0:
            text = "No supremacy: a total of 0 never wins it"
        elif seat.supremacy and seat.science_pending:
            text = f"{total} — supremacy: choose a General or a Financier"
        elif seat.supremacy and bonus is None:
            text = f"{total} — supremacy: you take 1 {seat.took}"
        elif seat.supremacy:
            text = f"Supremacy is yours (others: {others}): +1 {bonus}"
        else:
            text = f"No supremacy for you (others: {others})"
        return ("is", text)


RANKED: Expect = ("matches", r"^[1-3]\. Ana: \d+ points?")
"""Ana's line of the final ranking (`rank-1` is seat 1's line, whatever its place)."""
