"""The app's screens: Home, Setup, Calibrate (the dice colours, then ``teach_dice``: the table's own
dice), Table, Automa turn, Score and History, each a module with its layout in the .kv file beside it
(``common``: what they share)."""
