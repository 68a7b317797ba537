"""The phases of a game, as the state, the saved games and the notes name them."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a game is between setup and the end.

    A ``StrEnum``, so a phase is the same text the saved states and notes hold (``"deploy"``).
    """

    SETUP = "setup"        # waiting for the deployment order and the first deal
    DEPLOY = "deploy"      # the Deployment Phase: modifying and placing dice
    ACTIVATE = "activate"  # the Activation Phase: groups activated by initiative
    RESET = "reset"        # between rounds: waiting for the next deal
    OVER = "over"          # the game has ended and is scored


# Python 3.11 reads a member through the enum class by way of ``EnumType.__getattr__``, about five
# times slower than a module name: the engine's hot paths compare with these.
DEPLOY, OVER = Phase.DEPLOY, Phase.OVER
