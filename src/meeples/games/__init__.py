"""The games: one package each, exposing GAME (a meeples.core.Game)."""
