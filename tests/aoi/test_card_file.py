"""Her card file (issue 47, design note §3): each card's areas, her community card, her terrain rows, the level
rows; refused in one line naming the line."""
from __future__ import annotations

import pytest

from companion.games.aoi import CardFileError, Setup, parse_areas, parse_card_file
from tests.aoi import fixture_cards


def test_a_card_line_gives_its_action_area_support_area_pass_area_and_letters():
    """The design note's line ``07 build ; points X | marked merge A >3 tile middle | pass | A* C``."""
    card = parse_card_file("07 build ; points-x | marked merge a >3 tile middle | pass | A* C\n").cards[7]
    assert [str(a) for a in card.actions] == ["build", "points-x"]
    support = card.support
    assert (support.group, support.merge, support.row, support.forward, support.count, support.scholar,
            support.bonus) == ("marked", True, "a", True, 3, "tile", "middle")
    assert card.pass_icon and card.letters == "A* C"


def test_the_file_is_read_back_as_it_was_written():
    cards = fixture_cards()
    assert parse_card_file(cards.to_text()) == cards
    assert len(cards.cards) == 14 and cards.community is not None
    assert cards.community.knowledge == ("law", "medicine")
    assert cards.levels["automa"].shipping == (0, 0, 1, 1, 2, 2)


@pytest.mark.parametrize("text, why", [
    ("15 build | marked a >1 tile left | -\n", "line 1: card 15: her cards are numbered 1 to 14"),
    ("# her cards\n03 dance | marked a >1 tile left | -\n", "line 2: 'dance' is not an action"),
    ("03 build | marked a tile left | -\n", "line 1: the support area needs its direction symbol"),
    ("03 build | marked a >1 tile left | maybe\n", "line 1: 'maybe' is neither pass nor -"),
    ("level automa | shipping 0 0 1 | x 1 1 2 2 3 3\n", "line 1: shipping: give 6 whole numbers"),
    ("ltp a lake moon\n", "line 1: 'moon' is not a terrain"),
])
def test_a_line_that_cannot_be_used_is_refused_naming_it(text, why):
    with pytest.raises(CardFileError, match=why):
        parse_card_file(text)


def test_a_file_without_every_card_leaves_the_drawing_to_the_table():
    """Issue 47: without a card (or by choice) the table draws the physical cards."""
    cards = parse_card_file("01 points-2 | marked a >1 tile left | -\n")
    assert not Setup("automa", cards=cards).app_draws
    assert Setup("automa", cards=fixture_cards()).app_draws
    assert not Setup("automa", cards=fixture_cards(), table_draws=True).app_draws


def test_the_areas_tapped_at_the_table_are_the_file_s_without_letters():
    card = parse_areas(4, "build | marked a >1 catchup middle | -")
    assert card.areas() == "build | marked a >1 catchup middle | -"
