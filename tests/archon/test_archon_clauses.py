"""Every clause of the Archon facts file (shared/reference/archon-facts.md: rulebook
sections §1-§10, the examples T1-T6, the unprinted figures §11 and the resolutions
A1-A29) and the tests that check it. The map is checked: each test named exists in
tests/archon/, so it cannot name a test that is gone."""
from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent

CLAUSES: dict[str, tuple[str, ...]] = {
    "1a": ("test_8a_the_game_ends_after_the_third_season_s_scoring",),
    "2a 2b": ("test_the_printed_counts_of_section_2",),
    "3.1 3.2": ("test_3_7_and_3_11_the_marketplace_holds_the_first_king_s_grant",),
    "3.3": ("test_3_3_each_player_takes_figures_warriors_and_courtiers",),
    "3.4": ("test_3_4_player_order_is_random_by_seed",),
    "3.5 3.9 A9": ("test_3_5_starting_resources_by_turn_order",),
    "3.6": ("test_3_6_the_first_province_fills_the_repository_by_player_count",),
    "3.7 3.11 A18": ("test_3_7_and_3_11_the_marketplace_holds_the_first_king_s_grant",),
    "3.8 A6": ("test_3_8_markers_on_the_4th_space_of_the_scoring_track",),
    "3.10 3.12 3.13 3.15": ("test_3_10_to_3_15_decks_and_piles",),
    "3.14 4.2.10c A25": ("test_3_14_one_king_s_favor_per_player_in_order",
                         "test_6_2_the_farthest_king_s_favor_leaves_the_rest_slide_on"),
    "3.16 3.17 A12": ("test_3_16_3_17_starting_magisters_in_player_order",
                      "test_3_17_a_pair_the_player_cannot_pay_is_not_offered"),
    "3.18 9a A29": ("test_3_18_building_tiles", "test_4_2_7_acquire_a_tile_pay_score_never_twice"),
    "3.19": ("test_3_19_season_one_round_one",),
    "3.20": ("test_3_20_covered_slots",),
    "4a": ("test_4a_the_ten_cards_split_into_two_piles_of_five",),
    "4b 6.6": ("test_4b_a_new_split_before_odd_rounds_the_other_pile_in_even_rounds",),
    "4c 4.2a": ("test_4c_a_turn_plays_a_card_and_places_a_figure",),
    "4d 5b A15": ("test_4d_a_two_card_slot_takes_two_cards_or_one_magister",),
    "4e 4.1a": ("test_4e_4_1a_pass_with_cards_then_no_more_turns",),
    "4.1b": ("test_4_1b_passing_announces_how_many_cards_not_which",),
    "4.1c 4.1d 4.1e A14": ("test_4_1c_to_e_next_round_order",),
    "4.2b 5.2 A28": ("test_4_2b_an_occupied_slot_only_a_cleric_may_join", "test_5_2_cleric_still_pays_the_toll"),
    "4.2c A26": ("test_4_2c_no_placement_without_its_action",
                 "test_a26_a_player_with_no_card_left_passes_by_itself"),
    "4.2.1 5.4 A10": ("test_4_2_1_repository_one_cube_of_choice_two_with_a_merchant",
                      "test_5_4_a_merchant_takes_the_second_cube_only_if_there_is_one",
                      "test_a10_an_empty_barracks_cannot_be_visited"),
    "4.2.2 4.2.3": ("test_4_2_2_4_2_3_barracks_and_treasury",),
    "4.2.4 A16": ("test_4_2_4_bought_and_sold_resources_differ_and_at_least_one_trade",
                  "test_4_2_4_no_trade_possible_no_visit", "test_9_house_of_trade_and_laboratory"),
    "T1": ("test_t1_buy_a_silver_under_the_slot_marked_2",),
    "T2": ("test_t2_sell_an_iron_for_3_then_buy_a_silver_and_a_papyrus",),
    "4.2.5 T3": ("test_t3_a_second_cleric",),
    "A8 A27": ("test_a8_the_replaced_courtier_s_place",
               "test_6_1_hands_are_discarded_and_6_4_6_5_figures_and_tokens_come_off"),
    "A11 A13": ("test_a13_other_players_markers_never_block_and_a11_track_end",),
    "4.2.6": ("test_4_2_6_royal_guard_up_to_two_warriors_gate_scores",
              "test_4_2_6_no_recruit_or_no_silver_no_visit"),
    "4.2.7": ("test_4_2_7_acquire_a_tile_pay_score_never_twice",),
    "4.2.8 4.2.9": ("test_4_2_8_4_2_9_one_card_then_maybe_a_second",),
    "4.2.10 A7": ("test_4_2_10_favor_slots_are_action_slots",),
    "5a": ("test_5a_a_magister_may_pay_like_a_courtier",),
    "5.1 A2": ("test_5_1_tax_collector_token_and_tolls", "test_5_1_a_toll_the_visitor_cannot_pay_bars_the_building",
               "test_5_1_no_token_left_no_token", "test_a2_the_palace_is_one_building_for_tolls"),
    "5.3 A1": ("test_5_3_scribe_gives_one_more_action_not_two", "test_5_3_a_second_scribe_gives_no_third_action"),
    "5.4 A5": ("test_4_2_2_4_2_3_barracks_and_treasury",
               "test_5_4_no_merchant_yield_where_there_is_no_merchant_symbol"),
    "6.1 6.4 6.5": ("test_6_1_hands_are_discarded_and_6_4_6_5_figures_and_tokens_come_off",),
    "6.2": ("test_6_2_the_farthest_king_s_favor_leaves_the_rest_slide_on",),
    "6.3": ("test_6_3_repository_leftovers_go_back_and_a_new_province_fills_it",),
    "6.7 7a A24": ("test_4b_a_new_split_before_odd_rounds_the_other_pile_in_even_rounds",
                   "test_t4_sandra_s_raid", "test_8a_the_game_ends_after_the_third_season_s_scoring"),
    "A3": ("test_a3_a_passed_player_s_figure_still_blocks_and_its_token_collects",),
    "7b 7d T4": ("test_t4_sandra_s_raid",),
    "7c": ("test_7c_a_defended_city_loses_nothing",),
    "7e A21": ("test_7e_recruits_first_then_the_player_picks_the_cubes",
               "test_7e_gold_two_a_point_then_vp_and_a21_the_odd_coin", "test_7e_a_score_may_drop_below_zero"),
    "7.1a 7.1b": ("test_7_1_scoring_by_the_season_s_king_s_grant",),
    "7.1c T5": ("test_t5_two_tied_for_second",),
    "T6": ("test_t6_three_tied_for_first",),
    "7.1d A22": ("test_7_1c_rounding_down_and_a22_nothing_without_a_card",),
    "7.2a 7.2b 7.2c 7.2d A17": ("test_7_2_preparing_the_next_season",),
    "8a": ("test_8a_the_game_ends_after_the_third_season_s_scoring",),
    "8b": ("test_8b_end_game_tile_vp",),
    "8c A29": ("test_8c_winners_and_tie_breakers",),
    "9b A20": ("test_9_season_discounts_level_2", "test_9_season_3_discounts_level_3_stone",
               "test_9_craftsman_pays_for_its_own_acquisition_and_later_ones"),
    "9c": ("test_4_2_7_acquire_a_tile_pay_score_never_twice",),
    "9 Craftsman": ("test_9_craftsman_pays_for_its_own_acquisition_and_later_ones",),
    "9 House of Arts, Tavern, A23": ("test_a23_house_of_arts_and_tavern_pay_at_the_start_of_later_seasons",),
    "9 Inn, A19": ("test_9_inn_spares_one_cube_of_choice",),
    "9 Weaponsmith": ("test_9_weaponsmith_two_more_recruits_in_the_barracks_only",),
    "9 House of Trade, Laboratory": ("test_9_house_of_trade_and_laboratory",),
    "9 Chapel, A4": ("test_a4_chapel_merchants_are_also_tax_collectors_and_back",),
    "9 Gallery, Library, Armory": ("test_a23_gallery_library_armory_score_each_season",),
    "9 Architects' Guild, Magisters' Court": ("test_8b_end_game_tile_vp",),
    "9 Gardens, Statue": ("test_4_2_7_acquire_a_tile_pay_score_never_twice",
                          "test_the_example_figures_meet_section_11s_constraints"),
    "10 13": ("test_10_13_the_rulebook_s_names", "test_words_are_the_game_s_words"),
    "11.1-11.16": ("test_every_table_says_whether_its_figures_are_printed",
                   "test_the_example_figures_meet_section_11s_constraints",
                   "test_a_bad_components_file_is_refused_naming_file_entry_and_field"),
}


def _tests() -> set[str]:
    names = set()
    for path in HERE.glob("test_archon_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_every_clause_names_tests_that_exist():
    have = _tests()
    missing = {c: [t for t in ts if t not in have] for c, ts in CLAUSES.items() if any(t not in have for t in ts)}
    assert not missing, missing


def test_every_resolution_and_example_is_mapped():
    ids = " ".join(CLAUSES).replace(",", " ").split()
    for i in range(1, 30):
        if f"A{i}" not in ids:
            raise AssertionError(f"A{i} has no test in the map")
    for i in range(1, 7):
        assert f"T{i}" in ids, f"T{i}"
