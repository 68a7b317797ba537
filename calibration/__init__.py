"""Calibration profiles: player dice colours, board zones, camera settings."""
