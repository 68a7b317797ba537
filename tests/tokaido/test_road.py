"""The owner's road file: read once, refused in one line naming what is wrong."""
from __future__ import annotations

import pytest

from companion.games.tokaido import RoadFileError, parse_road
from tests.tokaido.boards import INVENTED_ROAD, INVENTED_ROAD_TEXT


def test_the_road_lists_kyoto_then_the_spaces_to_edo():
    assert INVENTED_ROAD.spaces[:3] == ("inn", "shop", "temple")
    assert INVENTED_ROAD.spaces[-1] == "inn" and INVENTED_ROAD.spaces.count("inn") == 5
    assert parse_road(INVENTED_ROAD.to_text()) == INVENTED_ROAD


def test_occupied_spaces_are_skipped_and_the_next_inn_ends_the_way():
    free = INVENTED_ROAD.free_ahead(4, occupied=[5, 6])  # at the Farm; Sea and Encounter taken
    assert free == [7]  # straight to the Inn
    assert INVENTED_ROAD.free_ahead(0, occupied=[2])[:3] == [1, 3, 4]


@pytest.mark.parametrize("text, message", [
    ("", "no spaces"),
    ("shop paddy inn farm", "ends with farm, not inn"),
    ("shop paddy castle inn\ninn", "line 1: 'castle' is not a space"),
    ("shop paddy\nsea inn", "no intermediate Inn"),
    ("shop inn inn sea inn", "space 3: two Inns in a row"),
])
def test_a_bad_road_file_is_refused_in_one_line(text, message):
    with pytest.raises(RoadFileError) as refused:
        parse_road(text)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_comments_commas_and_names_with_capitals_are_read():
    assert parse_road("Hot-Spring Village\n" + INVENTED_ROAD_TEXT).spaces[1:3] == ("hot-spring", "shop")
