"""The games the companion runs at the table, side by side, each in a package of its own; the games played by
lines are each named once, in ``registry``."""
