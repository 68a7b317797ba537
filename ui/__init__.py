"""The Kivy touchscreen app."""
