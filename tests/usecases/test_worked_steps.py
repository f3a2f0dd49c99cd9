"""The rulebooks' construction example as the engine plays it (`companion.usecases.worked`):
the step that builds the card, and the next step, in which it already produces."""

from __future__ import annotations

from companion.rules.cards import Resource
from companion.rules.moves import Event
from companion.shipped.catalog import Catalog
from companion.shipped.rulebook import Tableau, worked_examples
from companion.usecases.worked import Step, construction_steps

BUILT = Event("built", "{card} is built and joins your Empire",
              {"card": "Wind Turbines", "uid": 1})


def test_simon_s_wind_turbines(cards: Catalog) -> None:
    """examples.md 2: Panafrican Union A produces 2 Materials, both go on Wind Turbines
    (M2), which is built and produces 1 Energy in the Energy step of the same round."""
    simon = worked_examples()["construction-simon"]
    assert construction_steps(simon, cards) == (Step(Resource.MATERIALS, 2, (BUILT,)),
                                                Step(Resource.ENERGY, 1))


def test_the_cubes_the_card_does_not_need_go_on_the_empire(cards: Catalog) -> None:
    """Noram States A produces 3 Materials: Wind Turbines takes 2, the third goes on the
    Empire; the turbines then make Noram's first Energy."""
    noram = Tableau(id="noram", shows="construction", empire="Noram States", face="A",
                    built=("Wind Turbines",))
    assert construction_steps(noram, cards) == (Step(Resource.MATERIALS, 3, (BUILT,)),
                                                Step(Resource.ENERGY, 1))


def test_the_example_s_face_is_the_one_played(cards: Catalog) -> None:
    """Panafrican Union B (M2 E1 S1): the same 2 Materials build the turbines, and the
    Energy step then counts the face's 1 Energy and the turbines' 1."""
    face_b = Tableau(id="b", shows="construction", empire="Panafrican Union", face="B",
                     built=("Wind Turbines",))
    assert construction_steps(face_b, cards) == (Step(Resource.MATERIALS, 2, (BUILT,)),
                                                 Step(Resource.ENERGY, 2))
