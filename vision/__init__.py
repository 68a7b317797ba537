"""Dice reading from camera frames: detection, type, owner colour, value, confidence; the printed
markers and the zones they mark, found in each frame."""
