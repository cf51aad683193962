"""The book says exactly which results it cites, and cites them from the right places.

- The intro and the README list every result a chapter cites instead of proving: a chapter cell that says a
  result was shown or proved elsewhere ("showed", "proved that", "we do not prove", "is cited", …) must name
  one of the listed results, and each listed result is still cited in its chapter.
- A result known only through someone else's summary (Angela Siegel's, through Sleator and Slusky) is said
  to be so, and never given a "place where its proof is".
- The chapter table of the references has a row for every chapter, and the chapter numbers it gives for
  Ferguson's notes and *Winning Ways* are the ones checked against those books' contents.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# (chapter, who is cited there, words for the result in the intro, in the README)
CITED = [
    (
        "15_hackenbush",
        "Winning Ways",
        r"fusion principle of Hackenbush \(\*Winning Ways\*, ch\. 7",
        r"fusion principle",
    ),
    ("14_wythoff", "Dress, Flammenkamp and Pink", r"rows of Wythoff's game \(Dress, Flammenkamp", r"Wythoff's rows"),
    (
        "09_subtraction_periods",
        "Althöfer and Bültermann",
        r"Althöfer and\s+Bültermann 1995",
        r"Althöfer and\s+Bültermann",
    ),
    ("09_subtraction_periods", "Sleator and Slusky", r"three excluded numbers \(Sleator and\s+Slusky 2012", r"Sleator"),
    (
        "16_misere_beyond_nim",
        "Conway proved",
        r"alternation of the genus in misère play \(Conway",
        r"genus alternation",
    ),
    (
        "19_graph_games",
        "Schaefer",
        r"PSPACE-completeness of Geography and Node Kayles \(Schaefer 1978",
        r"PSPACE-completeness of Geography and Node Kayles \(Schaefer",
    ),
    (
        "20_partizan_bridge",
        "Winning Ways",
        r"simplicity rule, and that every Blue-Red Hackenbush position is a number \(\*Winning Ways\*, ch\. 2",
        r"simplicity rule and the numbers of Blue-Red Hackenbush",
    ),
]
# Known only through a summary: (chapter, who, the summary's authors)
THROUGH_SUMMARY = [("09_subtraction_periods", "Angela Siegel", "Sleator and Slusky")]
CITES = re.compile(
    r"\b(showed(?= that| \()|proved that|[Ww]e do not prove|does not prove|do not reproduce|is cited|cited and observed"
    r"|cited through)\b"
)


def _cells(stem: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def list_problems(intro: str, readme: str) -> list[str]:
    """What the intro's and README's list of cited results gets wrong (empty when complete and exact)."""
    problems = []
    flat_intro, flat_readme = " ".join(intro.split()), " ".join(readme.split())
    for chapter, who, in_intro, in_readme in CITED:
        if not re.search(in_intro, flat_intro):
            problems.append(f"the intro does not list the result of {who} cited in {chapter}")
        if not re.search(in_readme, flat_readme):
            problems.append(f"the README does not list the result of {who} cited in {chapter}")
    places = re.search(r"where their proofs are:(.*?)\n\n(?!- )", intro, re.S)
    if not places:
        problems.append("the intro has no list of cited results with the places of their proofs")
    if "with the place where its proof is" in flat_intro:
        problems.append("the intro promises a place of proof for every cited result")
    for _, who, summary in THROUGH_SUMMARY:
        if places and who in places.group(1):
            problems.append(f"{who}'s result is listed with a place of proof, but we know it only through {summary}")
        for name, text in (("intro", flat_intro), ("README", flat_readme)):
            sentence = next((s for s in re.split(r"(?<=[.;])\s", text) if who in s), "")
            around = text[text.find(sentence) : text.find(sentence) + len(sentence) + 300] if sentence else ""
            if "summar" not in around or summary not in around:
                problems.append(f"the {name} does not say that {who}'s result is cited through {summary}'s summary")
    return problems


def test_intro_and_readme_list_every_cited_result_exactly():
    intro = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not list_problems(intro, readme)


def test_the_old_list_is_caught():
    """The list as it stood before: no Althöfer–Bültermann, no Sleator–Slusky, a place of proof for all."""
    intro = (
        "Every theorem is either proved in the text or cited, with the place where its proof is.\n"
        "The cited ones are few: the field of nim multiplication, the fusion principle of Hackenbush, the "
        "periodicity of the rows of Wythoff's game and of all-but subtraction games (Siegel's theorem), and "
        "the alternation of the genus in misère play.\n"
    )
    problems = list_problems(intro, "the nim field, the fusion principle, Siegel's theorem, the genus alternation")
    assert any("Althöfer" in p for p in problems) and any("Sleator and Slusky" in p for p in problems)
    assert any("place of proof for every" in p for p in problems)


@pytest.mark.parametrize(("chapter", "who"), [(c, w) for c, w, _, _ in CITED] + [(c, w) for c, w, _ in THROUGH_SUMMARY])
def test_each_listed_result_is_cited_in_its_chapter(chapter, who):
    assert any(who in cell for cell in _cells(chapter)), f"{chapter} no longer cites {who}: update the intro's list"


def test_every_citation_in_a_chapter_is_listed():
    """A chapter cell that cites a result instead of proving it names a result of the intro's list."""
    known = {}
    for chapter, who, *_ in CITED + THROUGH_SUMMARY:
        known.setdefault(chapter, []).append(who)
    found = 0
    for path in CHAPTERS:
        for i, cell in enumerate(_cells(path.stem)):
            for hit in CITES.finditer(cell):
                found += 1
                assert any(who in cell for who in known.get(path.stem, [])), (
                    f"{path.name} markdown cell {i} cites a result not in the intro's list: "
                    f"{cell[max(0, hit.start() - 120) : hit.end() + 60]!r}"
                )
    assert found >= len(CITED), f"only {found} citation phrases found in the chapters"


REFERENCES = (ROOT / "book" / "references.md").read_text(encoding="utf-8")
ROWS = dict(re.findall(r"^\| \{ref\}`([\w-]+)` \|(.*)\|$", REFERENCES, re.M))


def test_the_chapter_table_has_a_row_for_every_chapter():
    labels = [re.match(r"\((ch-[\w-]+)\)=", "".join(_cells(p.stem)[0])) for p in CHAPTERS]
    assert all(labels), "every chapter opens with its (ch-…)= label"
    missing = [m.group(1) for m in labels if m.group(1) not in ROWS]
    assert not missing, f"no row in the references' chapter table for {missing}"


# Checked against the books' tables of contents: Ferguson's Part I has six chapters (1 take-away games,
# 2 Nim, with staircase nim among its exercises, 3 graph games, 4 sums of games, 5 coin-turning games,
# 6 Green Hackenbush); Winning Ways vol. 1 has Nimble in ch. 2, Northcott's game and Wyt Queens in ch. 3,
# Kayles, Dawson's chess and Grundy's game in ch. 4
SOURCES = {
    "ch-coins": ["Ferguson, ch. 2 (staircase nim", "Winning Ways, ch. 2 (Nimble)", "ch. 3 (Northcott's game)"],
    "ch-graphs": ["Ferguson, ch. 3"],
    "ch-hackenbush": ["Winning Ways, ch. 7", "Ferguson, ch. 6"],
    "ch-coin-turning": ["Winning Ways, ch. 14", "Ferguson, ch. 5"],
    "ch-strips": ["Winning Ways, ch. 4"],
    "ch-subtraction-periods": ["Angela Siegel, cited through Sleator–Slusky"],
}


@pytest.mark.parametrize("label", sorted(SOURCES))
def test_chapter_sources(label):
    for source in SOURCES[label]:
        assert source in ROWS[label], f"{label}: expected {source!r} in {ROWS[label]!r}"


def test_ferguson_chapters_exist():
    """Ferguson's Part I has chapters 1 to 6: no citation anywhere may point past them."""
    texts = [REFERENCES, *("\n".join(_cells(p.stem)) for p in CHAPTERS)]
    cited = [int(n) for text in texts for n in re.findall(r"Ferguson(?:'s notes)?, chs?\. (\d+)", text)]
    assert cited and all(1 <= n <= 6 for n in cited), cited
    assert "2^{35}" not in REFERENCES, "Flammenkamp's record is given without a source"
