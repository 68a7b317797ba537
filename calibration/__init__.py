"""Calibration profiles: player dice colours, board zones (from printed ArUco markers), camera settings.

``layout`` (the zone layout and zone names), ``sheet`` (the printable marker sheet),
``colour`` (per-player colour references and how well they separate), ``camera_settings``,
``profile`` (the one file holding all three), ``guided`` (one calibration from a frame),
``cli`` (``print-markers``, ``calibrate``). Markers and zones are found in each frame by
``vision.markers`` and ``vision.zones``.
"""
