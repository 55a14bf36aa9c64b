"""Hand-picked words for the dictionary tests: each list is what a table would agree on."""

ORDINARY = """quiz quizzes quizzed quizzing cat cats running ran jumped jumps happier happiest
boxes went children mice geese walked walking talks beautiful quickly zebra zebras jukebox
xylophone queen queens thinking clothes clever player players winner dealt dealing words
card cards scoring scored bonus bonuses longest wrote written swimming swam tried tries
flies knives wolves oxen teeth feet women better best worse worst thin this that there
clerk clerks inner error errors quilt quilts thistle in at""".split()

# Capitalised in every dictionary; none has a lowercase sense (unlike john, boston, paris).
PROPER_NOUNS = """steve london mary america england chicago tuesday january
christmas europe africa germany microsoft elizabeth beethoven""".split()

ABBREVIATIONS = """etc kg cm dr mr mrs nato usa fbi nasa mph approx dept govt km lb oz tv dvd
cpu html asap""".split()

AFFIXES = "pre un ment ous ance mis non ish ful tion ity ible".split()

HYPHENATED = ["co-op", "mother-in-law", "self-esteem", "x-ray", "well-being"]

ONE_CARD = ["a", "i", "o", "x"]

APOSTROPHE = ["don't", "it's", "o'clock", "rock'n'roll", "can\u2019t"]

BAD_CHARACTERS = ["r2d2", "hello!", "two words", "naïve!", "don't!"]
