"""The project's documents: the README for people, the documents in docs/ for each reader.

- the README starts with the two set-up commands (build and serve; every test), stays short, links
  the card game's rules (docs/RULES.md) and every document, and shows a picture of each game;
- each document in docs/ (the rules documents aside, which are the games' specifications) says
  who it is for in its first line;
- every relative link in them names a file that exists;
- the examples in docs/engine.md run (``doctest``): what they show is what the engine answers.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
RULES_DOCUMENTS = {"RULES.md", "hunt-rules.md", "eleusis-rules.md"}
READER_DOCUMENTS = ("architecture.md", "embedding.md", "fast-start.md", "engine.md", "playing.md",
                    "new-game-web.md")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
SET_UP = ("```sh\n"
          "bash tools/serve.sh   # installs what it needs, builds the site into dist/ and serves it"
          " (prints the URL)\n"
          "bash tools/test.sh    # installs what it needs, then runs every check and test"
          " (engine, CLI, browser)\n"
          "```\n")


def test_the_readme_starts_with_the_two_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_heading, rest = text.split("\n\n", 1)
    assert first_heading.startswith("# ")
    assert rest.startswith(SET_UP)


def test_the_readme_is_short_and_points_to_every_document_and_picture() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text) <= 12_000, f"the README has {len(text):,} characters"
    for name in [*READER_DOCUMENTS, *sorted(RULES_DOCUMENTS)]:
        assert f"](docs/{name}" in text, name
    for picture in ("leopard", "hunt", "eleusis"):
        path = DOCS / f"{picture}.webp"
        assert f"](docs/{picture}.webp)" in text and path.is_file()
        assert path.stat().st_size < 60_000, f"{path.name}: {path.stat().st_size:,} bytes"


@pytest.mark.parametrize("name", READER_DOCUMENTS)
def test_each_document_says_who_it_is_for_in_its_first_line(name: str) -> None:
    first = (DOCS / name).read_text(encoding="utf-8").splitlines()[0]
    assert re.match(r"^\*For [a-z]", first), first


def test_every_document_in_docs_is_listed_here() -> None:
    assert {p.name for p in DOCS.glob("*.md")} == RULES_DOCUMENTS | set(READER_DOCUMENTS)


@pytest.mark.parametrize("path", [README, *(DOCS / name for name in READER_DOCUMENTS)], ids=lambda p: p.name)
def test_relative_links_name_files_that_exist(path: Path) -> None:
    targets = [t for t in LINK.findall(path.read_text(encoding="utf-8")) if "://" not in t]
    assert targets, "no link found: the pattern reads nothing"
    assert [t for t in targets if not (path.parent / t).exists()] == []


def markdown_doctest(path: Path) -> doctest.DocTest:
    """The ``>>>`` examples of a Markdown file; a code fence ends an example's expected output (as a
    blank line does in a docstring), so the document needs no blank line before its closing fence."""
    lines = path.read_text(encoding="utf-8").splitlines()
    text = "\n".join("" if line.startswith("```") else line for line in lines)
    return doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)


def test_the_engine_documents_examples_run() -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(markdown_doctest(DOCS / "engine.md"))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 20, f"only {result.attempted} examples found"
    assert result.failed == 0


def test_a_wrong_example_fails(tmp_path: Path) -> None:
    """The runner sees a wrong answer in a fenced example (so a passing run means something)."""
    (tmp_path / "wrong.md").write_text("```python\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    runner = doctest.DocTestRunner()
    runner.run(markdown_doctest(tmp_path / "wrong.md"), out=lambda _text: None)
    assert runner.summarize(verbose=False) == doctest.TestResults(failed=1, attempted=1)
