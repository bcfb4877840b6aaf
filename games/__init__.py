"""Games: the shared engine (``games.engine``), the rules of each game
(``games.rules``) and, around them, the Django app that runs matches."""
