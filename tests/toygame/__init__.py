"""A toy fourth game kept in the tests, to prove the game contract: see docs/adding-a-game.md."""
