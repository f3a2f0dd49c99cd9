"""A damaged archive month is found when the data folder opens, not when one of its games
is read: set aside at once, rebuilt from its copies, and the player told what is lost in
words, by the app and by every command (issue 34)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from damage_days import FINISHED, JULY, JUNE, OPEN, cut, flip, without_own_backups

from companion.cli import main
from companion.i18n import set_language
from companion.store import open_store
from companion.store.check import check_folder
from companion.store.mending import LOST
from companion.usecases.services import open_services

DAMAGES = {"flipped bit": flip, "cut short": cut}


def listing(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "companion.lock"}


def whole(store: Any) -> set[str]:
    """The games the store holds with their moves."""
    return {g["id"] for g in store.games() if not store.game(g["id"]).get("actions_missing")}


@pytest.mark.parametrize("how", list(DAMAGES))
@pytest.mark.parametrize("month", [JULY, JUNE], ids=["July", "June"])
def test_the_app_finds_a_damaged_month_as_it_opens_and_loses_nothing(
        played: Path, month: Path, how: str) -> None:
    broken = DAMAGES[how](played / month)
    services = open_services(str(played))
    try:
        (told,) = services.backend.notices()  # before any game of that month is read
        (aside,) = (played / month).parent.glob(f"{month.name}.damaged-*")
        assert aside.read_bytes() == broken, "kept aside, never deleted"
        name = "July 2025" if month == JULY else "June 2025"
        assert f"The archive of {name} ({played / month}) was damaged" in told
        assert str(aside) in told and "rebuilt from its copies: no game is lost" in told
        store = services.backend.store  # type: ignore[attr-defined]
        assert whole(store) == {*FINISHED, OPEN}
    finally:
        services.close()
    with open_store(played) as store:
        assert store.notices == [], "repaired once, for good"
    assert check_folder(played).ok


def test_without_the_games_own_backups_the_loss_is_told_in_words(played: Path) -> None:
    """The previous version of July lacks its last game and no daily backup has it:
    the game of July 12 is lost, and said so: the month, and after which day."""
    without_own_backups(played)
    flip(played / JULY)
    with open_store(played) as store:
        (told,) = [str(n) for n in store.notices]
        assert ("but the moves of the game of July 2025 played after July 3 are in no copy:"
                " that game stays in your history with its score") in told
        set_language("fr")  # worded when shown: each tab in its own language
        assert (f"L'archive de juillet 2025 ({played / JULY}) était endommagée (sa somme"
                " de contrôle") in str(store.notices[0])
        assert ("mais pour la partie de juillet 2025 jouée après le 3 juillet, les coups ne"
                " sont dans aucune copie") in str(store.notices[0])
        set_language("de")
        assert "für die nach dem 3. Juli gespielte Partie vom Juli 2025 sind die Züge" in str(
            store.notices[0])
        set_language("en")
        assert whole(store) == {*FINISHED, OPEN} - {"july-12"}
        lost = store.game("july-12")
        assert lost["actions_missing"] is True and lost["score"] is not None, "summary kept"
        assert store.games(finished=True)[0]["id"] == "july-12", "listed, newest first"
    assert check_folder(played).ok, "a loss found and told is not failed on again"
    with open_store(played) as store:
        assert store.notices == []
        entry = store._main.table("history").get(doc_id=5)
        assert entry is not None and entry["id"] == "july-12" and entry[LOST] is True


def test_a_month_missing_though_the_history_lists_games_in_it_is_rebuilt(
        played: Path) -> None:
    (played / JUNE).unlink()
    with open_store(played) as store:
        (told,) = [str(n) for n in store.notices]
        assert "The archive of June 2025" in told and "was missing" in told
        assert "no game is lost" in told and {"june-05", "june-28"} <= whole(store)
    assert check_folder(played).ok


def test_a_damaged_previous_version_is_set_aside_and_check_stops_failing_on_it(
        played: Path) -> None:
    spare = played / f"{JULY}.prev"
    flip(spare)
    assert not check_folder(played).ok, "check reports it"
    with open_store(played) as store:
        (told,) = [str(n) for n in store.notices]
        assert f"The previous version {spare}, kept as a spare copy, was damaged" in told
        assert whole(store) == {*FINISHED, OPEN}
    assert not spare.exists() and len(list(spare.parent.glob("*.prev.damaged-*"))) == 1
    assert check_folder(played).ok


@pytest.mark.parametrize("command", [["history"], ["medals"], ["campaign", "list"],
                                     ["scenarios"]], ids=" ".join)
def test_every_reader_reads_around_a_damaged_month_and_says_how_to_repair(
        played: Path, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    without_own_backups(played)
    cut(played / JULY)
    before = listing(played)
    assert main(["--data-dir", str(played), *command]) == 0
    err = capsys.readouterr().err
    assert f"The archive of July 2025 ({played / JULY}) is damaged" in err
    assert "the game of July 2025 played after July 3 are in no copy" in err
    assert "companion check --repair" in err and "Traceback" not in err
    assert listing(played) == before, "a reader changes nothing"


def test_check_repair_repairs_from_the_command_line(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flip(played / JULY)
    assert main(["--data-dir", str(played), "check"]) == 1
    assert "archive/2025-07.json: damaged" in capsys.readouterr().out
    assert main(["--data-dir", str(played), "check", "--repair"]) == 0
    captured = capsys.readouterr()
    assert "The archive of July 2025" in captured.err and "no game is lost" in captured.err
    assert main(["--data-dir", str(played), "check"]) == 0


def test_check_repair_while_the_app_holds_the_folder_says_so(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(played):
        assert main(["--data-dir", str(played), "check", "--repair"]) == 1
    assert "already open" in capsys.readouterr().err
