"""Simulated tables and a driven app, for the tests, the benchmarks and the pictures in docs/; never installed.

``table_scene`` (rendered tables with their markers), ``physical_table`` (dice on the zones kept
in step with a game, disturbed as people do), ``sync_trials`` (games at a simulated table,
scored), ``app_driver`` (the app on an offscreen window, tapped), ``screenshots``
(``make screenshots``).
"""
