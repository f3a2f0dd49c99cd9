"""Export and import: a faithful round trip, and a gate that lets nothing bad in."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_samples import attempt, bare, fake_record, play, record

from companion.rules.campaign import Campaign
from companion.rules.game import Game
from companion.rules.planning import drafts
from companion.shipped.scenarios import campaign_boxes
from companion.store import Store, StoreError, open_store, schema
from companion.store.validate import MAX_IMPORT_BYTES


def fill(store: Store, games: list[Game]) -> None:
    store.save_game(record("g-1", games[0], minutes=0))
    store.save_game(record("g-2", games[1], minutes=60 * 24 * 40))
    # An import works out "finished" from the moves: an unfinished game has unfinished moves.
    store.save_game(record("g-3", play(2, limit=40, finish=False), minutes=90))
    store.record_attempt(attempt("base-1", 120, medal="gold", game="g-1"))
    store.record_attempt(attempt("base-2", 40, won=False, minutes=5))
    box = campaign_boxes()["war-or-peace"]
    store.save_campaign(Campaign.new("c-1", "Friday", box, ["Ana", "Bo"]).to_json())
    store.add_player("Ana")
    store.add_player("Bo")
    store.update_settings(language="de", theme="dark")


@pytest.fixture
def exported(store: Store, games: list[Game]) -> dict[str, Any]:
    fill(store, games)
    return store.export_all()


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "backups" not in p.parts and p.name != schema.LOCK_FILE}


def test_round_trip_through_an_empty_store_is_identical(
    exported: dict[str, Any], store: Store, tmp_path: Path
) -> None:
    path = tmp_path / "export.json"
    store.export_file(path)
    with open_store(tmp_path / "other") as other:
        counts = other.import_file(path)
        assert counts["games"] == 3 and counts["attempts"] == 2
        other.export_file(tmp_path / "again.json")
        assert other.export_all() == exported
        # The revision counts the saves of one device: an export leaves it out.
        assert bare(other.current_game()) == bare(store.current_game())
        assert bare(other.game("g-2")) == bare(store.game("g-2"))
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


def test_merging_twice_adds_nothing(exported: dict[str, Any], store: Store) -> None:
    before = files(store.folder)
    counts = store.import_all(copy.deepcopy(exported))
    assert counts == {"games": 0, "games_updated": 0, "games_unchanged": 3, "attempts": 0,
                      "attempts_updated": 0, "attempts_unchanged": 2, "campaigns": 0,
                      "campaigns_updated": 0, "campaigns_unchanged": 1, "players": 0,
                      "games_deleted": 0, "campaigns_deleted": 0}
    assert store.export_all() == exported
    assert files(store.folder) == before, "nothing new: nothing written"


def test_merge_takes_newer_games_and_keeps_chosen_settings(
    exported: dict[str, Any], store: Store, games: list[Game]
) -> None:
    incoming = copy.deepcopy(exported)
    newer = incoming["games"][0] | {"updated": "2030-01-01T00:00:00+00:00", "note": "newer"}
    older = incoming["games"][1] | {"updated": "2000-01-01T00:00:00+00:00", "note": "older"}
    incoming["games"][0], incoming["games"][1] = newer, older
    incoming["games"].append(record("fresh", games[3]))
    incoming["players"] = ["bo", "Cy"]
    incoming["settings"] = {"language": "fr"}
    incoming["attempts"].append(attempt("base-3", 1, won=False))
    counts = store.import_all(incoming)
    assert counts == {"games": 1, "games_updated": 1, "games_unchanged": 2, "attempts": 1,
                      "attempts_updated": 0, "attempts_unchanged": 2, "campaigns": 0,
                      "campaigns_updated": 0, "campaigns_unchanged": 1, "players": 1,
                      "games_deleted": 0, "campaigns_deleted": 0}
    assert bare(store.game(newer["id"])) == bare(newer)
    # Replacing a game by a merge moves its revision past both: a window showing the
    # game as it was cannot overwrite the imported one.
    assert store.game(newer["id"])["revision"] == 2  # type: ignore[index]
    assert bare(store.game(older["id"])) == exported["games"][1]
    assert store.players() == ["Ana", "Bo", "Cy"]
    assert store.settings()["language"] == "de"


def test_replace_swaps_everything_after_a_backup(exported: dict[str, Any], store: Store
                                                 ) -> None:
    incoming = {"format": "wonderful-companion", "schema_version": 1,
                "games": [fake_record("only", 1)], "players": ["Zoé"]}
    store.import_all(incoming, replace=True)
    assert [g["id"] for g in store.games()] == ["only"]
    assert store.attempts() == [] and store.campaigns() == [] and store.players() == ["Zoé"]
    assert store.settings()["language"] == "en"
    backup = next((store.folder / "backups").glob("*-before-import"))
    with open_store(backup) as old:
        assert old.export_all() == exported
    store.close()
    with open_store(store.folder) as reopened:
        assert [g["id"] for g in reopened.games()] == ["only"]
        assert reopened.game("g-2") is None


def test_import_into_a_fresh_store_takes_its_settings(exported: dict[str, Any],
                                                      tmp_path: Path) -> None:
    with open_store(tmp_path / "new") as fresh:
        fresh.import_all(exported)
        assert fresh.settings() == exported["settings"]


def mutate(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return changed


BAD_IMPORTS = [
    (["format"], "something-else", "not a file exported by this app"),
    (["schema_version"], 99, "newer version"),
    (["schema_version"], "1", "schema_version"),
    # A version is a whole number, as `companion score` reads numbers: true is not 1, and
    # a number in quotes is text (the app never writes one), refused with what to write.
    (["schema_version"], True, "schema_version: must be a whole number, not true/false"),
    (["schema_version"], False, "schema_version: must be a whole number, not true/false"),
    (["schema_version"], "3", 'schema_version: must be a whole number, not the text "3":'
                              " write it without quotes"),
    (["attempts", 1, "score"], -5, r"attempts\[1\]\.score: cannot be negative \(-5\)"),
    (["games"], {"id": "x"}, "games: must be a list"),
    (["games", 0, "id"], 17, r"games\[0\]\.id"),
    (["games", 0, "created"], "last tuesday", r"games\[0\]\.created"),
    (["games", 0, "finished"], KeyError, r"games\[0\]: is missing finished"),
    (["games", 1, "id"], "g-1", "'g-1' appears twice"),
    (["games", 0, "actions", 1], {"type": "construct", "card": 999}, "no card number 999"),
    (["games", 0, "actions", 1], {"type": "teleport"}, r"games\[0\]\.actions"),
    (["games", 0, "actions", 0], {"type": "next"}, r"games\[0\]\.actions"),
    (["games", 0, "redo"], [{"type": "start", "empire": "Noram States"}], "redo"),
    (["attempts", 0, "medal"], "diamond", r"attempts\[0\]\.medal"),
    (["campaigns", 0, "id"], None, r"campaigns\[0\]\.id"),
    (["campaigns"], [{"id": "a"}, {"id": "a"}], "'a' appears twice"),
    (["players"], ["Ana", "ana"], "appears twice"),
    (["settings", "theme"], "neon", r"settings\.theme"),
    (["surprise"], 1, "unknown fields surprise"),
]


@pytest.mark.parametrize(("path", "value", "words"), BAD_IMPORTS)
def test_bad_imports_are_refused_and_change_nothing(
    exported: dict[str, Any], store: Store, path: list[Any], value: Any, words: str
) -> None:
    before = files(store.folder)
    for replace in (False, True):
        with pytest.raises(StoreError, match=words) as caught:
            store.import_all(mutate(exported, path, value), replace=replace)
        assert "nothing was changed" in str(caught.value)
    assert files(store.folder) == before
    assert store.export_all() == exported


def test_bad_files_are_refused(store: Store, tmp_path: Path) -> None:
    cases = {"not json": b"{'games': []}", "truncated": b'{"format": "wonderful-comp',
             "binary": bytes(range(256)), "deep": b"[" * 100_000 + b"]" * 100_000}
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(StoreError, match="nothing was changed"):
            store.import_file(path)
    with pytest.raises(StoreError, match="Cannot read"):
        store.import_file(tmp_path / "missing.json")


def test_a_file_with_a_byte_order_mark_is_imported_as_without(
        exported: dict[str, Any], store: Store, tmp_path: Path) -> None:
    """Windows editors start UTF-8 files with a byte order mark; `score` reads them, and
    so does import."""
    path = tmp_path / "export.json"
    store.export_file(path)
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    with open_store(tmp_path / "other") as other:
        counts = other.import_file(marked)
        assert counts["games"] == 3 and counts["attempts"] == 2
        assert other.export_all() == exported


def test_a_won_attempt_of_negative_points_is_refused(exported: dict[str, Any],
                                                     store: Store) -> None:
    """The medal board showed "best score -5, 1 won" after such an import."""
    lost = mutate(exported, ["attempts", 1, "score"], -5)
    won = mutate(lost, ["attempts", 1, "won"], True)
    for document in (lost, won):
        with pytest.raises(StoreError, match="cannot be negative"):
            store.import_all(document)
    assert store.export_all() == exported
    assert all(a["score"] >= 0 for a in store.attempts())


def test_an_oversized_file_is_refused_before_reading(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(StoreError, match="MB"):
        store.import_file(path)


def test_oversized_parts_are_refused(exported: dict[str, Any], store: Store) -> None:
    huge = mutate(exported, ["games", 0, "notes"], "x" * 3_000_000)
    with pytest.raises(StoreError, match="bytes; the limit"):
        store.import_all(huge)
    many = mutate(exported, ["games", 0, "actions"], [{"type": "next"}] * 6000)
    with pytest.raises(StoreError, match="at most 5000"):
        store.import_all(many)


# --- hostile imports, at random -------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=5),
    max_leaves=30,
)


def paths(data: Any, prefix: list[Any]) -> Iterator[list[Any]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, [*prefix, key])
    elif isinstance(data, list):
        for number, value in enumerate(data):
            yield from paths(value, [*prefix, number])


@pytest.fixture(scope="module")
def hostile_target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Any]]:
    from store_samples import play

    with open_store(tmp_path_factory.mktemp("hostile")) as target:
        fill(target, [play(seed) for seed in range(3)])
        yield target, target.export_all()


def unrevised(export: dict[str, Any]) -> dict[str, Any]:
    return {**export, "games": [bare(g) for g in export["games"]]}


def check_hostile(store: Store, exported: dict[str, Any], data: Any, replace: bool) -> None:
    before = files(store.folder)
    try:
        store.import_all(data, replace=replace)
    except StoreError as exc:
        assert str(exc)
        assert files(store.folder) == before, "a refused import changed a file"
        assert store.export_all() == exported
        return
    # Accepted: it was a valid export. Put the reference content back for the next case
    # (games that were here move past their revision: a stale window cannot overwrite).
    assert store.export_all()["format"] == "wonderful-companion"
    store.import_all(copy.deepcopy(exported), replace=True)
    again = store.export_all()
    assert unrevised(again) == unrevised(exported)
    exported.clear()
    exported.update(again)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=json_values, replace=st.booleans())
def test_random_json_never_crashes_the_importer(
    hostile_target: tuple[Store, Any], data: Any, replace: bool
) -> None:
    store, exported = hostile_target
    check_hostile(store, exported, data, replace)


FUZZ_EXAMPLES = int(os.environ.get("STORE_FUZZ_EXAMPLES", "250"))


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), value=json_values, replace=st.booleans())
def test_damaged_exports_never_crash_nor_half_import(
    hostile_target: tuple[Store, Any], data: st.DataObject, value: Any, replace: bool
) -> None:
    store, exported = hostile_target
    where = data.draw(st.sampled_from(list(paths(exported, []))[1:]))
    delete = data.draw(st.booleans())
    check_hostile(store, exported, mutate(exported, where, KeyError if delete else value),
                  replace)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes_are_refused(hostile_target: tuple[Store, Any], content: bytes,
                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    store, exported = hostile_target
    path = tmp_path_factory.mktemp("bytes") / "file.json"
    path.write_bytes(content)
    try:
        json.loads(content)
    except ValueError:
        with pytest.raises(StoreError):
            store.import_file(path)
    else:
        check_hostile(store, exported, json.loads(content), False)


def test_an_older_export_is_upgraded_before_it_is_checked(
    exported: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rename_field(data: dict[str, Any]) -> dict[str, Any]:
        for game in data["games"]:
            game["note"] = f"upgraded {game['id']}"
        return data

    now = schema.SCHEMA_VERSION
    monkeypatch.setattr(schema, "SCHEMA_VERSION", now + 1)
    monkeypatch.setattr(schema, "EXPORT_MIGRATIONS", {now: rename_field})
    with open_store(tmp_path / "newer-app") as store:
        store.import_all(exported)
        assert store.game("g-2")["note"] == "upgraded g-2"  # type: ignore[index]
        assert store.export_all()["schema_version"] == now + 1
    monkeypatch.setattr(schema, "EXPORT_MIGRATIONS", {})
    with open_store(tmp_path / "other") as store, pytest.raises(StoreError,
                                                                match="could not be upgraded"):
        store.import_all(exported)


def test_the_built_cards_of_an_import_are_worked_out_from_its_actions(
        store: Store, games: list[Game], tmp_path: Path) -> None:
    game = games[0]
    assert game.state.finished
    honest = game.state.built_ids()
    forged = record("forged", game, built=[1, 1, 1])  # the file claims other cards
    store.import_all({"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
                      "games": [forged]})
    kept = store.game("forged")
    assert kept is not None and kept["built"] == honest != [1, 1, 1]
    (summary,) = store.games(finished=True)
    assert summary["built"] == honest  # in the history, without reading the archive


def test_the_drafted_cards_of_an_import_are_in_its_summary_as_its_moves_give_them(
        store: Store, games: list[Game]) -> None:
    """What the card picker counts, read from the history without the game's moves."""
    game = games[0]
    honest = drafts(game.actions)
    assert len(honest) > len(game.state.built_ids())  # some cards were recycled
    forged = record("forged", game, drafted=game.state.built_ids())  # the built ones only
    store.import_all({"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
                      "games": [forged]})
    (summary,) = store.games(finished=True)
    assert "actions" not in summary and summary["drafted"] == honest


@pytest.mark.parametrize("built", ["cards", [0], [1000], [True], list(range(1, 202))])
def test_a_malformed_built_list_is_refused(store: Store, games: list[Game], built: Any) -> None:
    with pytest.raises(StoreError, match="built"):
        store.save_game(record("bad", games[0], built=built))
    assert store.game("bad") is None
