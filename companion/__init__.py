"""The Automata table companion: rules engine, Automa opponents, table sync, table session."""
