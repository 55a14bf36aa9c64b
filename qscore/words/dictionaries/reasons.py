"""Why a word is refused: the reasons every dictionary and the judge give, as shown."""

# Why a word is refused; the rule sheet's list: "proper nouns, abbreviations,
# prefixes or suffixes used alone, hyphenated words", plus the one-card rule.
NOT_IN_DICTIONARY = "not in the dictionary"
PROPER_NOUN = "proper noun"
ABBREVIATION = "abbreviation"
ROMAN_NUMERAL = "Roman numeral"
UNIT_SYMBOL = "unit symbol"
CHAT_ABBREVIATION = "chat abbreviation"
AFFIX = "prefix or suffix"
HYPHENATED = "hyphenated"
APOSTROPHE = "apostrophe"
# A contraction typed without its apostrophe (dont, im): refused as the word it is, named.
APOSTROPHE_LEFT_OUT = "a word with its apostrophe left out"
NOT_ENGLISH = "not English"
BAD_CHARACTERS = "bad characters"
ONE_CARD = "fewer than two cards"
# Where one card may be a word (Quiddler Junior: "one card words are allowed"), the words of
# one letter are a and I; the dictionaries hold every letter as its name (b: "the 2nd
# letter of the Roman alphabet"), which no word game plays as a word.
ONE_LETTER_WORDS = frozenset("ai")
LETTER_ALONE = "a letter, not a word"
HOUSE_DENIED = "on the house deny list"


def apostrophe_left_out(contraction: str) -> str:
    """Why a contraction typed without its apostrophe is refused, naming the word it is:
    ``I'm: a word with its apostrophe left out`` (for im)."""
    return f"{contraction}: {APOSTROPHE_LEFT_OUT}"
