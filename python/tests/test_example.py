"""The learning example runs end to end (a tiny budget: this checks it works, not that it learns;
docs/python.md has the full run)."""
import os
import pathlib
import subprocess
import sys


def test_reinforce_example_runs():
    script = pathlib.Path(__file__).resolve().parents[2] / "examples" / "reinforce.py"
    out = subprocess.run([sys.executable, str(script), "--updates", "2", "--envs", "8",
                          "--eval-games", "3"], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert "python:name=linear" in out.stdout and "fair share" in out.stdout
