"""Every count in the command line's import, export and check messages (and the app's
import screen) takes its plural, in every language: "1 game", never "1 games"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import SUPPORTED, language, set_language
from companion.i18n import counts as counts_text


@pytest.fixture
def speaking() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def counts(n: int) -> dict[str, int]:
    return {f"{kind}{suffix}": n for kind in ("games", "attempts", "campaigns")
            for suffix in ("", "_updated", "_unchanged")} | {"players": n}


ENGLISH = {
    0: ("Added 0 games, 0 scenario attempts, 0 campaigns and 0 players. Updated to a newer "
        "version: 0 games, 0 scenario attempts and 0 campaigns. Already here and left alone: "
        "0 games, 0 scenario attempts and 0 campaigns.",
        "Exported 0 games, 0 scenario attempts, 0 campaigns and 0 players to f.json.",
        "Checked 0 files, 0 games, 0 scenario attempts and 0 campaigns: all is well."),
    1: ("Added 1 game, 1 scenario attempt, 1 campaign and 1 player. Updated to a newer "
        "version: 1 game, 1 scenario attempt and 1 campaign. Already here and left alone: "
        "1 game, 1 scenario attempt and 1 campaign.",
        "Exported 1 game, 1 scenario attempt, 1 campaign and 1 player to f.json.",
        "Checked 1 file, 1 game, 1 scenario attempt and 1 campaign: 1 problem found."),
    2: ("Added 2 games, 2 scenario attempts, 2 campaigns and 2 players. Updated to a newer "
        "version: 2 games, 2 scenario attempts and 2 campaigns. Already here and left alone: "
        "2 games, 2 scenario attempts and 2 campaigns.",
        "Exported 2 games, 2 scenario attempts, 2 campaigns and 2 players to f.json.",
        "Checked 2 files, 2 games, 2 scenario attempts and 2 campaigns: 2 problems found."),
}
FRENCH = {  # French says "0 partie", like "1 partie"
    0: ("Ajouté : 0 partie, 0 tentative de scénario, 0 campagne et 0 joueur. Mis à jour "
        "vers une version plus récente : 0 partie, 0 tentative de scénario et 0 campagne. "
        "Déjà présent, laissé tel quel : 0 partie, 0 tentative de scénario et 0 campagne.",
        "Exporté dans f.json : 0 partie, 0 tentative de scénario, 0 campagne et 0 joueur.",
        "Vérifié : 0 fichier, 0 partie, 0 tentative de scénario et 0 campagne : tout va "
        "bien."),
    1: ("Ajouté : 1 partie, 1 tentative de scénario, 1 campagne et 1 joueur. Mis à jour "
        "vers une version plus récente : 1 partie, 1 tentative de scénario et 1 campagne. "
        "Déjà présent, laissé tel quel : 1 partie, 1 tentative de scénario et 1 campagne.",
        "Exporté dans f.json : 1 partie, 1 tentative de scénario, 1 campagne et 1 joueur.",
        "Vérifié : 1 fichier, 1 partie, 1 tentative de scénario et 1 campagne. "
        "À corriger : 1 problème."),
    2: ("Ajouté : 2 parties, 2 tentatives de scénario, 2 campagnes et 2 joueurs. Mis à "
        "jour vers une version plus récente : 2 parties, 2 tentatives de scénario et "
        "2 campagnes. Déjà présent, laissé tel quel : 2 parties, 2 tentatives de scénario et "
        "2 campagnes.",
        "Exporté dans f.json : 2 parties, 2 tentatives de scénario, 2 campagnes et "
        "2 joueurs.",
        "Vérifié : 2 fichiers, 2 parties, 2 tentatives de scénario et 2 campagnes. "
        "À corriger : 2 problèmes."),
}


def messages(n: int) -> tuple[str, ...]:
    return (counts_text.imported(counts(n), replace=False),
            counts_text.exported(counts(n), "f.json"),
            counts_text.checked(n, counts(n), n))


@pytest.mark.parametrize("n", [0, 1, 2])
def test_english_and_french_as_written_by_hand(n: int, speaking: None) -> None:
    set_language("en")
    assert messages(n) == ENGLISH[n]
    set_language("fr")
    assert messages(n) == FRENCH[n]


# Each count its own number, so that a phrase reading the wrong count shows.
DISTINCT = {"games": 3, "attempts": 4, "campaigns": 5, "players": 6,
            "games_updated": 7, "attempts_updated": 8, "campaigns_updated": 9,
            "games_unchanged": 10, "attempts_unchanged": 11, "campaigns_unchanged": 12}
FILES, PROBLEMS = 13, 14


def test_each_phrase_shows_its_own_count(speaking: None) -> None:
    set_language("en")
    assert counts_text.imported(DISTINCT, replace=False) == (
        "Added 3 games, 4 scenario attempts, 5 campaigns and 6 players. Updated to a newer "
        "version: 7 games, 8 scenario attempts and 9 campaigns. Already here and left alone: "
        "10 games, 11 scenario attempts and 12 campaigns.")
    assert counts_text.imported(DISTINCT, replace=True) == (
        "Replaced your data by 3 games, 4 scenario attempts, 5 campaigns and 6 players.")
    assert counts_text.exported(DISTINCT, "f.json") == (
        "Exported 3 games, 4 scenario attempts, 5 campaigns and 6 players to f.json.")
    assert counts_text.checked(FILES, DISTINCT, PROBLEMS) == (
        "Checked 13 files, 3 games, 4 scenario attempts and 5 campaigns: 14 problems found.")
    set_language("fr")
    assert counts_text.imported(DISTINCT, replace=False) == (
        "Ajouté : 3 parties, 4 tentatives de scénario, 5 campagnes et 6 joueurs. Mis à jour "
        "vers une version plus récente : 7 parties, 8 tentatives de scénario et 9 campagnes. "
        "Déjà présent, laissé tel quel : 10 parties, 11 tentatives de scénario et "
        "12 campagnes.")
    assert counts_text.exported(DISTINCT, "f.json") == (
        "Exporté dans f.json : 3 parties, 4 tentatives de scénario, 5 campagnes et "
        "6 joueurs.")
    assert counts_text.checked(FILES, DISTINCT, PROBLEMS) == (
        "Vérifié : 13 fichiers, 3 parties, 4 tentatives de scénario et 5 campagnes. "
        "À corriger : 14 problèmes.")


@pytest.mark.parametrize("code", SUPPORTED)
def test_every_language_fills_every_count(code: str, speaking: None) -> None:
    set_language(code)
    for n in (0, 1, 2):
        for text in (*messages(n), counts_text.imported(counts(n), replace=True),
                     counts_text.checked(n, counts(n), 0)):
            assert "{" not in text and str(n) in text, (code, text)
    set_language("en")
    assert counts_text.checked(3, counts(1), 0) == (
        "Checked 3 files, 1 game, 1 scenario attempt and 1 campaign: all is well.")


def test_each_phrase_says_its_own_count(speaking: None) -> None:
    # Every kind of record with a different number, so a phrase that read another
    # kind's count would say the wrong number.
    set_language("en")
    every = {"games": 1, "attempts": 2, "campaigns": 3, "players": 4,
             "games_updated": 5, "attempts_updated": 6, "campaigns_updated": 7,
             "games_unchanged": 8, "attempts_unchanged": 9, "campaigns_unchanged": 10,
             "games_deleted": 11, "campaigns_deleted": 12}
    assert counts_text.imported(every, replace=False) == (
        "Added 1 game, 2 scenario attempts, 3 campaigns and 4 players. Updated to a newer "
        "version: 5 games, 6 scenario attempts and 7 campaigns. Already here and left alone: "
        "8 games, 9 scenario attempts and 10 campaigns. Deleted here as on the other device: "
        "11 games and 12 campaigns.")
    assert counts_text.imported(every, replace=True) == (
        "Replaced your data by 1 game, 2 scenario attempts, 3 campaigns and 4 players.")
