"""An invented road (not the published board): short, with three intermediate Inns and Edo."""
from companion.games.tokaido import parse_road

INVENTED_ROAD_TEXT = """\
# an invented road for the tests, Kyoto excluded
shop temple paddy farm sea encounter inn
hot-spring mountain sea paddy shop farm inn   # second stretch
temple encounter sea mountain paddy inn
farm shop hot-spring sea, mountain, encounter
inn   # Edo
"""
INVENTED_ROAD = parse_road(INVENTED_ROAD_TEXT)
