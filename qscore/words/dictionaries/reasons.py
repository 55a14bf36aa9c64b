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
NOT_ENGLISH = "not English"
BAD_CHARACTERS = "bad characters"
ONE_CARD = "fewer than two cards"
HOUSE_DENIED = "on the house deny list"
