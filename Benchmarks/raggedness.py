#!/usr/bin/env python3
"""Compares the raggedness of paragraphs set by paginate (optimal and greedy, with and without
hyphenation) and by fmt.

Raggedness of a paragraph: the sum over every line but the last of (width - line width)^2.
Lower is better. Paragraphs are taken from plain-text inputs (blank-line separated, indented
lines skipped) and set at the same width by each tool; the totals are printed side by side.

Usage: raggedness.py PAGINATE WIDTH FILE...
"""
import subprocess
import sys
import unicodedata


def cells(text):
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1 for ch in text)


def paragraphs(text):
    result, current = [], []
    for line in text.split("\n"):
        line = line.replace("\f", "")
        if not line.strip():
            if current:
                result.append(current)
            current = []
        else:
            current.append(line.rstrip())
    if current:
        result.append(current)
    return result


def raggedness(lines, width):
    # A heading paginate finds in plain text (a short line after a blank one) is underlined by
    # a rule: not a paragraph's lines.
    if len(lines) == 2 and lines[1] and set(lines[1]) <= set("─═"):
        return 0
    return sum((width - cells(line)) ** 2 for line in lines[:-1])


def prose_paragraphs(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return [" ".join(p) for p in paragraphs(text) if not p[0].startswith((" ", "\t"))]


def main():
    paginate, width, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    source = []
    for path in files:
        source += prose_paragraphs(path)
    text = "\n\n".join(source) + "\n"
    outputs = {
        "paginate optimal": [paginate, "--from", "text", "--footer", "", "--page-size", f"{width}x10000", "--color", "never", "-"],
        "paginate greedy": [paginate, "--from", "text", "--wrap", "greedy", "--footer", "", "--page-size", f"{width}x10000", "--color", "never", "-"],
        "optimal hyphenated": [paginate, "--from", "text", "--hyphenate", "--lang", "en-US", "--footer", "", "--page-size", f"{width}x10000", "--color", "never", "-"],
        "greedy hyphenated": [paginate, "--from", "text", "--wrap", "greedy", "--hyphenate", "--lang", "en-US", "--footer", "", "--page-size", f"{width}x10000", "--color", "never", "-"],
        f"fmt -w {width}": ["fmt", "-w", str(width)],
    }
    print(f"raggedness at width {width} over {len(source)} paragraphs from {', '.join(files)} (lower is better)")
    results = {}
    for name, command in outputs.items():
        out = subprocess.run(command, input=text.encode(), stdout=subprocess.PIPE, check=True).stdout.decode()
        set_paragraphs = paragraphs(out)
        if len(set_paragraphs) != len(source):
            print(f"  {name}: {len(set_paragraphs)} paragraphs out, expected {len(source)}; skipped")
            continue
        total = sum(raggedness(p, width) for p in set_paragraphs)
        overflow = sum(1 for p in set_paragraphs for line in p if cells(line) > width)
        lines = sum(len(p) for p in set_paragraphs)
        ends = [[line.endswith("-") and len(line) > 1 and line[-2].isalpha() for line in p[:-1]] for p in set_paragraphs]
        hyphenated = sum(sum(e) for e in ends)
        in_a_row = sum(1 for e in ends for a, b in zip(e, e[1:]) if a and b)
        results[name] = total
        print(f"  {name:<18} {total:>12,}   lines {lines:>6,}   ending with a hyphen {hyphenated:>5,} ({in_a_row} after another)   wider than {width}: {overflow}")
    if "paginate optimal" in results and f"fmt -w {width}" in results:
        verdict = "not worse" if results["paginate optimal"] <= results[f"fmt -w {width}"] else "WORSE"
        print(f"  optimal vs fmt: {verdict} ({results['paginate optimal'] / max(results[f'fmt -w {width}'], 1):.2f} of fmt's)")
    if "paginate optimal" in results and "optimal hyphenated" in results:
        print(f"  hyphenation: optimal {results['optimal hyphenated'] / max(results['paginate optimal'], 1):.2f} of unhyphenated, "
              f"greedy {results.get('greedy hyphenated', 0) / max(results.get('paginate greedy', 1), 1):.2f}")


if __name__ == "__main__":
    main()
