"""Where the tests find the datasets and the Java ``cif cat`` they compare against.

``CIF_CAT_CLASSPATH`` (set by the cif-spec-reader module's Maven build): run ``java -cp CLASSPATH
dev.cif.command.Main cat DIR`` (``CIF_JAVA``: the java to run, default ``java``). Without it the tests run
the source tree's ``bin/cif cat``."""

import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RESOURCES = os.path.join(ROOT, "cif-core", "src", "test", "resources")
HIVE = os.path.join(ROOT, "python", "tests", "data", "hive")


def cif_cat(path):
    """``cif cat PATH``'s stdout lines, or fails the test with its stderr."""
    p, cmd = run_cif_cat(path)
    if p.returncode != 0:
        pytest.fail(f"{' '.join(cmd[-3:])} failed ({p.returncode}): {p.stderr.strip()[-2000:]}")
    return p.stdout.splitlines()


def cif_cat_error(path):
    """The last line ``cif cat PATH`` prints on stderr when it refuses the dataset; fails if it does not."""
    p, cmd = run_cif_cat(path)
    if p.returncode == 0:
        pytest.fail(f"{' '.join(cmd[-3:])} read the dataset")
    return p.stderr.strip().splitlines()[-1]


def run_cif_cat(path):
    cp = os.environ.get("CIF_CAT_CLASSPATH")
    if cp:
        # C1 only and the serial collector, as the build's test JVMs run (root pom, cif.test.argLine): a cat
        # lives a few seconds, mostly start-up, and C2's and G1's threads would take the cores for nothing
        # (5.2 s of user CPU against 2.9 s for one cat on this project's build machine).
        cmd = [os.environ.get("CIF_JAVA", "java"), "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
               "-cp", cp, "dev.cif.command.Main", "cat", path]
    else:
        cmd = [os.path.join(ROOT, "bin", "cif"), "cat", path]
    return subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8"), cmd
