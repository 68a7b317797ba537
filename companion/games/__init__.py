"""The games the companion runs at the table, side by side: ``automata``, ``tokaido``, ``euphoria``."""
