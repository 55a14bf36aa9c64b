"""``qscore define``: the verdict on each word and what it means."""

from typing import TYPE_CHECKING

from qscore import scorekeeper
from qscore.cli.app import app, reports_errors
from qscore.cli.meanings import definition_lines
from qscore.cli.options import AllowOpt, DeckOpt, DenyOpt, DictionaryOpt, JsonOpt, NoSuggestOpt, VariantOpt
from qscore.cli.words import JudgeOptions, WordsArg, judge_and_tell, read_table_words, suggestion_lines
from qscore.views.verdict_view import definition_json, ruled_verdict, ruling_json, verdict_view

if TYPE_CHECKING:
    from qscore.words.dictionaries import Verdict


@app.command("define", short_help="Judge words and say what they mean")
@reports_errors
def define_words(
    words: WordsArg,
    dictionary: DictionaryOpt = None,
    allow: AllowOpt = None,
    deny: DenyOpt = None,
    variant: VariantOpt = "standard",
    deck: DeckOpt = None,
    no_suggest: NoSuggestOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Say whether each word is allowed, and what it means: up to three short meanings (WordNet 3.0).

    An inflected form is found through its base word (quizzes: plural of quiz). Exit
    status 0 when every word is allowed, 1 when any is not, 2 for bad input.
    """

    # check's verdict and suggestions, word for word, then the meanings: a refused word
    # WordNet lists (qat; publically, a misspelling) is still refused, and still offered
    # what the dictionary allows near it; the table's own words judge as they do for check,
    # a word one decided saying so in check's words
    table = read_table_words()

    def text(v: "Verdict") -> str:
        shown = ruled_verdict(verdict_view(v), scorekeeper.deciding_ruling(table, v))
        return "\n".join([shown.line, *suggestion_lines(shown), *definition_lines(v)])

    def json_item(v: "Verdict") -> dict[str, object]:
        reason = ruling_json(scorekeeper.deciding_ruling(table, v)).get("reason", v.reason)
        verdict = {"word": v.word, "allowed": v.allowed, "reason": reason, "suggestions": list(v.suggestions)}
        return verdict | definition_json(v.definition())

    options = JudgeOptions(
        dictionary, allow, deny, variant, suggest=not no_suggest, table=table, deck=deck, spellings=False
    )
    judge_and_tell(words, options, None if as_json else text, json_item)
