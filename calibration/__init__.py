"""Calibration profiles: player dice colours, board zones (from printed ArUco markers), camera settings.

``layout`` (zone layout files), ``markers`` and ``sheet`` (the printable marker sheet),
``zones`` (zones found again in every frame), ``colour`` (per-player colour references and
how well they separate), ``camera_settings``, ``profile`` (the one file holding all three),
``cli`` (``print-markers``, ``calibrate``). ``table_scene``, ``table_sim`` and ``sync_trials``
render and simulate marker tables for the tests, the sync benchmark and the pictures of
docs/setup.md.
"""
