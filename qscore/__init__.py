"""qscore: a companion for Quiddler played at a real table."""

__version__ = "0.1.0"
