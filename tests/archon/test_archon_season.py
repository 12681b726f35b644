"""The end of a Season (rulebook §7: the attack, §7.1 King's Grant scoring, §7.2
the next Season), the end of the game (§8) and the tiles that pay by Season or
at the end (§9), with T4-T6 and the facts file's A17, A21-A24, A29."""
from __future__ import annotations

import pytest
from archon_positions import choose, new, started, surgery, to_round_end

import archwk
from archwk.games.archon.rules import rank_shares

RES = ("stone", "papyrus", "silver", "iron")


def before_attack(s, wall: dict, attack: int, round_: int = 3):
    """`s` moved to round `round_` (the last of its Season) with `wall` (seat -> Elite
    Warriors on the wall) and Attack card `attack` on top of the deck."""
    def change(t):
        t.round = round_
        i = 0
        for p, k in wall.items():
            for _ in range(k):
                while t.parts.wall[i].players > t.n:
                    i += 1
                t.wall[i] = p
                t.seats[p].warriors -= 1
                i += 1
        t.attack_deck.remove(attack)
        t.attack_deck.insert(0, attack)
    return surgery(s, change)


def test_t4_sandra_s_raid():
    """§7, T4: 4 Elite Warriors on the wall (Sandra's 1), Strength 5: raided. Sandra's
    shortfall 4: 1 Recruit token, 1 Resource, 2 Gold for 1 point, 1 VP for the last."""
    s = archwk.new_game(["Sandra", "Ann", "Ben", "Cy"], seed=3, game="archon")
    while s.decision in ("start", "split"):
        s = s.apply(s.legal_actions()[0])
    s = s.edit(player=0, recruits=1, gold=2, resources={"iron": 1})
    for p in (1, 2, 3):
        s = s.edit(player=p, recruits=5, resources={})
    s = before_attack(s, {0: 1, 1: 1, 2: 1, 3: 1}, attack=1)          # card 1: Strength 5 with 4 players
    vp = s.players[0].vp
    s = to_round_end(s)
    texts = [e.text for e in s.events]
    assert "The city is attacked at the end of Season 1: Strength 5 against 4 Elite Warriors on the wall: " \
           "the city is raided" in texts
    assert [t for t in texts if t.startswith("Sandra") and "raid" in t] == [
        "Sandra loses 1 Recruit token to the raid", "Sandra loses 1 Iron to the raid",
        "Sandra pays 2 Gold to the raid", "Sandra loses 1 VP to the raid"]
    sandra = s.players[0]
    assert (sandra.recruits, sandra.cubes, sandra.gold) == (0, 0, 0)
    scored = sum(e.data["vp"]["0"] for e in s.events if e.kind == "scored")
    assert sandra.vp == vp - 1 + scored
    assert [p.recruits for p in s.players[1:]] == [1, 1, 1]            # the others' shortfall of 4 each
    assert archwk.table(s).decks["attacks"] == 5 and archwk.table(s).attacks == ((1, 5),)   # §7: removed


def test_7c_a_defended_city_loses_nothing():
    s = started(2, seed=4)
    s = before_attack(s, {0: 2, 1: 1}, attack=1)                        # Strength 3 with 2 players
    before = [(p.recruits, p.cubes, p.gold) for p in s.players]
    s = to_round_end(s)
    assert not [e for e in s.events if e.kind == "loss"]
    assert any("the city holds" in e.text for e in s.events)
    assert [(p.recruits, p.cubes, p.gold) for p in s.players] == before


def test_7e_recruits_first_then_the_player_picks_the_cubes():
    """§7 (A21): Recruit tokens first, then Resources, the player choosing which."""
    s = started(2, seed=5)
    p, q = s.order
    s = s.edit(player=p, recruits=2, gold=0, resources={"stone": 2, "iron": 2})
    s = s.edit(player=q, recruits=9)
    s = before_attack(s, {q: 1}, attack=4)                              # Strength 5: p's shortfall 5
    s = to_round_end(s)
    assert s.players[p].recruits == 0 and s.decision == "lose" and s.current_player == p
    assert {a.resource for a in s.legal_actions()} == {"stone", "iron"}
    s = choose(s, "lose", resource="iron")
    s = choose(s, "lose", resource="iron")                              # now only Stone is left to lose
    assert dict(s.players[p].resources) == {"stone": 1, "papyrus": 0, "silver": 0, "iron": 0}


@pytest.mark.parametrize("odd, gold_left", [("kept", 1), ("lost", 0)])
def test_7e_gold_two_a_point_then_vp_and_a21_the_odd_coin(odd, gold_left):
    """§7: 2 Gold a point, then VP; A21: an odd last coin is kept (default) or lost."""
    s = started(2, seed=5, odd_gold=odd)
    p, q = s.order
    s = s.edit(player=p, recruits=0, gold=3, resources={})
    s = s.edit(player=q, recruits=9)
    s = before_attack(s, {q: 1, p: 3}, attack=4)                        # Strength 5: p's shortfall 2
    vp = s.players[p].vp
    s = to_round_end(s)
    me = s.players[p]
    scored = sum(e.data["vp"][str(p)] for e in s.events if e.kind == "scored")
    assert me.gold == gold_left and me.vp == vp - 1 + scored


def test_7e_a_score_may_drop_below_zero():
    s = started(2, seed=6)
    p, q = s.order
    s = s.edit(player=p, recruits=0, gold=0, resources={}, vp=1)
    s = s.edit(player=q, recruits=9)
    s = before_attack(s, {q: 1}, attack=6)                              # Strength 5
    s = to_round_end(s)
    assert s.players[p].vp == 1 - 5


# ---------------------------------------------------------------- §7.1 scoring

def test_t5_two_tied_for_second():
    assert rank_shares([9, 5, 5, 2], (8, 5, 3, 1)) == [8, (5 + 3) // 2, (5 + 3) // 2, 1]


def test_t6_three_tied_for_first():
    assert rank_shares([4, 4, 4, 1], (9, 5, 3, 1)) == [(9 + 5 + 3) // 3] * 3 + [1]


def test_7_1c_rounding_down_and_a22_nothing_without_a_card():
    assert rank_shares([2, 2], (7, 4)) == [5, 5]                        # (7 + 4) // 2
    assert rank_shares([0, 3, 0, 1], (6, 3, 1)) == [0, 6, 0, 3]
    assert rank_shares([1, 1, 1, 1], (6, 3)) == [2, 2, 2, 2]            # ranks past the list: 0, pooled


def test_7_1_scoring_by_the_season_s_king_s_grant():
    s = started(3, seed=7)
    a, b, c = s.order
    s = s.edit(player=a, arts=3).edit(player=b, arts=3).edit(player=c, science=1)
    s = before_attack(s, {}, attack=1)
    s = s.edit(player=a, recruits=7).edit(player=b, recruits=7).edit(player=c, recruits=7)
    grant = archwk.table(s).grant
    vp = [p.vp for p in s.players]
    s = to_round_end(s)
    arts = next(e for e in s.events if e.kind == "scored" and e.data["category"] == "arts")
    assert arts.data["vp"] == {str(a): (grant.arts[0] + grant.arts[1]) // 2,
                               str(b): (grant.arts[0] + grant.arts[1]) // 2, str(c): 0}
    sci = next(e for e in s.events if e.kind == "scored" and e.data["category"] == "science")
    assert sci.data["vp"][str(c)] == grant.science[0]
    assert "King's Grant, Arts cards:" in arts.text
    strength = archwk.table(s).attacks[0][1]
    assert s.players[c].vp == vp[c] + grant.science[0]                  # the raid took Recruit tokens only
    assert s.players[c].recruits == 7 - strength


def test_a23_gallery_library_armory_score_each_season():
    s = started(2, seed=8)
    p, q = s.order
    s = s.edit(player=p, tiles=["Gallery", "Library", "Armory"], arts=2, science=1, recruits=9)
    s = s.edit(player=q, recruits=9)
    s = before_attack(s, {p: 2}, attack=6)
    s = to_round_end(s)
    tile_vp = {e.data["per"]: e.data["vp"] for e in s.events if e.kind == "tile_vp"}
    assert tile_vp == {"arts": 2, "science": 1, "warriors": 2}
    assert "scores 1 VP from the Library" in " ".join(e.text for e in s.events)


# ---------------------------------------------------------------- §7.2 the next Season

@pytest.mark.parametrize("refill", ["exact", "top_up"])
def test_7_2_preparing_the_next_season(refill):
    """§7.2 (A17): the next King's Grant, the Marketplace refilled (laid out exactly, or
    topped up), Elite Warriors back to their owners, Arts and Science cards back."""
    s = started(2, seed=9, marketplace_refill=refill)
    p, q = s.order
    s = s.edit(player=p, arts=2, science=1, recruits=9).edit(player=q, recruits=9)

    def market(t):                                  # every Silver slot filled
        for i, ms in enumerate(t.parts.marketplace):
            if ms.resource == "silver" and not t.market[i]:
                t.market[i] = True
                t.supply["silver"] -= 1
    s = surgery(before_attack(s, {p: 2, q: 1}, attack=1), market)
    grants = archwk.table(s).grants
    s = to_round_end(s)
    tb = archwk.table(s)
    assert tb.season == 2 and tb.grant == grants[1] and s.round == 4
    want = grants[1].market
    silver = sum(1 for m in tb.marketplace if m.resource == "silver" and m.filled)
    assert silver == (want.get("silver", 0) if refill == "exact" else 3)
    for r in ("stone", "papyrus", "iron"):
        assert sum(1 for m in tb.marketplace if m.resource == r and m.filled) >= want.get(r, 0)
    assert all(p_.warriors_on_wall == 0 and p_.warriors_in_supply == 5 for p_ in s.players)
    assert (s.players[p].arts, s.players[p].science) == (0, 0)
    assert tb.supply["arts"] == 23 and tb.supply["science"] == 23


def test_a23_house_of_arts_and_tavern_pay_at_the_start_of_later_seasons():
    s = started(2, seed=10)
    p, q = s.order
    s = s.edit(player=p, tiles=["House of Arts", "Tavern"], recruits=9).edit(player=q, recruits=9)
    s = before_attack(s, {p: 3, q: 3}, attack=1)
    gold, recruits = s.players[p].gold, s.players[p].recruits
    s = to_round_end(s)
    assert (s.players[p].gold, s.players[p].recruits) == (gold + 3, recruits + 2)
    assert any(e.kind == "season_gain" for e in s.events)


# ---------------------------------------------------------------- §8 the end of the game

def passed_game(n=2, seed=11, before_end=None):
    s = started(n, seed=seed)
    while not s.is_over:
        if s.decision == "turn" and s.round == 9 and before_end:
            s = before_end(s)
            before_end = None
        if s.decision == "turn":
            s = s.apply(next(a for a in s.legal_actions() if a.kind == "pass"))
        else:
            s = s.apply(s.legal_actions()[0])
    return s


def test_8a_the_game_ends_after_the_third_season_s_scoring():
    s = passed_game()
    assert s.is_over and s.round == 9 and s.current_player is None and s.legal_actions() == []
    assert len(archwk.table(s).attacks) == 3 and sum(1 for e in s.events if e.kind == "scored") == 3
    assert s.prompt.startswith("The game is over")
    # A24: after the last round no King's Favor moves and no Province is revealed
    assert not [e for e in s.events if e.kind in ("favors", "province")]
    assert archwk.table(s).decks["provinces"] == 20 - 9
    with pytest.raises(archwk.IllegalAction, match="the game is over"):
        s.apply(new(2).legal_actions()[0])


def test_8b_end_game_tile_vp():
    """§8, §9: Architects' Guild 1 VP per tile (itself included), Magisters' Court 1 VP per
    Magister card; `final_scores` gives track, tiles and total."""
    def tiles(s):
        return s.edit(player=0, tiles=["Architects' Guild", "Magisters' Court", "Gardens"])
    s = passed_game(before_end=tiles)
    sc = archwk.final_scores(s)[0]
    assert sc.tiles == 3 + 2 and sc.total == sc.track + 5 and sc.track == s.players[0].vp
    assert any(e.kind == "end_vp" and e.player == 0 and e.data["vp"] == 5 for e in s.events)


def test_8c_winners_and_tie_breakers():
    """§8 (A29): most VP; tied: most Recruit tokens + Gold + Resources; still tied: shared."""
    s = passed_game(3, seed=12)
    s = s.edit(player=0, vp=20, gold=1, recruits=1, resources={})
    s = s.edit(player=1, vp=20, gold=2, recruits=0, resources={}).edit(player=2, vp=19)
    assert archwk.winners(s) == [0, 1] and "share the victory" in s.prompt
    s = s.edit(player=1, gold=3)
    assert archwk.winners(s) == [1] and s.prompt.endswith("wins")
    s = s.edit(player=0, resources={"stone": 1})
    assert archwk.winners(s) == [0, 1]
    s = s.edit(player=2, vp=30)
    assert archwk.winners(s) == [2]
