#!/usr/bin/env python3
"""Every Swift example in the library's documentation, compiled as an app would compile it.

Collects the ```swift blocks of the DocC catalogue (Sources/Paginate/Paginate.docc) and the code
blocks (fenced, or indented four spaces) of the `///` comments on public declarations of the
library's modules, writes each into a function of a scratch package that imports `Paginate`
alone, and builds it. A snippet that does not compile fails the run with its file and line.

Names the examples use without declaring them (`reader`, `document`, `text`, …) are declared
first in each function; an example that needs more declares it.

Usage: Scripts/snippets.py [--list]      (--list prints the snippets and builds nothing)
"""
import os
import re
import subprocess
import sys
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Paginate", "PaginateModel", "PaginateAdapters", "PaginateLayout", "PaginatePaging", "PaginateRender", "PaginatePDF"]

# What the examples take as given, declared before each one (each only if the example uses it
# and does not declare it itself).
PRELUDE = {
    "text": 'let text = "# Notes\\n\\nFirst paragraph."',
    "markdown": 'let markdown = "# Notes\\n\\nFirst paragraph."',
    "bytes": 'let bytes: [UInt8] = Array("# Notes".utf8)',
    "data": 'let data = Data("# Notes".utf8)',
    "url": 'let url = URL(fileURLWithPath: "/tmp/notes.md")',
    "document": 'let document = Document(markdown: "# Notes\\n\\nFirst paragraph.")',
    "reader": 'var reader = PagingController(document: Document(markdown: "# Notes\\n\\nFirst paragraph."))',
    "pages": 'var pages = try PageSet(document: Document(markdown: "# Notes"), options: LayoutOptions())',
    "options": "var options = LayoutOptions()",
    "page": 'let page = PagingController(document: Document(markdown: "# Notes")).currentPage',
    "loaded": 'let loaded = try AdapterRegistry.builtIn.loadInput(bytes: Array("# Notes".utf8), name: "notes.md")',
    "registry": "var registry = AdapterRegistry.builtIn",
    "documents": 'let documents = ["# A", "# B"].map { PrintDocument(reader: DocumentReader(Document(markdown: $0)), options: LayoutOptions(), name: $0) }',
    "baseOptions": "let baseOptions = LayoutOptions()",
    "show": "func show(_ page: Page) {}",
}

# Articles whose code blocks are excerpts of an example program that is built and run
# elsewhere, the excerpts compared with it.
EXCERPTS = {"BuildingAReader.md": "Examples/Reader/main.swift, compared by ReaderExampleTests"}


def public_doc_blocks(path):
    """(line, text) of each `///` comment block followed by a public declaration."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        if lines[index].strip().startswith("///"):
            start = index
            comment = []
            while index < len(lines) and lines[index].strip().startswith("///"):
                stripped = lines[index].strip()[3:]
                comment.append(stripped[1:] if stripped.startswith(" ") else stripped)
                index += 1
            # The declaration: the next line that is not an attribute.
            declaration = index
            while declaration < len(lines) and lines[declaration].strip().startswith("@"):
                declaration += 1
            if declaration < len(lines) and re.search(r"\b(public|open)\b", lines[declaration]):
                blocks.append((start + 1, comment))
        else:
            index += 1
    return blocks


def code_blocks(comment, first_line):
    """(line, code) of the fenced Swift blocks and indented blocks of a comment."""
    found = []
    index = 0
    while index < len(comment):
        line = comment[index]
        fence = re.match(r"^\s*```\s*(\w*)", line)
        if fence:
            language = fence.group(1)
            body = []
            index += 1
            while index < len(comment) and not comment[index].strip().startswith("```"):
                body.append(comment[index])
                index += 1
            if language in ("swift", ""):
                found.append((first_line + index - len(body), "\n".join(body)))
            index += 1
            continue
        previous_blank = index == 0 or comment[index - 1].strip() == ""
        if line.startswith("    ") and previous_blank and not re.match(r"^\s*[-*] |^\s*\d+\. ", comment[index - 1] if index else ""):
            start = index
            body = []
            while index < len(comment) and (comment[index].startswith("    ") or comment[index].strip() == ""):
                body.append(comment[index][4:])
                index += 1
            while body and not body[-1].strip():
                body.pop()
            found.append((first_line + start, "\n".join(body)))
            continue
        index += 1
    return found


def snippets():
    result = []
    catalogue = os.path.join(ROOT, "Sources/Paginate/Paginate.docc")
    for name in sorted(os.listdir(catalogue)):
        if not name.endswith(".md") or name in EXCERPTS:
            continue
        path = os.path.join(catalogue, name)
        text = open(path, encoding="utf-8").read().split("\n")
        index = 0
        while index < len(text):
            if text[index].strip() == "```swift":
                start = index + 1
                body = []
                index += 1
                while index < len(text) and text[index].strip() != "```":
                    body.append(text[index])
                    index += 1
                result.append((os.path.relpath(path, ROOT), start + 1, "\n".join(body)))
            index += 1
    for module in MODULES:
        folder = os.path.join(ROOT, "Sources", module)
        for directory, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                for first, comment in public_doc_blocks(path):
                    for line, code in code_blocks(comment, first):
                        if looks_like_swift(code):
                            result.append((os.path.relpath(path, ROOT), line, code))
    return result


def looks_like_swift(code):
    """Shell commands, JSON and formats shown as examples are not Swift."""
    first = code.strip().split("\n")[0] if code.strip() else ""
    if not first or first.startswith(("$ ", "{", "[", "<", "paginate ", "#!", "%", "\"")):
        return False
    return bool(re.search(r"[A-Za-z_]\w*\s*[.(=:]|\blet\b|\bvar\b|\bimport\b", code))


def wrap(index, source, line, code):
    body = "\n".join(l for l in code.split("\n") if not re.match(r"^\s*import\s+\w+\s*$", l))
    declared = set(re.findall(r"\b(?:let|var|func|class|struct|enum)\s+(\w+)", body))
    # Top-level type declarations cannot be local when they use macros or extensions.
    has_extension = re.search(r"^\s*extension\s", body, re.M)
    prelude = [PRELUDE[name] for name in PRELUDE if name not in declared and re.search(rf"\b{name}\b", body)]
    header = f"// {source}:{line}\nimport Foundation\nimport Paginate\nimport Observation\n\n"
    if has_extension:
        return header + body + "\n"
    if re.search(r"^(@\w+\s+)*(final\s+)?(class|struct|enum|actor)\s", body, re.M):
        # Declarations, self-contained, in a namespace of their own (two examples may both
        # declare a `ReaderModel`).
        return header + f"enum Snippet{index} {{\n" + "\n".join("  " + l for l in body.split("\n")) + "\n}\n"
    indented = "\n".join("  " + l for l in (prelude + body.split("\n")))
    return header + f"@MainActor func snippet{index}() async throws {{\n{indented}\n}}\n"


def main():
    found = snippets()
    if "--list" in sys.argv:
        for source, line, code in found:
            print(f"--- {source}:{line}\n{code}")
        print(f"{len(found)} snippets", file=sys.stderr)
        return 0
    # Under .build, so that a second run builds only the snippets.
    work = os.path.join(ROOT, ".build", "snippets")
    shutil.rmtree(os.path.join(work, "Sources"), ignore_errors=True)
    os.makedirs(os.path.join(work, "Sources/Snippets"))
    with open(os.path.join(work, "Package.swift"), "w") as manifest:
        manifest.write(
            "// swift-tools-version: 6.2\nimport PackageDescription\n"
            "let package = Package(name: \"Snippets\", platforms: [.macOS(.v15)],\n"
            f"  dependencies: [.package(path: \"{ROOT}\")],\n"
            "  targets: [.target(name: \"Snippets\", dependencies: [.product(name: \"Paginate\", package: \""
            + os.path.basename(ROOT) + "\")],\n"
            "    swiftSettings: [.unsafeFlags([\"-suppress-warnings\"])])])\n")
    places = {}
    for index, (source, line, code) in enumerate(found):
        name = f"Snippet{index}.swift"
        places[name] = (source, line)
        with open(os.path.join(work, "Sources/Snippets", name), "w") as out:
            out.write(wrap(index, source, line, code))
    build = subprocess.run(
        ["swift", "build", "--package-path", work, "--scratch-path", os.path.join(work, ".build")],
        capture_output=True, text=True)
    if build.returncode == 0:
        print(f"snippets: all {len(found)} examples of the documentation compile")
        return 0
    failed = set()
    for match in re.finditer(r"/(Snippet\d+\.swift):(\d+):\d+: error: (.*)", build.stdout + build.stderr):
        source, line = places[match.group(1)]
        key = (source, line, match.group(3))
        if key in failed:
            continue
        failed.add(key)
        print(f"{source}:{line}: the example does not compile: {match.group(3)}", file=sys.stderr)
    if not failed:
        print(build.stdout[-3000:] + build.stderr[-3000:], file=sys.stderr)
    print(f"snippets: {len(failed)} errors in {len(found)} examples; the scratch package is {work}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
