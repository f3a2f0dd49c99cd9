"""One tap, one step: "Place the cubes" on two cards is one saved step, taken back by one
Undo and brought back by one Redo, shown as one move in the game's log; a save that
fails or a process that dies at any file-system call of it leaves the game with all of
the tap or none of it, and the screen shows what the disk holds."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import memory_services, saved_moves
from harness import Ui
from taps import LABEL, PLANT, TAP, TURBINES, Faults, cubes_left, prepare, ready_to_tap

from companion.i18n import set_language
from companion.rules.actions import Place, Together, action_to_json
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import catalog
from companion.usecases.services import Services
from companion.usecases.store_backend import open_store_backend


def test_the_tap_is_one_save_one_undo_and_one_redo(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    session = ready_to_tap(services)
    before = saved_moves(services, session.id)
    revision = services.backend.game(session.id)["revision"]  # type: ignore[index]
    ui = open_ui(services, route=f"/play/{session.id}")
    assert [ui.text(f"plan-{uid}") for uid in (TURBINES, PLANT)] == ["2", "1"]
    assert ui.text("plan-empire") == "0"
    ui.click("Place the cubes")
    assert "Wind Turbines is built and joins your Empire" in ui.text("events")
    record = services.backend.game(session.id)
    assert record is not None and record["revision"] == revision + 1  # one save
    assert record["actions"] == [*before["actions"], action_to_json(TAP)]  # one action
    ui.click(f"Undo: {LABEL}")
    assert saved_moves(services, session.id)["actions"] == before["actions"]
    assert ui.text("built") == "Built: none yet"
    assert [ui.text(f"plan-{uid}") for uid in (TURBINES, PLANT)] == ["2", "1"]
    assert ui.find("Undo: Go to the next step")  # the step before the tap, not half of it
    ui.click(f"Redo: {LABEL}")
    assert saved_moves(services, session.id)["actions"][-1] == action_to_json(TAP)
    assert ui.text("built") == "Built: Wind Turbines"
    assert ui.text("construction-2").startswith("Recycling Plant 1 of 2 slots filled")


def test_the_log_shows_the_tap_as_one_move(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    session = ready_to_tap(services)
    ui = open_ui(services, route=f"/play/{session.id}")
    ui.click("Place the cubes")
    ui.click("Moves so far")
    assert ui.text("log-count") == "5 moves so far, latest first"
    assert LABEL in ui.text("move-5")
    assert "Wind Turbines is built and joins your Empire" in ui.text("move-5")
    ui.click("Go back to here", within="move-4")
    assert ui.find(f"Redo: {LABEL}")


def test_a_refused_tap_changes_nothing_saved() -> None:
    services = memory_services()
    session = ready_to_tap(services)
    before = services.backend.game(session.id)
    wrong = Together((Place(onto=TURBINES, count=2), Place(onto=PLANT, count=2)))
    with pytest.raises(Rejected) as refused:
        session.play(wrong)
    assert refused.value.kind is Refusal.NOT_HELD  # the second part's own reason
    assert refused.value.params == {"left": 1, "resource": "Materials", "count": 2}
    assert services.backend.game(session.id) == before
    assert session.state.to_place == 3 and session.undo_label() == "Go to the next step"


def test_the_undo_label_is_translated() -> None:
    services = memory_services()
    session = ready_to_tap(services)
    session.play(TAP)
    set_language("fr")
    try:
        assert session.undo_label() == "Placer 3 cubes : 2 sur {turbines}, 1 sur {plant}".format(
            turbines=catalog().card("Wind Turbines").name_in("fr"),
            plant=catalog().card("Recycling Plant").name_in("fr"))
    finally:
        set_language("en")


def tap_on_screen(open_ui: Callable[..., Ui], folder: Path, game_id: str, faults: Faults,
                  monkeypatch: pytest.MonkeyPatch) -> int:
    """Tap "Place the cubes" with `faults` on the file system; the cubes the screen then
    shows still to place."""
    backend = open_store_backend(str(folder))
    try:
        ui = open_ui(Services(catalog(), backend), route=f"/play/{game_id}")
        with monkeypatch.context() as patch:
            faults.install(patch)
            ui.click("Place the cubes")
        if "Place the cubes" not in ui.names():
            return 0
        assert "Could not save the game" in (ui.notice() or ""), ui.names()
        return sum(int(ui.text(f"plan-{where}")) for where in (TURBINES, PLANT, "empire")
                   if ui.has_id(f"plan-{where}"))
    finally:
        backend.close()


def test_a_save_failing_at_any_file_call_leaves_all_of_the_tap_or_none(
        open_ui: Callable[..., Ui], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As with the data folder turned read-only, or a disk failing, at that call."""
    prepared = tmp_path / "prepared"
    game_id = prepare(prepared)
    dry = tmp_path / "dry"
    shutil.copytree(prepared, dry)
    counting = Faults()
    assert tap_on_screen(open_ui, dry, game_id, counting, monkeypatch) == 0
    assert cubes_left(dry, game_id) == 0
    outcomes: dict[int, int] = {}
    for kind, k in counting.points():
        folder = tmp_path / f"{kind}-{k}"
        shutil.copytree(prepared, folder)
        faults = Faults(kind, k)
        shown = tap_on_screen(open_ui, folder, game_id, faults, monkeypatch)
        assert faults.failed
        on_disk = cubes_left(folder, game_id)
        assert on_disk in (0, 3), f"failing {kind} #{k} left a tap half applied"
        assert shown == on_disk, f"failing {kind} #{k}: the screen is not the disk"
        outcomes[on_disk] = outcomes.get(on_disk, 0) + 1
    assert outcomes.get(3), "a failure before the save's commit leaves none of the tap"


class Killed(BaseException):
    """The process stops here: nothing catches it, nothing after it runs."""


def test_a_crash_at_any_file_call_reopens_with_all_of_the_tap_or_none(
        open_ui: Callable[..., Ui], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tap, with the process dying at each file-system call of it in turn: the
    folder opened afterwards holds the game before the tap or after it."""
    prepared = tmp_path / "prepared"
    game_id = prepare(prepared)
    dry = tmp_path / "dry"
    shutil.copytree(prepared, dry)
    counting = Faults()
    tap_on_screen(open_ui, dry, game_id, counting, monkeypatch)
    outcomes = set()
    for kind, k in counting.points():
        folder = tmp_path / f"{kind}-{k}"
        shutil.copytree(prepared, folder)
        backend = open_store_backend(str(folder))
        ui = open_ui(Services(catalog(), backend), route=f"/play/{game_id}")
        with monkeypatch.context() as patch:
            Faults(kind, k, Killed).install(patch)
            with pytest.raises(Killed):
                ui.click("Place the cubes")
        assert backend.store._lock is not None
        backend.store._lock.release()  # the process died: nothing closed the store
        left = cubes_left(folder, game_id)
        assert left in (0, 3), f"killed at {kind} #{k}: the tap came back half applied"
        outcomes.add(left)
    assert outcomes == {0, 3}, "some deaths come before the commit point, some after"
