"""Elo ratings per game kind and rated ladders."""
