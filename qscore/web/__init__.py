"""The table's web page (``qscore serve``): the live scoresheet on every phone and the TV,
a word box, and laydowns from the phones.

A face beside the command line, over the same application layer (qscore.scorekeeper) and
the core's views: it imports neither qscore.cli nor typer (tests/test_layers.py). Its
libraries (starlette, uvicorn, sse-starlette, jinja2, segno) are the ``serve`` extra:
``table.py`` needs none of them, ``app.py`` all but segno.
"""
