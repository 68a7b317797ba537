"""Automata, the dice worker-placement game: its pure rules (``rules``), the Automa opponent (``automa``) and the
camera table kept in step with the engine (``sync``)."""
