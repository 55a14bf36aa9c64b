"""Output that cannot encode the cards' middle dot (PYTHONIOENCODING=ascii, a terminal
without UTF-8) gets a plain separator, and never a UnicodeEncodeError traceback."""

import io
import os
import subprocess
import sys

import pytest

from qscore.__main__ import plain_output


def test_what_an_encoding_lacks_is_written_plain(monkeypatch):
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    plain_output()
    out.write("Q\u00b7U\u00b7I\u00b7Z 35, A \u00d710, Zo\u00eb\n")
    out.flush()
    assert out.buffer.getvalue() == b"Q-U-I-Z 35, A x10, Zo?\n"


@pytest.mark.slow
def test_an_ascii_output_gets_a_plain_separator_and_no_traceback(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "QSCORE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "qscore", "check", "quiz"], capture_output=True, text=True, env=env)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "quiz: allowed\n  Q-U-I-Z   35 points\n  QU-I-Z    25 points\n"
