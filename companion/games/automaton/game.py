"""A game of Automaton refereed: the robots' designs and squares as a header, then the lines the table gives.

The game is rebuilt from its setup and its lines (plain text, as the store keeps them), so undo and resume are a
replay. Lines, each turn:

    ann N E E          Ann's revealed program (``ann stay`` or ``ann`` alone: no step); any robot's, in any order
    move               once every robot in play has its program: move, collide (the panel's Confirm)
    bob fire ann       Bob's shot, at one of the robots it can hit
    bob hold           Bob holds fire
    fire               once every robot with a target has its shot: the damage, all at once (the panel's Confirm)

and at any time ``ann at c4``: Ann stands on c4 (the board and the referee disagreed). Robots with no target are
not asked; when no robot has one, the turn ends with the move. Each line either changes the game and returns the
referee's events (``events``, said by ``wording``), or raises :class:`Refused` and changes nothing. Rulings A1–A19:
docs/automaton.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from . import events as said
from .board import CORNERS, Square, name as square_name, parse as parse_square
from .collisions import resolve
from .design import Design, Qualities
from .fire import Target, apply_shots, last_standing, targets
from .program import Steps, Walk, allowance, parse_steps, walk

RULES_VERSION = "automaton/rulings-A1-A19"
MOST_ROBOTS = 4
# No robot may be called so: the game's words, and the headless session's commands.
KEYWORDS = ("move", "fire", "hold", "stay", "at", "n", "e", "s", "w", "undo", "state", "export", "quit")


class Refused(ValueError):
    """A line that cannot be played now; the game is unchanged."""


@dataclass(frozen=True)
class RobotSetup:
    name: str
    design: Design
    start: Square


@dataclass(frozen=True)
class Setup:
    """What the game is started with (the store's header): the robots in the table's order."""

    robots: tuple[RobotSetup, ...]
    seed: int = 0

    def __post_init__(self) -> None:
        names = [r.name for r in self.robots]
        if not 2 <= len(names) <= MOST_ROBOTS:
            raise ValueError(f"2 to {MOST_ROBOTS} robots play")
        bad = [n for n in names if not n.isalnum() or not n[0].isalpha() or n != n.lower() or n in KEYWORDS]
        if bad:
            raise ValueError(f"'{bad[0]}' cannot name a robot: a lower-case word of letters and digits, "
                             f"none of {', '.join(KEYWORDS)}")
        if len(set(names)) != len(names):
            raise ValueError("each robot needs a name of its own")
        if len({r.start for r in self.robots}) != len(names):
            raise ValueError("each robot needs a start square of its own (A7)")

    @classmethod
    def at_corners(cls, robots: Sequence[tuple[str, Design]], seed: int = 0) -> "Setup":
        """A7: the robots on the corners, in the order a1, h8, h1, a8."""
        if len(robots) > MOST_ROBOTS:
            raise ValueError(f"2 to {MOST_ROBOTS} robots play")
        return cls(tuple(RobotSetup(n, d, CORNERS[i]) for i, (n, d) in enumerate(robots)), seed)

    def to_json(self) -> dict[str, Any]:
        return {"game": "automaton", "rules_version": RULES_VERSION, "seed": self.seed,
                "seats": [{"colour": r.name, "kind": "robot", "design": r.design.letters(),
                           "start": square_name(r.start)} for r in self.robots]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Setup":
        robots = []
        for seat in data["seats"]:
            start = parse_square(seat["start"])
            if start is None:
                raise ValueError(f"'{seat['start']}' is no square")
            robots.append(RobotSetup(seat["colour"], Design.from_letters(seat["design"]), start))
        return cls(tuple(robots), int(data.get("seed", 0)))


@dataclass
class Robot:
    """A robot as the referee tracks it (design doc, section 2)."""

    name: str
    design: Design
    qualities: Qualities
    square: Square
    start: Square             # its square at the start of the turn
    damage: int = 0
    destroyed: bool = False
    move_boost_used: bool = False   # in the last turn resolved
    range_boost_used: bool = False  # in the last turn resolved

    def move_boost_free(self) -> bool:
        return self.qualities.move_boost and not self.move_boost_used

    def range_boost_free(self) -> bool:
        return self.qualities.range_boost and not self.range_boost_used

    def boosts(self) -> said.Boosts:
        q = self.qualities
        return said.Boosts(self.name, allowance(q.movement, self.move_boost_free()), self.move_boost_free(),
                           q.move_boost and self.move_boost_used, q.range + int(self.range_boost_free()),
                           self.range_boost_free(), q.range_boost and self.range_boost_used)


@dataclass
class AutomatonGame:
    setup: Setup
    robots: dict[str, Robot] = field(init=False)
    turn: int = field(init=False, default=1)
    programs: dict[str, Steps] = field(init=False, default_factory=dict)   # this turn's, as written
    moved: bool = field(init=False, default=False)                          # this turn's move is resolved
    options: dict[str, tuple[Target, ...]] = field(init=False, default_factory=dict)  # who can hit whom
    shots: dict[str, Optional[str]] = field(init=False, default_factory=dict)
    last: dict[str, Any] = field(init=False, default_factory=dict)  # the last move and fire, for the board drawing
    result: Optional[dict[str, Any]] = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.robots = {r.name: Robot(r.name, r.design, r.design.qualities(), r.start, r.start)
                       for r in self.setup.robots}

    # -- what the table sees ----------------------------------------------------------------

    def in_play(self) -> list[str]:
        return [n for n, r in self.robots.items() if not r.destroyed]

    def shooters(self) -> list[str]:
        """The robots asked for a shot this turn: those with a target."""
        return [n for n in self.in_play() if self.options.get(n)]

    def setup_events(self) -> list[said.Event]:
        placed: list[said.Event] = [said.Placed(r.name, r.design.letters(), r.qualities, r.square)
                                    for r in self.robots.values()]
        return placed + [self._turn_begins()]

    def waiting_for(self) -> str:
        """``program NAME`` (the first robot without its program), ``move``, ``shot NAME``, ``fire`` or ``over``."""
        if self.result is not None:
            return "over"
        if not self.moved:
            missing = [n for n in self.in_play() if n not in self.programs]
            return f"program {missing[0]}" if missing else "move"
        missing = [n for n in self.shooters() if n not in self.shots]
        return f"shot {missing[0]}" if missing else "fire"

    def prompt(self) -> str:
        waiting = self.waiting_for()
        if waiting == "over":
            return "nothing: the game is over"
        if waiting.startswith("program "):
            robots = "|".join(n for n in self.in_play() if n not in self.programs)
            return f"turn {self.turn}: {robots} STEPS... (each N, E, S or W; stay for none)"
        if waiting == "move":
            return f"turn {self.turn}: move (every program is in)"
        if waiting.startswith("shot "):
            asked = [n for n in self.shooters() if n not in self.shots]
            return "; ".join(f"{n} fire {'|'.join(t.robot for t in self.options[n])} or {n} hold" for n in asked)
        return f"turn {self.turn}: fire (every shot is in)"

    def to_json(self) -> dict[str, Any]:
        return {"waiting_for": self.waiting_for(), "turn": self.turn,
                "robots": {n: {"design": r.design.letters(), "square": square_name(r.square),
                               "start": square_name(r.start), "damage": r.damage, "hardness": r.qualities.hardness,
                               "destroyed": r.destroyed, "move_boost_used": r.move_boost_used,
                               "range_boost_used": r.range_boost_used} for n, r in self.robots.items()},
                "programs": {n: "-".join(p) for n, p in self.programs.items()},
                "targets": {n: [t.robot for t in ts] for n, ts in self.options.items()},
                "shots": dict(self.shots), "last": self.last, "result": self.result}

    def scores(self) -> dict[str, int]:
        """Each robot's damage boxes still free."""
        return {n: max(0, r.qualities.hardness - r.damage) for n, r in self.robots.items()}

    def winners(self) -> list[str]:
        """The last robot in play; none for a draw (A19)."""
        return list(self.result["winner"]) if self.result is not None else []

    # -- lines ------------------------------------------------------------------------------

    def play(self, line: str) -> list[said.Event]:
        words = line.lower().split()
        if not words:
            raise Refused("an empty line")
        if self.result is not None:
            raise Refused("the game is over")
        head, rest = words[0], words[1:]
        waiting = self.waiting_for()
        if head in self.robots:
            if rest[:1] == ["at"]:
                return self._correct(head, rest[1:])
            if self.robots[head].destroyed:
                raise Refused(f"{head} is destroyed")
            if not self.moved:
                return self._program(head, rest)
            if waiting != "fire" and not waiting.startswith("shot "):
                raise Refused(f"waiting for {self.prompt()}")
            return self._shot(head, rest)
        if head == "move" and not rest and waiting == "move":
            return self._move()
        if head == "fire" and not rest and waiting == "fire":
            return self._fire()
        raise Refused(f"waiting for {self.prompt()}")

    def _program(self, robot: str, words: list[str]) -> list[said.Event]:
        if robot in self.programs:
            raise Refused(f"{robot}'s program is in: undo to change it")
        try:
            steps = () if words == ["stay"] else parse_steps(words)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        self.programs[robot] = steps
        return [said.ProgramTaken(robot, len(steps))]

    def _shot(self, robot: str, words: list[str]) -> list[said.Event]:
        offered = [t.robot for t in self.options.get(robot, ())]
        if not offered:
            raise Refused(f"{robot} has no target")
        if robot in self.shots:
            raise Refused(f"{robot}'s shot is in: undo to change it")
        if words == ["hold"]:
            self.shots[robot] = None
        elif len(words) == 2 and words[0] == "fire" and words[1] in offered:
            self.shots[robot] = words[1]
        else:
            raise Refused(f"{robot} fire {'|'.join(offered)}, or {robot} hold")
        return [said.ShotTaken(robot, self.shots[robot])]

    def _correct(self, robot: str, words: list[str]) -> list[said.Event]:
        """The board and the referee disagreed: the robot stands on the square named. Once the robots have
        moved, who can hit whom is listed again and the shots are asked again."""
        square = parse_square(words[0]) if len(words) == 1 else None
        if square is None:
            raise Refused(f"{robot} at SQUARE (a1 to h8)")
        if self.robots[robot].destroyed:
            raise Refused(f"{robot} is destroyed")
        if any(r.square == square for n, r in self.robots.items() if n != robot and not r.destroyed):
            raise Refused(f"another robot stands on {square_name(square)}")
        self.robots[robot].square = square
        corrected: list[said.Event] = [said.Corrected(robot, square)]
        if not self.moved:
            self.robots[robot].start = square
            return corrected
        self.shots = {}
        return corrected + self._list_targets()

    # -- the move ---------------------------------------------------------------------------

    def _move(self) -> list[said.Event]:
        """Cut each program (A5), walk it (A6), collide by destination (A8–A15), then list who can hit whom."""
        walks: dict[str, Walk] = {}
        carried: dict[str, tuple[Steps, str]] = {}
        for name in self.in_play():
            robot, written = self.robots[name], self.programs[name]
            most = allowance(robot.qualities.movement, robot.move_boost_free())
            cut = ""
            if len(written) > most:
                spent = robot.qualities.move_boost and robot.move_boost_used and len(written) == most + 1
                cut = said.BOOST_SPENT if spent else said.TOO_LONG
            carried[name] = (written[:most], cut)
            walks[name] = walk(robot.square, written[:most])
            robot.move_boost_used = len(written[:most]) > robot.qualities.movement  # A3, even if a wall cut it
        outcomes = resolve(walks)
        moved: list[said.Event] = []
        for name, outcome in outcomes.items():
            self.robots[name].square = outcome.end
            collision = outcome.collision
            moved.append(said.Moved(
                name, self.programs[name], carried[name][0], carried[name][1], walks[name].path, walks[name].wall,
                outcome.end, collision.kind if collision else "",
                tuple(r for r in collision.robots if r != name) if collision else (),
                outcome.kept_on_board, outcome.sent_back))
        self.moved = True
        self.last = {"turn": self.turn,
                     "paths": {n: [square_name(s) for s in w.path] for n, w in walks.items()},
                     "collisions": sorted({square_name(o.collision.square) for o in outcomes.values() if o.collision}),
                     "shots": {}}
        listed = self._list_targets()
        if not self.shooters():
            self._range_boosts()
            return moved + listed + self._end_turn()
        return moved + listed

    def _list_targets(self) -> list[said.Event]:
        squares = {n: self.robots[n].square for n in self.in_play()}
        self.options = {n: targets(n, squares, self.robots[n].qualities.range, self.robots[n].range_boost_free())
                        for n in squares}
        return [said.CanHit(n, tuple((t.robot, t.distance, t.boost) for t in ts)) for n, ts in self.options.items()]

    # -- fire -------------------------------------------------------------------------------

    def _fire(self) -> list[said.Event]:
        """A17–A19: every shot at once, then the destroyed come off the board, then the end."""
        shots = [(n, t) for n, t in self.shots.items() if t is not None]
        hits, damage = apply_shots(shots, {n: r.qualities.firepower for n, r in self.robots.items()},
                                   {n: r.damage for n, r in self.robots.items()})
        fired: list[said.Event] = [said.Hit(h.shooter, h.target, h.damage, h.total,
                                            self.robots[h.target].qualities.hardness) for h in hits]
        self._range_boosts()
        in_play = self.in_play()
        destroyed = [n for n in in_play if damage[n] >= self.robots[n].qualities.hardness]
        for name, robot in self.robots.items():
            robot.damage = damage[name]
            robot.destroyed = robot.destroyed or name in destroyed
        fired += [said.Destroyed(n) for n in destroyed]
        self.last = {**self.last, "shots": dict(shots)}
        left, over = last_standing(in_play, destroyed)
        if over:
            self.result = {"winner": left, "drawn": [] if left else destroyed}
            return fired + [said.Won(left[0]) if left else said.Drawn(tuple(destroyed))]
        return fired + self._end_turn()

    def _range_boosts(self) -> None:
        """A3: a robot used its range boost this turn when its shot needed it; any other turn leaves it free."""
        for name in self.robots:
            shot = self.shots.get(name)
            self.robots[name].range_boost_used = any(t.boost for t in self.options.get(name, ()) if t.robot == shot)

    def _end_turn(self) -> list[said.Event]:
        for robot in self.robots.values():
            robot.start = robot.square
        self.turn += 1
        self.programs, self.shots, self.options, self.moved = {}, {}, {}, False
        return [self._turn_begins()]

    def _turn_begins(self) -> said.TurnBegins:
        return said.TurnBegins(self.turn, tuple(self.robots[n].boosts() for n in self.in_play()))


def replay(setup: Setup, lines: Sequence[str]) -> AutomatonGame:
    """The game after these lines (each must be playable)."""
    game = AutomatonGame(setup)
    for line in lines:
        game.play(line)
    return game
