"""Terminal play. ``meeples.terminal.<game>`` modules render a game's view with rich."""
