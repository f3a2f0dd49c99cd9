"""The command line speaks the player's language: `--lang`, else the language chosen in
the app's settings, else the environment's locale, else English; `--help` says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.lang import locale_language
from companion.i18n import language, set_language
from companion.store.store import open_store

NO_GAMES = {"en": "No finished games yet.", "fr": "Aucune partie terminée pour l'instant.",
            "es": "Aún no hay partidas terminadas.", "de": "Noch keine beendeten Partien.",
            "it": "Ancora nessuna partita finita."}


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "COMPANION_DATA_DIR",
                     "FLET_APP_STORAGE_DATA"):
        monkeypatch.delenv(variable, raising=False)
    before = language()
    yield
    set_language(before)


def _chosen_in_app(folder: Path, code: str) -> Path:
    with open_store(folder) as store:
        store.update_settings(language=code)
    return folder


def _history(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv]) == 0
    return capsys.readouterr().out.strip()


def test_the_apps_language_is_the_command_lines(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = _chosen_in_app(tmp_path / "data", "fr")
    assert _history(capsys, "--data-dir", str(data), "history") == NO_GAMES["fr"]


def test_lang_beats_the_apps_choice_before_or_after_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(_chosen_in_app(tmp_path / "data", "fr"))
    assert _history(capsys, "--lang", "de", "--data-dir", data, "history") == NO_GAMES["de"]
    assert _history(capsys, "--data-dir", data, "history", "--lang", "it") == NO_GAMES["it"]
    assert _history(capsys, "--data-dir", data, "history", "--lang=es") == NO_GAMES["es"]


def test_the_apps_choice_beats_the_locale_and_the_locale_beats_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    chosen = str(_chosen_in_app(tmp_path / "chosen", "fr"))
    assert _history(capsys, "--data-dir", chosen, "history") == NO_GAMES["fr"]
    never_chosen = tmp_path / "never"
    assert _history(capsys, "--data-dir", str(never_chosen), "history") == NO_GAMES["es"]
    assert not never_chosen.exists(), "finding the language wrote nothing"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert _history(capsys, "--data-dir", str(never_chosen), "history") == NO_GAMES["en"]


def test_the_data_folder_of_the_environment_is_read_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(_chosen_in_app(tmp_path / "d", "it")))
    assert _history(capsys, "history") == NO_GAMES["it"]


def test_the_apps_choice_is_read_while_the_app_holds_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _chosen_in_app(tmp_path / "data", "de")
    with open_store(data):  # the app is open: the folder's lock is taken
        assert _history(capsys, "--data-dir", str(data), "history") == NO_GAMES["de"]


def test_a_damaged_settings_file_falls_back_to_the_locale(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = _chosen_in_app(tmp_path / "data", "fr")
    (data / "store.json").write_text('{"settings": {"1": {"language": "fr"', encoding="utf-8")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    main(["--data-dir", str(data), "history"])
    assert NO_GAMES["de"] in capsys.readouterr().out


@pytest.mark.parametrize(("environment", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "pt_BR"}, "pt"),
    ({"LANG": "de_AT.UTF-8@euro"}, "de"),
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}, "it"),
    ({"LC_MESSAGES": "es_ES", "LANG": "fr_FR"}, "es"),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "POSIX"}, None),
    ({"LANG": "ja_JP.UTF-8"}, None),
    ({}, None),
])
def test_the_locale_names_a_language(environment: dict[str, str], expected: str | None) -> None:
    assert locale_language(environment) == expected


def test_help_says_where_the_language_comes_from(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--lang LANG" in text and "app's settings" in text and "LANG environment" in text


def test_help_and_argparses_own_words_are_translated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--data-dir", str(tmp_path), "export", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert text.startswith("utilisation : companion export")
    assert "afficher cette aide et quitter" in text and "réglages de l'appli" in text
    with pytest.raises(SystemExit) as refused:
        main(["--lang", "de", "--data-dir", str(tmp_path), "import"])
    assert refused.value.code == 2
    assert "Fehler: diese Argumente fehlen: file" in capsys.readouterr().err


def test_an_unknown_language_is_refused_with_the_choices(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["--data-dir", str(tmp_path), "history", "--lang", "xx"])
    assert refused.value.code == 2
    error = capsys.readouterr().err
    assert "'xx'" in error and "'fr'" in error and "'de'" in error


def test_score_follows_the_locale(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    tableau = tmp_path / "t.json"
    tableau.write_text('{"empire": "Nowhere", "built": []}', encoding="utf-8")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["score", str(tableau)]) == 2
    french = capsys.readouterr().err
    assert main(["score", str(tableau), "--lang", "en"]) == 2
    english = capsys.readouterr().err
    assert "Nowhere" in french and "Nowhere" in english and french != english
