"""The app's screens: Home, Setup, Table, Automa turn, Score and History."""
