"""Dice reading from camera frames: detection, type, owner colour, value, confidence."""
