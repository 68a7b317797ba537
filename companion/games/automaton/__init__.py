"""Automaton (seed 002): the referee of a robot-combat game played with Icehouse pyramids on a chessboard.

Pure logic, no I/O: the players design their robots and write their programs in secret; the table taps each
revealed program and shot, and :class:`AutomatonGame` cuts the programs to what is allowed, moves the robots,
resolves the collisions, lists who can hit whom, applies the damage and names the survivor. Rulings A1–A19:
docs/automaton.md.
"""
from .board import CORNERS, Square, distance, name as square_name, parse as parse_square
from .collisions import CROSSING, HEAD_ON, PILE_UP, REAR_END, STANDING, Collision, Outcome, resolve
from .design import COLOURS, BadDesign, Design, Qualities
from .game import RULES_VERSION, AutomatonGame, Refused, RobotSetup, Setup, replay
from .program import Walk, allowance, parse_steps, walk

__all__ = [
    "AutomatonGame", "BadDesign", "COLOURS", "CORNERS", "CROSSING", "Collision", "Design", "HEAD_ON", "Outcome",
    "PILE_UP", "Qualities", "REAR_END", "RULES_VERSION", "Refused", "RobotSetup", "STANDING", "Setup", "Square",
    "Walk", "allowance", "distance", "parse_square", "parse_steps", "replay", "resolve", "square_name", "walk",
]
