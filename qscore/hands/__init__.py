"""The hands: the exact best play of a hand, what a round's hands could have laid, and
which card to draw.

- ``solver``: the exact best play of a hand, and the plays that chase the bonuses;
- ``packing``: a hand packed into an integer, and the best value of any part of it;
- ``wordsets``: a hand's value alone, no play made (what a review of many hands asks);
- ``draws``: draw advice in one shared search;
- ``review``: the best each hand of a closed round allowed.

It imports ``qscore.game``, ``qscore.words``, ``qscore.errors`` and ``qscore.paths``, and
nothing else of qscore (tests/test_layers.py).
"""
