"""What the games played by lines at the table share (each registered in ``companion.games.registry``): the
surface they present (``kinds``), the stored session of a game (``session``), its headless ``session --game``,
its record replayed, and the touchscreen's model of it: the line tapped part by part, the setup form, the texts
entered once, the panel's LEDs, the camera's look."""
