"""The Rules section: the topics, a search, a page per rule, and a "?" beside a result
that opens its rule with the game's own numbers (written here by hand)."""

from __future__ import annotations

from harness import Ui
from test_game_flow import draft, start_solo


def test_a_why_from_a_production_step_shows_the_rule_with_this_games_numbers(
        ui: Ui) -> None:
    start_solo(ui)  # Noram States A: 3 Materials
    ui.click("Start production")
    game = ui.route
    assert ui.text("supremacy") == "3: not enough for a Financier (solo needs 5)"
    ui.click("Why this supremacy?")
    assert ui.route.startswith("/rules/supremacy?")
    assert ui.text("why") == ("You produced 3 Materials: playing alone, the supremacy bonus"
                              " needs 5 or more.")
    assert "Supremacy" in ui.screen_text()
    ui.click("Back")
    assert ui.route == game, "back returns to the game, at the same step"
    assert ui.text("produced") == "You produce 3 Materials"


def test_the_rules_list_searches_and_opens_a_rule(ui: Ui) -> None:
    ui.go("/rules")
    assert {"Supremacy", "Krystallium", "Solo rank"} <= set(ui.names())
    ui.fill("Search the rules", "KRYSTALLIUM empire")
    assert "Krystallium" in ui.names() and "Solo rank" not in ui.names()
    ui.fill("Search the rules", "zzzyx")
    assert "No rule mentions these words." in ui.screen_text()
    ui.fill("Search the rules", "")
    ui.click("Krystallium")
    assert ui.route == "/rules/krystallium"
    assert "5" in ui.text("rule-krystallium")
    assert not ui.has_id("rule-why"), "no numbers when it was not opened from a game"


def test_an_unknown_rule_or_nonsense_numbers_never_break_the_page(ui: Ui) -> None:
    ui.go("/rules/no-such-rule")
    assert "There is no rule no-such-rule" in ui.text("not-found")
    ui.go("/rules/supremacy?resource=Energy&totals=%5B%5B%22A%22%2C-3%5D%5D")
    assert ui.has_id("rule-supremacy") and not ui.has_id("rule-why")


def test_a_cards_page_says_how_it_scores_and_leads_to_the_rule(ui: Ui) -> None:
    ui.go("/cards/46")  # Harbor Zone: 2 points (cards.csv)
    assert ui.text("card-scoring") == "2 victory points, once the card is built."
    ui.click("Which rule scores this card?")
    assert ui.route == "/rules/score?over=%2Fcards%2F46"
    ui.click("Back")
    assert ui.route == "/cards/46"


def test_the_cubes_on_the_empire_lead_to_the_krystallium_rule(ui: Ui) -> None:
    start_solo(ui)
    ui.click("How do cubes become Krystallium?")
    assert ui.route.startswith("/rules/krystallium?cubes=0&held=0")
    assert ui.text("why") == ("0 cubes on your Empire card: fewer than 5, so none has become"
                              " Krystallium yet (5 more make the next one). You hold 0"
                              " Krystallium.")


def test_at_a_table_the_why_names_the_players_whose_totals_were_typed(ui: Ui) -> None:
    ui.click("Table game (2–7 players)")
    ui.click("One player fewer")  # 3 players
    ui.fill("Name of player 2", "Ada")
    ui.click("Start the game")  # Noram States A: 3 Materials
    ui.click("Start production")
    ui.click("Enter their exact totals")
    ui.fill("Ada's total", "3")
    ui.fill("Player 3's total", "1")
    ui.click("Confirm the totals")
    ui.click("Why this supremacy?")
    assert ui.text("why") == ("You 3, Ada 3, Player 3 1 Materials: a tie at the top (You, Ada),"
                              " so nobody takes the supremacy bonus (2 to 5 players).")


def test_what_just_happened_leads_to_the_rule_behind_it(ui: Ui) -> None:
    start_solo(ui)  # Noram States A: 3 Materials
    draft(ui, "Wind Turbines")
    ui.click("Start production")
    ui.click("Place the cubes")  # 2 on Wind Turbines: built at once
    assert "Wind Turbines is built and joins your Empire" in ui.text("events")
    game = ui.route
    ui.click("Rule: Construction")
    assert ui.route.startswith("/rules/construction?card=9")  # Wind Turbines is card 9
    assert ui.text("why") == ("Wind Turbines is built: its last slot is filled, so it joins"
                              " your Empire at once and produces from the next production"
                              " step on.")
    ui.click("Back")
    assert ui.route == game


def test_a_card_under_construction_says_what_its_points_are_worth_in_this_game(
        ui: Ui) -> None:
    start_solo(ui)  # Noram States A: 3 Materials
    draft(ui, "Wind Turbines")
    draft(ui, "World Congress")  # 3 points per Project
    ui.click("Start production")
    ui.click("Place the cubes")  # Wind Turbines built; no Project built yet
    game = ui.route
    ui.click("How does World Congress score?")
    assert ui.route.startswith("/cards/")
    assert ui.text("card-now") == "Project cards built now in your game: 0, so 3 × 0 = 0."
    ui.click("Back")
    assert ui.route == game
    ui.go("/cards/9?game=nope")  # a game that is not there: the card alone
    assert ui.has_id("card-scoring") and not ui.has_id("card-now")


def test_the_worked_examples_are_drawn_and_counted_as_the_rulebooks_print_them(
        ui: Ui) -> None:
    """Figures written by hand from the rulebooks' examples (examples.md 1, 3, 5, 6)."""
    ui.go("/rules/production")
    assert ui.text("example-production-benjamin-production") == (
        "5 Materials 0 Energy 2 Science 0 Gold 1 Exploration")
    ui.go("/rules/score")
    assert ui.text("example-score-simon-total") == "62 points"
    assert ui.text("example-score-simon-combo") == "30"
    assert ui.text("example-score-simon-financiers") == "18"
    assert ui.text("example-score-apolline-total") == "61 points"
    ui.go("/rules/duo")
    assert ui.text("example-duo-apolline-duo") == "9"
    assert ui.text("example-duo-apolline-total") == "24 points"


def test_construction_corruption_and_supremacy_examples_read_as_the_rulebooks_print_them(
        ui: Ui) -> None:
    """examples.md 2 and 4 (the rulebooks') and 8 (ours), figures written by hand."""
    ui.go("/rules/construction")
    # Simon's 2 Materials go on Wind Turbines (M2): built at once, 1 Energy in the next step.
    assert ui.text("example-construction-simon-step-1") == "Materials step: you produce 2"
    assert "Wind Turbines is built and joins your Empire" in ui.text(
        "example-construction-simon")
    assert ui.text("example-construction-simon-step-2") == "Energy step: you produce 1"
    ui.go("/rules/corruption")
    assert ui.text("example-corruption-apolline-gross") == (
        "4 Materials 3 Energy 3 Science 0 Gold 2 Exploration")
    assert ui.text("example-corruption-apolline-corruption") == (
        "1 Material 0 Energy 0 Science 1 Gold 0 Exploration")
    assert ui.text("example-corruption-apolline-production") == (
        "3 Materials 3 Energy 3 Science 0 Gold 2 Exploration")
    ui.go("/rules/supremacy")
    said = [ui.text(f"example-supremacy-ties-{n}") for n in range(1, 9)]
    assert "Player 1 produced the most, and the second place is shared" in said[0]
    assert "Player 1, Player 2 tie at the top" in said[1] and "both take" in said[1]
    assert "3 players tie at the top (Player 1, Player 2, Player 3), so nobody" in said[2]
    assert "Player 1 produced the most and Player 2 is alone in second place" in said[3]
    assert "a tie at the top (Player 1, Player 2), so nobody" in said[4]
    assert "Player 1 produced more than every other player and takes" in said[5]
    assert said[6] == ("You produced 5 Materials: playing alone, 5 or more wins the supremacy"
                       " bonus.")
    assert said[7] == ("You produced 4 Materials: playing alone, the supremacy bonus needs 5"
                       " or more.")


def test_each_example_says_whose_it_is_and_the_score_is_the_printed_picture(
        ui: Ui) -> None:
    """Seed 002's score picture: Noram States face A, 11 cards, 62 points; its corruption
    picture: the Panafrican Union, face B. No English edition is among the rulebooks, so
    the English page names the French one; the supremacy and rank examples are ours."""
    ui.go("/rules/score")
    assert ui.text("example-score-simon-source") == "Example from the French rulebook"
    assert "Noram States (face A)" in ui.text("example-score-simon")
    assert ui.text("example-score-simon-raw") == "12"
    assert ui.text("example-score-simon-generals") == "2"
    assert ui.text("example-score-simon-total") == "62 points"
    ui.go("/rules/corruption")
    assert "Panafrican Union (face B)" in ui.text("example-corruption-apolline")
    ui.go("/rules/supremacy")
    assert ui.text("example-supremacy-ties-source") == "An example"
    ui.go("/rules/solo-rank")
    assert ui.text("example-solo-rank-85-source") == "An example"
    ui.click("Settings")
    ui.click("Español")
    ui.go("/rules/score")  # seed 000 prints this one, and names its player Amanda
    assert ui.text("example-score-simon-source") == "Ejemplo del reglamento"
    assert "Ejemplo: Amanda suma 62 PV." in ui.text("rule-score")
    assert ui.text("example-score-apolline-source") == "Ejemplo del reglamento francés"
    ui.go("/rules/production")
    assert "Ejemplo: Álvaro juega con la Unión Panafricana" in ui.text("rule-production")
    ui.go("/rules/construction")
    assert "Esther produce 2 Materiales" in ui.text("rule-construction")
    ui.go("/rules/supremacy")
    assert ui.text("example-supremacy-ties-source") == "Un ejemplo"


def test_the_solo_rank_example_reads_each_score_by_the_table(ui: Ui) -> None:
    """Our example (examples.md 7, which no rulebook prints): 85 on B is Emperor, 85 on A is
    70, Dictator."""
    ui.go("/rules/solo-rank")
    text = ui.text("example-solo-rank-85")
    assert "85 points on face B: 80 or more, so Emperor." in text
    assert ("85 points on face A: 70 once the 15 of face A are taken off, 60 or more, so"
            " Dictator.") in text
    assert "59 points on face B: under 60, so Apprentice." in text
    assert "100 points on face B: 100 or more, so Living God." in text


def test_the_rules_are_one_tap_from_every_screen_and_back_returns_to_it(ui: Ui) -> None:
    start_solo(ui)
    game = ui.route
    ui.click("Rules")  # the book in the top bar, beside the settings
    assert ui.route.startswith("/rules?over=")
    ui.click("Krystallium")
    assert ui.route.startswith("/rules/krystallium")
    ui.click("Back")
    assert ui.route.startswith("/rules?over="), "back to the list first"
    ui.click("Back")
    assert ui.route == game, "the game in the middle of its round, not the home screen"
    ui.go("/history")
    ui.click("Rules")
    assert ui.route == "/rules?over=%2Fhistory"
