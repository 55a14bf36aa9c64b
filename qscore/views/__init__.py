"""The views: what each command and the table's page show, as plain data.

Built from the core's objects (a replayed Game, a verdict, a play, the kept figures) and
nothing else: the structures behind ``--json`` (docs/json.md), which the command line
prints as JSON or renders as text, and which a second face (the web page) serves as they
are. A view never prints, never asks and never names a command-line flag.
"""
