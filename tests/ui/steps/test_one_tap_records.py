"""A game played in taps of several placements is a game like any other for whatever
reads the list of actions: finished and archived with its score, passed by `check`,
exported and imported whole, told by the history's story exactly as the same game
played one placement at a time."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))

from story_samples import benjamin_game

from companion.rules.actions import Action, Place, Together
from companion.rules.story import game_story
from companion.shipped.catalog import catalog
from companion.store import open_store
from companion.store.check import check_folder
from companion.usecases.services import Services
from companion.usecases.session import GameSession
from companion.usecases.store_backend import open_store_backend


def in_taps(actions: tuple[Action, ...]) -> list[Action]:
    """The same game with each run of placements in one step played as one tap."""
    taps: list[Action] = []
    for action in actions:
        last = taps[-1] if taps else None
        if isinstance(action, Place) and isinstance(last, Place | Together):
            parts = last.parts if isinstance(last, Together) else (last,)
            taps[-1] = Together((*parts, action))
        else:
            taps.append(action)
    return taps


def test_a_game_of_taps_is_archived_checked_exported_and_imported(tmp_path: Path) -> None:
    cards = catalog()
    original = benjamin_game(cards)
    taps = in_taps(original.actions)
    # Round 1's Materials on the two cards, round 2's on Recycling Plant and the Empire.
    assert [a for a in taps if isinstance(a, Together)] == [
        Together((Place(onto=1), Place(onto=2))),
        Together((Place(onto=1), Place(onto=None, count=2)))]
    backend = open_store_backend(str(tmp_path / "here"))
    try:
        session = GameSession.new(Services(cards, backend), taps[0])  # type: ignore[arg-type]
        for action in taps[1:]:
            session.play(action)
    finally:
        backend.close()
    assert check_folder(tmp_path / "here").ok
    with open_store(tmp_path / "here") as store:
        (record,) = store.games(finished=True, with_actions=True)
        exported = store.export_all()
    assert record["score"] == original.state.score().as_dict()
    assert record["built"] == original.state.built_ids()
    assert sum(a["type"] == "together" for a in record["actions"]) == 2
    with open_store(tmp_path / "there") as store:
        store.import_all(exported)
        (imported,) = store.games(finished=True, with_actions=True)
    assert imported["actions"] == record["actions"]
    assert check_folder(tmp_path / "there").ok
    told, as_played = game_story(taps, cards), game_story(original.actions, cards)
    assert [(r.production, r.built, r.krystallium) for r in told] == [
        (r.production, r.built, r.krystallium) for r in as_played]
