#!/usr/bin/env python3
"""Runs every `$ braintutor …` line of the README's tour and compares what it prints with the lines
the README shows under it, so the tour cannot drift from the program. In a README line, "…" stands
for any text; a line that is only "…" ends the comparison for that command. File sizes ("379 kB") may differ: PNG bytes depend on the GL build.
Usage: check-readme-tour.py BRAINTUTOR_BINARY"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(sys.argv[1])
text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
tour = re.search(r"^## A short tour\n\n```console\n(.*?)^```$", text, re.S | re.M)
if not tour:
    sys.exit("README tour: no ```console block under '## A short tour'")

commands = []  # (arguments, expected lines)
for line in tour.group(1).splitlines():
    if line.startswith("$ braintutor "):
        commands.append((shlex.split(line[len("$ braintutor "):]), []))
    elif commands:
        commands[-1][1].append(line)


def sized(s):
    return re.sub(r", \d+ kB\)", ", N kB)", s)


failures = []
with tempfile.TemporaryDirectory() as work:
    for args, expected in commands:
        shown = "braintutor " + " ".join(args)
        run = subprocess.run([binary] + args, cwd=work, capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            failures.append(f"{shown}: exit {run.returncode}: {run.stderr.strip()[:300]}")
            continue
        got = run.stdout.splitlines()
        for i, want in enumerate(expected):
            if want == "…":
                break
            line = got[i] if i < len(got) else "(nothing)"
            pattern = ".*".join(re.escape(part) for part in sized(want).split("…"))
            ok = re.fullmatch(pattern, sized(line)) is not None
            if not ok:
                failures.append(f"{shown}, line {i + 1}:\n  README:  {want}\n  program: {line}")
                break
if failures:
    print("README tour differs from the program:\n" + "\n".join(failures), file=sys.stderr)
    sys.exit(1)
print(f"README tour: {len(commands)} commands print what the README shows")
