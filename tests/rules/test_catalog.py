"""The shipped card data against the reference lists, and lookups by name."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from companion.rules.cards import CardType, Expansion, Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import Catalog, CatalogError, load_catalog, normalize
from companion.shipped.paths import assets_dir


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_counts_per_expansion(cards: Catalog) -> None:
    assert len(cards.cards) == 129
    expected = {Expansion.BASE: (78, 150), Expansion.CORRUPTION_ASCENSION: (38, 56),
                Expansion.WAR_OR_PEACE: (13, 20)}
    for expansion, (distinct, copies) in expected.items():
        group = cards.by_expansion(expansion)
        assert (len(group), sum(c.copies for c in group)) == (distinct, copies)


def test_every_card_matches_the_reference_field_by_field(cards: Catalog, reference: Path) -> None:
    rows = _rows(reference / "cards.csv")
    assert len(rows) == len(cards.cards)
    for row in rows:
        card = cards.card(int(row["id"]))
        assert card.expansion.value == row["expansion"]
        assert card.type.value == row["type"]
        assert card.copies == int(row["copies"])
        for language in ("en", "fr", "de", "es", "it"):
            listed = row[f"name_{language}"].strip()
            if card.names[language] != listed:  # the seeds' printing won (tests/words)
                assert (language, listed) in card.other_names, (card.id, language)
        for entry in filter(None, row["other_names"].strip().split(";")):
            language, name = entry.split(":", 1)
            assert name in (card.names.get(language), *(n for lang, n in card.other_names
                                                         if lang == language)), entry
        assert " ".join(f"{k.value}{n}" for k, n in card.cost) == row["cost"]
        assert " ".join(f"{k.value}{n}" for k, n in card.construction_bonus) == row[
            "construction_bonus"
        ]
        assert " ".join(str(i) for i in card.production) == row["production"]
        assert str(card.points) == row["victory_points"]
        assert card.recycle.value == row["recycle"]


def test_portuguese_names_come_from_the_portuguese_rulebook(cards: Catalog,
                                                            reference: Path) -> None:
    """No Portuguese card list is among the printings: where the Portuguese rulebook
    names a card ("pt:Centro Financeiro"), that is its name in Portuguese; every other
    card has our own Portuguese name, marked `translated_names`, never the English."""
    raw = {entry["id"]: entry
           for entry in json.loads((assets_dir() / "cards.json").read_text("utf-8"))}
    named = 0
    for row in _rows(reference / "cards.csv"):
        card = cards.card(int(row["id"]))
        portuguese = [entry.split(":", 1)[1] for entry in row["other_names"].split(";")
                      if entry.startswith("pt:")]
        ours = "pt" in raw[card.id].get("translated_names", [])
        if portuguese:
            assert card.name_in("pt") == portuguese[0] and not ours
        else:
            assert ours, (card.id, "an unprinted Portuguese name is marked as ours")
        named += bool(portuguese)
    assert named >= 20 and cards.card("Financial Center").name_in("pt") == "Centro Financeiro"
    assert cards.card("Military Base").name_in("pt") == "Base Militar"
    assert cards.card("Financial Center").name_in("fr") == "Place Financière"


def test_a_language_the_data_does_not_know_reads_the_english_name(cards: Catalog) -> None:
    center = cards.card("Financial Center")
    assert (center.name_in("ja"), center.name_in("")) == ("Financial Center",) * 2


def test_every_empire_face_matches_the_reference(cards: Catalog, reference: Path) -> None:
    rows = _rows(reference / "empires.csv")
    assert len(rows) == len(cards.empires) == 42
    for row in rows:
        face = cards.empire(row["empire_en"], row["face"])
        for language in ("en", "fr", "de", "es", "it"):
            assert face.names[language] == row[f"empire_{language}"]
        assert face.name_in("pt") not in (face.name, "")  # ours: no seed names Empires
        assert face.expansion.value == row["expansion"]
        assert " ".join(str(i) for i in face.production) == row["production"]
        assert str(face.points) == row["victory_points"]
        assert face.start_krystallium == int(row["start_krystallium"])
        assert face.variant == (row["face"] not in "AB")
        assert face.status == row["status"]


def test_seven_empires_with_rulebook_faces_a_and_b(cards: Catalog) -> None:
    names = cards.empire_names()
    assert len(names) == 7
    for name in names:
        assert not cards.empire(name, "A").variant
        assert not cards.empire(name, "B").variant
        assert cards.empire(name, "C").variant


def test_variant_faces_are_opt_in(cards: Catalog) -> None:
    with pytest.raises(Rejected) as refused:
        cards.empire("Aztec Empire", "C", variants=False)
    assert (refused.value.kind, refused.value.params["face"]) == (Refusal.EMPIRE_FACE, "C")


@pytest.mark.parametrize("name", ["eoliennes", "Éoliennes", "EOLIENNES", "Wind Turbines",
                                  "wind-turbines", "Windkraftanlagen", "turbinas eolicas",
                                  "Aerogenerador", "Turbine Eoliche", "9", "  wind turbines "])
def test_lookup_in_any_language_ignoring_case_accents_punctuation(cards: Catalog,
                                                                   name: str) -> None:
    assert cards.card(name).name == "Wind Turbines"


def test_lookup_by_id(cards: Catalog) -> None:
    assert cards.card(68).name == "Center of the Earth"
    with pytest.raises(Rejected) as refused:
        cards.card(130)
    assert (refused.value.kind, refused.value.params["number"]) == (Refusal.UNKNOWN_CARD, "130")


@pytest.mark.parametrize("key", ["²", "٣", "9" * 5_000, 10**5_000, " 0130 "],
                         ids=["superscript", "arabic-indic", "5000-digit-text", "huge-int", "130"])
def test_a_number_no_card_has_is_refused_never_a_crash(cards: Catalog, key: int | str) -> None:
    # "²" and "٣" are digits to str.isdigit() but not to int(); 5,000 digits are more
    # than Python converts between int and text: each is a Rejected, as any unknown card.
    with pytest.raises(Rejected) as error:
        cards.card(key)
    assert error.value.kind is Refusal.UNKNOWN_CARD
    assert len(str(error.value)) < 200


def test_unknown_name_suggests_the_closest(cards: Catalog) -> None:
    with pytest.raises(Rejected) as error:
        cards.card("Wind Turbine")
    assert (error.value.kind, error.value.params["name"]) == (Refusal.UNKNOWN_CARD,
                                                              "Wind Turbine")
    assert "Wind Turbines" in error.value.params["hint"]
    with pytest.raises(Rejected) as error:
        cards.card("Zepellin")
    assert error.value.kind is Refusal.UNKNOWN_CARD
    assert "Zeppelin" in error.value.params["hint"]


def test_find_cards_prefers_prefix_matches(cards: Catalog) -> None:
    found = [c.name for c in cards.find_cards("sub")]
    assert found[0] == "Submarine"
    assert [c.name for c in cards.find_cards("éolien")] == ["Wind Turbines"]


def test_empire_lookup_in_any_language(cards: Catalog) -> None:
    assert cards.empire("États du Noram", "b").name == "Noram States"
    assert cards.empire("estados de noram", "A").points.per == (Token.FINANCIER,)
    with pytest.raises(Rejected) as error:
        cards.empire("Noram State", "A")
    assert error.value.kind is Refusal.UNKNOWN_EMPIRE
    assert "Noram States" in error.value.params["hint"]


def test_parsed_values(cards: Catalog) -> None:
    carrier = cards.card("Aircraft Carrier")
    assert carrier.cost == ((Resource.MATERIALS, 3), (Resource.ENERGY, 4))
    assert carrier.construction_bonus == ((Token.GENERAL, 2),)
    (icon,) = carrier.production
    assert (icon.kind, icon.amount, icon.per) == (Resource.EXPLORATION, 1, CardType.VEHICLE)
    robot = cards.card("Giant Robot")
    assert robot.points.per == (CardType.STRUCTURE, CardType.VEHICLE)
    assert robot.points.amount == 6
    assert [(i.kind, i.amount) for i in cards.card("Robot Factory").production] == [
        (Resource.MATERIALS, -1), (Resource.ENERGY, 2), (Resource.SCIENCE, 2)]


def test_normalize() -> None:
    assert normalize("Alexander's Tomb") == normalize("alexanders tomb") == "alexanderstomb"
    assert normalize("Île d’Avalon") == "iledavalon"


# --- broken data files fail loudly, naming file, card and field ------------------------


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    for name in ("cards.json", "empires.json"):
        shutil.copy(assets_dir() / name, tmp_path / name)
    return tmp_path


def _edit(folder: Path, name: str, index: int, **changes: object) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    data[index].update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"cost": "M4 Q1"}, r"cards\.json: card #1 \(Financial Center\): field 'cost'"),
        ({"copies": "five"}, r"card #1 \(Financial Center\): field 'copies'"),
        ({"copies": 0}, r"field 'copies': must be at least 1"),
        ({"type": "Spaceship"}, r"field 'type'"),
        ({"production": "G2 per Starship"}, r"field 'production'"),
        ({"victory_points": "2/Dragons"}, r"field 'victory_points'"),
        ({"recycle": "K"}, r"field 'recycle'"),
        ({"construction_bonus": "M1"}, r"field 'construction_bonus'"),
        ({"names": {"en": "Financial Center"}}, r"field 'names.fr'"),
        ({"id": 2}, r"card id 2 appears twice"),
        ({"surprise": 1}, r"field 'surprise'"),
    ],
)
def test_broken_card_file_names_file_card_and_field(broken: Path, changes: dict[str, object],
                                                    expected: str) -> None:
    _edit(broken, "cards.json", 0, **changes)
    with pytest.raises(CatalogError, match=expected):
        load_catalog(broken)


def test_broken_empire_file(broken: Path) -> None:
    _edit(broken, "empires.json", 1, production="M2 E1 Z1")
    with pytest.raises(CatalogError, match=r"empires\.json: Empire entry 2 \(Aztec Empire B\): "
                                           r"field 'production'"):
        load_catalog(broken)


def test_malformed_json_and_missing_file(broken: Path) -> None:
    (broken / "cards.json").write_text("[{", encoding="utf-8")
    with pytest.raises(CatalogError, match="cards.json: not valid JSON"):
        load_catalog(broken)
    (broken / "cards.json").unlink()
    with pytest.raises(CatalogError, match="cards.json: file is missing"):
        load_catalog(broken)
