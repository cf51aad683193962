"""Question banks for learning management systems: Moodle XML and a QTI 1.2 package (Canvas).

Each template becomes one category (Moodle) or one assessment (QTI) of variants, each a numerical or a
short-answer question whose accepted answers are the key's: an int is a numerical answer; a word, a list
of values or a genus is one short answer, written as ``answer_text`` writes it; a set answer (every
winning move) cannot be typed in a short-answer box in a set order, so the question asks for one element
and accepts each element of the set. Written with the standard library alone (xml.etree, zipfile).
"""

from __future__ import annotations

import html
import io
import xml.etree.ElementTree as ET
import zipfile

from .templates import TEMPLATES, Problem

QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
CP_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"  # the namespace Canvas's own exports and text2qti use


def answer_text(kind: str, answer: object) -> str:
    """An answer as a student types it in a short-answer box: ints separated by spaces ("0 1 1 2"), a genus
    as "g; γ0 γ1 ...", a word as itself."""
    if kind == "int":
        return str(answer)
    if kind == "word":
        return str(answer)
    if kind == "ints":
        return " ".join(map(str, answer))  # type: ignore[arg-type]
    if kind == "genus":
        g, gammas = answer  # type: ignore[misc]
        return f"{g}; " + " ".join(map(str, gammas))
    raise ValueError(f"answer_text: no single text for a {kind} answer")


def lms_question(problem: Problem) -> tuple[str, str, list[str]]:
    """(question type "numerical" or "shortanswer", the question's text, every accepted answer)."""
    template = TEMPLATES[problem.template]
    if template.kind == "set":
        accepted = [" ".join(map(str, item)) for item in problem.answer] or ["none"]  # type: ignore[attr-defined]
        return "shortanswer", f"{problem.statement} Give {template.one}.", accepted
    if template.kind == "int":
        return "numerical", problem.statement, [str(problem.answer)]
    how = {
        "word": f"Type {template.expects}.",
        "ints": "Type the numbers separated by single spaces, e.g. 0 1 2.",
        "genus": "Type g, a semicolon, then the γ's separated by spaces, e.g. 1; 0 3 1.",
    }[template.kind]
    return "shortanswer", f"{problem.statement} {how}", [answer_text(template.kind, problem.answer)]


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    if text is not None:
        element.text = text
    return element


def _text_in(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = _sub(parent, tag, **attributes)
    _sub(element, "text", text)
    return element


def moodle_xml(banks: dict[str, list[Problem]]) -> bytes:
    """A Moodle XML question bank: per template a category ($course$/nimlib/NAME), then its variants."""
    quiz = ET.Element("quiz")
    for name, problems in banks.items():
        template = TEMPLATES[name]
        category = _sub(quiz, "question", type="category")
        _text_in(category, "category", f"$course$/nimlib/{name}")
        _text_in(category, "info", template.title, format="html")
        for number, problem in enumerate(problems, 1):
            kind, text, accepted = lms_question(problem)
            question = _sub(quiz, "question", type=kind)
            _text_in(question, "name", f"{name} {number}")
            _text_in(question, "questiontext", f"<p>{html.escape(text)}</p>", format="html")
            _text_in(
                question,
                "generalfeedback",
                "<p>" + "<br>".join(map(html.escape, problem.steps)) + "</p>",
                format="html",
            )
            _sub(question, "defaultgrade", "1")
            _sub(question, "penalty", "0")
            _sub(question, "hidden", "0")
            if kind == "shortanswer":
                _sub(question, "usecase", "0")
            for value in accepted:
                answer = _text_in(question, "answer", value, fraction="100", format="moodle_auto_format")
                if kind == "numerical":
                    _sub(answer, "tolerance", "0")
                _text_in(answer, "feedback", "Right.", format="html")
    ET.indent(quiz)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="utf-8") + b"\n"


def _field(parent: ET.Element, label: str, entry: str) -> None:
    field = _sub(parent, "qtimetadatafield")
    _sub(field, "fieldlabel", label)
    _sub(field, "fieldentry", entry)


def qti_assessment(name: str, problems: list[Problem]) -> bytes:
    """One QTI 1.2 assessment (questestinterop/assessment/section/item), the variants of one template."""
    root = ET.Element("questestinterop", xmlns=QTI_NS)
    assessment = _sub(root, "assessment", ident=f"nimlib-{name}", title=f"nimlib: {TEMPLATES[name].title}")
    _field(_sub(assessment, "qtimetadata"), "cc_maxattempts", "1")
    section = _sub(assessment, "section", ident="root_section")
    for number, problem in enumerate(problems, 1):
        kind, text, accepted = lms_question(problem)
        item = _sub(section, "item", ident=f"nimlib-{name}-{number}", title=f"{name} {number}")
        metadata = _sub(_sub(item, "itemmetadata"), "qtimetadata")
        _field(metadata, "question_type", "numerical_question" if kind == "numerical" else "short_answer_question")
        _field(metadata, "points_possible", "1")
        _field(metadata, "original_answer_ids", ",".join(f"{name}-{number}-{i}" for i in range(len(accepted))))
        _field(metadata, "assessment_question_identifierref", f"nimlib-{name}-{number}-ref")
        presentation = _sub(item, "presentation")
        _sub(_sub(presentation, "material"), "mattext", f"<p>{html.escape(text)}</p>", texttype="text/html")
        response = _sub(presentation, "response_str", ident="response1", rcardinality="Single")
        if kind == "numerical":
            _sub(_sub(response, "render_fib", fibtype="Decimal"), "response_label", ident="answer1")
        else:
            _sub(_sub(response, "render_fib"), "response_label", ident="answer1", rshuffle="No")
        processing = _sub(item, "resprocessing")
        _sub(_sub(processing, "outcomes"), "decvar", maxvalue="100", minvalue="0", varname="SCORE", vartype="Decimal")
        condition = _sub(processing, "respcondition", **{"continue": "No"})
        test = _sub(condition, "conditionvar")
        if kind == "numerical":  # as Canvas writes an exact answer: equal, or within [n, n]
            either = _sub(test, "or")
            _sub(either, "varequal", accepted[0], respident="response1")
            within = _sub(either, "and")
            _sub(within, "vargte", accepted[0], respident="response1")
            _sub(within, "varlte", accepted[0], respident="response1")
        else:  # any one of the accepted texts
            for value in accepted:
                _sub(test, "varequal", value, respident="response1")
        _sub(condition, "setvar", "100", action="Set", varname="SCORE")
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def qti_zip(banks: dict[str, list[Problem]]) -> bytes:
    """A QTI 1.2 content package: imsmanifest.xml and one assessment file per template (what Canvas imports)."""
    manifest = ET.Element("manifest", identifier="nimlib-assignment", xmlns=CP_NS)
    meta = _sub(manifest, "metadata")
    _sub(meta, "schema", "IMS Content")
    _sub(meta, "schemaversion", "1.1.3")
    _sub(manifest, "organizations")
    resources = _sub(manifest, "resources")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, problems in banks.items():
            href = f"nimlib-{name}/nimlib-{name}.xml"
            resource = _sub(resources, "resource", identifier=f"nimlib-{name}", type="imsqti_xmlv1p2")
            _sub(resource, "file", href=href)
            archive.writestr(zipfile.ZipInfo(href, date_time=(2020, 1, 1, 0, 0, 0)), qti_assessment(name, problems))
        ET.indent(manifest)
        text = b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(manifest, encoding="utf-8") + b"\n"
        archive.writestr(zipfile.ZipInfo("imsmanifest.xml", date_time=(2020, 1, 1, 0, 0, 0)), text)
    return buffer.getvalue()
