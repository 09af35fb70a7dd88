#!/usr/bin/env python3
"""The performance goals of issues 29 and 39, each measured in this run beside its peer, as one table.

Run through Benchmarks/run.sh after bench.py (it needs the corpus and the release build):
times are medians of RUNS alternating runs, memory the peak resident set, instructions
callgrind's count of one run on the first 4 MB of a real corpus (fmt's and pr's added: a pipe
of two tools). A goal not met is marked; Benchmarks/README.md says where its time goes.
"""
import os
import re
import statistics
import subprocess
import tempfile
import time

from bench import CORPUS, PAGINATE, ROOT, RUNS, doc14, medians, timed

REAL = os.path.join(CORPUS, "real")
rows = []


def row(work, ours, peer, ratio, goal, met):
    rows.append((work, ours, peer, ratio, goal, "" if not goal else "✓" if met else "✗"))


def instructions(command, stdin=None):
    """callgrind's instruction count for one run of `command` (a list)."""
    with tempfile.TemporaryDirectory() as work:
        log = os.path.join(work, "log")
        with open(log, "w") as errors:
            subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                           stdout=subprocess.DEVNULL, stderr=errors, stdin=stdin, cwd=ROOT, check=False)
        found = re.search(r"refs:\s*([\d,]+)", open(log).read())
        return int(found.group(1).replace(",", "")) if found else None


def counted_binary(work):
    """A copy of the release binary without debug information, which valgrind 3.19 cannot read."""
    path = os.path.join(work, "paginate")
    subprocess.run(["objcopy", "--strip-debug", PAGINATE, path], check=True)
    return path


def ensure(name, make):
    path = os.path.join(CORPUS, name)
    if not os.path.exists(path):
        make(path)
    return path


def main():
    p = PAGINATE
    mixed, prose, readmes = (os.path.join(REAL, n) for n in ("mixed.txt", "prose.txt", "readmes.md"))
    if not os.path.exists(readmes):
        print("goals.py: no real corpus (Benchmarks/make_real_corpus.py)")
        return

    # Time and memory, real and generated.
    for label, text in (("real mixed-script text, 16 MB, 80x66", mixed), ("real prose, 16 MB, 80x66", prose),
                        ("generated prose, 16 MB, 80x66", os.path.join(CORPUS, "prose.txt"))):
        a, _, b, _ = medians(f"{p} --page-size 80x66 --color never {text}", f"fmt -w 80 {text} | pr -l 66")
        row(label, f"{a:.3f} s", f"fmt \\| pr {b:.3f} s", f"{a / b:.2f}", "≤ 1.0", a <= b)
    for label, text in (("real READMEs, 8 MB", readmes), ("generated Markdown, 8 MB", os.path.join(CORPUS, "doc.md"))):
        a, am, b, bm = medians(f"{p} --color never {text}", f"cmark -t commonmark --width 80 {text}")
        row(label, f"{a:.3f} s", f"cmark {b:.3f} s", f"{a / b:.2f}", "≤ 1.0", a <= b)
        row(label + ", peak memory", f"{am / 1024:.1f} MB", f"cmark {bm / 1024:.1f} MB", f"{am / bm:.2f}", "≤ 1.0",
            am <= bm)
    # The READMEs' in-document links print page numbers (`Usage → p. 7`), from one layout with
    # the numbers written in (issue 39); --links none prints neither them nor notes.
    a, _, b, _ = medians(f"{p} --color never --links none {readmes}", f"cmark -t commonmark --width 80 {readmes}")
    row("real READMEs, 8 MB, --links none", f"{a:.3f} s", f"cmark {b:.3f} s", f"{a / b:.2f}", "≤ 1.0", a <= b)
    a, _, b, _ = medians(f"{p} --color never {readmes}", f"{p} --color never --links none {readmes}")
    row("real READMEs, 8 MB, default (page references, notes)", f"{a:.3f} s", f"--links none {b:.3f} s",
        f"{a / b:.2f}", "≤ 1.1", a <= 1.1 * b)

    # Instructions per byte on the first 4 MB of each real corpus.
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode == 0:
        with tempfile.TemporaryDirectory() as work:
            binary = counted_binary(work)
            for name, goal in (("mixed", 0.5), ("prose", 0.4)):
                text = os.path.join(REAL, f"{name}-4m.txt")
                size = os.path.getsize(text)
                ours = instructions([binary, "--color", "never", "--page-size", "80x66", text])
                formatted = os.path.join(work, "fmt.out")
                with open(formatted, "w") as out:
                    subprocess.run(["fmt", "-w", "80", text], stdout=out, check=True)
                fmt = instructions(["fmt", "-w", "80", text])
                pr = instructions(["pr", "-l", "66", formatted])
                if ours and fmt and pr:
                    row(f"real {name}, instructions (4 MB)", f"{ours / size:.1f} a byte",
                        f"fmt + pr {(fmt + pr) / size:.1f} a byte", f"{ours / (fmt + pr):.2f}", f"≤ {goal}",
                        ours / (fmt + pr) <= goal)
            text = os.path.join(REAL, "readmes-4m.md")
            size = os.path.getsize(text)
            ours = instructions([binary, "--color", "never", text])
            theirs = instructions(["cmark", "-t", "commonmark", "--width", "80", text])
            if ours and theirs:
                row("real READMEs, instructions (4 MB)", f"{ours / size:.1f} a byte", f"cmark {theirs / size:.1f} a byte",
                    f"{ours / theirs:.2f}", "≤ 0.9", ours / theirs <= 0.9)
            started = instructions([binary, "--version"])
            less = instructions(["less", "--version"])
            if started and less:
                row("start-up: --version, instructions", f"{started / 1e6:.2f} M", f"less {less / 1e6:.2f} M",
                    f"{started / less:.1f}", "≤ 3", started <= 3 * less)
            bare = instructions([binary, "--color", "never", "--links", "none", text])
            if ours and bare:
                row("real READMEs, instructions (4 MB), default against --links none", f"{ours / size:.1f} a byte",
                    f"--links none {bare / size:.1f} a byte", f"{ours / bare:.2f}", "≤ 1.1", ours / bare <= 1.1)

    # 104 MB of real READMEs (link definitions throughout): the first page, printed and through
    # a pipe that closes, with page references and without (issue 39).
    big_readmes = os.path.join(REAL, "readmes-100m.md")
    if os.path.exists(big_readmes):
        first, first_memory, _, _ = medians(f"{p} --pages 1 {big_readmes}", "true")
        row("first page of 104 MB of real READMEs", f"{first * 1000:.0f} ms, {first_memory / 1024:.1f} MB", "", "",
            "< 100 ms, < 64 MB", first < 0.1 and first_memory / 1024 < 64)
        a, _, b, _ = medians(f"{p} {big_readmes} | head -66", f"{p} --links none {big_readmes} | head -66")
        row("the same piped to head -66, default against --links none", f"{a * 1000:.0f} ms", f"{b * 1000:.0f} ms",
            f"{a / b:.2f}", "≤ 1.1", a <= 1.1 * b)
        a, _, b, _ = medians(f"{p} {big_readmes} | head -66", f"cmark {big_readmes} | head -66")
        row("the same piped to head -66, against cmark", f"{a * 1000:.0f} ms", f"cmark {b * 1000:.0f} ms",
            f"{a / b:.2f}", "", True)

    # A 112 MB Markdown file: its first page and the whole, in bounded memory.
    big = doc14()
    if os.path.exists(big):
        first, first_memory, _, _ = medians(f"{p} --pages 1 {big}", "true")
        row("first page of a 112 MB Markdown file", f"{first * 1000:.0f} ms, {first_memory / 1024:.1f} MB", "", "",
            "< 50 ms, < 64 MB", first < 0.05 and first_memory / 1024 < 64)
        seconds, memory = timed(f"{p} --color never {big}")
        row("the same file whole, peak memory", f"{memory / 1024:.1f} MB ({seconds:.2f} s)", "", "", "< 64 MB",
            memory / 1024 < 64)

    # A 50 MB paragraph (no blank line) of plain text.
    def paragraph(path):
        words = open(os.path.join(CORPUS, "prose.txt")).read().split()
        with open(path, "w") as out:
            written = 0
            while written < 50_000_000:
                chunk = " ".join(words[:100_000]) + " "
                out.write(chunk)
                written += len(chunk)
    one = ensure("paragraph-50m.txt", paragraph)
    seconds, memory = timed(f"{p} --color never {one}")
    row("a 50 MB paragraph, peak memory", f"{memory / 1024:.1f} MB ({seconds:.2f} s)", "", "", "< 64 MB",
        memory / 1024 < 64)

    # Start-up.
    # (Run directly, not through a shell and time(1), whose start-up would be most of it.)
    def version(command):
        began = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, check=False)
        return time.perf_counter() - began
    small = os.path.join(ROOT, "SampleDocs", "guide.md")
    for label, ours, theirs in (("--version", [p, "--version"], ["less", "--version"]),
                                ("first page of a small file", [p, "--pages", "1", small], ["less", "-F", small])):
        version(ours), version(theirs)
        a = statistics.median(version(ours) for _ in range(max(RUNS, 21)))
        b = statistics.median(version(theirs) for _ in range(max(RUNS, 21)))
        row(f"start-up: {label}", f"{a * 1000:.1f} ms", f"less {b * 1000:.1f} ms", f"{a / b:.1f}", "≤ 3", a <= 3 * b)

    # Exports of the 8 MB of READMEs (issue 39, item 7): the PDF beside enscript's PostScript
    # of the raw source (a2ps's is slower), the HTML beside pandoc's.
    with tempfile.TemporaryDirectory() as work:
        pdf, html = os.path.join(work, "r.pdf"), os.path.join(work, "r.html")
        a, am, b, bm = medians(f"{p} export {readmes} -o {pdf}", f"enscript -q -p {work}/r.ps {readmes}")
        row("8 MB of real READMEs to PDF", f"{a:.2f} s, {am / 1024:.0f} MB", f"enscript (PostScript) {b:.2f} s",
            f"{a / b:.1f}", "≤ 2 s, ≤ 100 MB", a <= 2 and am <= 100 * 1024)
        if subprocess.run(["which", "pandoc"], capture_output=True).returncode == 0:
            a, am, b, bm = medians(f"{p} export {readmes} -o {html}", f"pandoc -f gfm -s {readmes} -o {work}/p.html")
            row("8 MB of real READMEs to HTML", f"{a:.2f} s, {am / 1024:.0f} MB",
                f"pandoc {b:.2f} s, {bm / 1024:.0f} MB", f"{a / b:.2f}", "≤ 1 s", a <= 1)

    # The pager, in tmux, beside less (needs the 1 GB text of run.sh --huge for 200 MB).
    huge = os.path.join(CORPUS, "huge.txt")
    if os.path.exists(huge) and subprocess.run(["which", "tmux"], capture_output=True).returncode == 0:
        with tempfile.TemporaryDirectory() as work:
            text = os.path.join(work, "text.txt")
            subprocess.run(f"head -c 200000000 {huge} > {text}", shell=True, check=True)
            out = subprocess.run(["Benchmarks/pager-first-page.sh", text, str(RUNS)], cwd=ROOT, capture_output=True,
                                 text=True).stdout
            times = dict(re.findall(r"(paginate|less): first screen in (\d+) ms", out))
            if len(times) == 2:
                a, b = int(times["paginate"]), int(times["less"])
                row("pager, first screen of a 200 MB text", f"{a} ms", f"less {b} ms", f"{a / max(b, 1):.2f}", "≤ 2",
                    a <= 2 * b)
        out = subprocess.run(["Benchmarks/pager-search.sh", huge, "3"], cwd=ROOT, capture_output=True, text=True).stdout
        found = re.search(r"paginate browse (\d+) ms, less (\d+) ms", out)
        if found:
            a, b = int(found.group(1)), int(found.group(2))
            row("pager, search to the end of a 200 MB text", f"{a / 1000:.2f} s", f"less {b / 1000:.2f} s",
                f"{a / max(b, 1):.2f}", "≤ 1", a <= b)

    print("| work | paginate | peer | paginate / peer | goal | |")
    print("|---|---|---|---|---|---|")
    for work, ours, peer, ratio, goal, mark in rows:
        print(f"| {work} | {ours} | {peer} | {ratio} | {goal} | {mark} |")
    scaling()


def scaling():
    """Linear scaling (issue 39): the real READMEs cut to 1, 4, 16 and 64 MB (at a line end),
    printed with the default options: time and peak memory at each size beside cmark's, and
    callgrind's instructions a byte up to 16 MB (64 MB would take callgrind many minutes; set
    SCALING_INSTRUCTIONS_64=1 for it). Flat: the largest instructions a byte within 10% of the
    smallest."""
    source = os.path.join(REAL, "readmes-100m.md")
    if not os.path.exists(source):
        return
    data = open(source, "rb").read()
    print()
    print("| size | paginate | MB/s | peak memory | cmark | paginate / cmark | instructions a byte |")
    print("|---|---|---|---|---|---|---|")
    per_byte = []
    with tempfile.TemporaryDirectory() as work:
        binary = counted_binary(work) if subprocess.run(["which", "valgrind"], capture_output=True).returncode == 0 else None
        for megabytes in (1, 4, 16, 64):
            cut = data[:megabytes * 1_000_000]
            path = os.path.join(work, f"readmes-{megabytes}m.md")
            with open(path, "wb") as out:
                out.write(cut[:cut.rfind(b"\n") + 1])
            size = os.path.getsize(path)
            a, am, b, _ = medians(f"{PAGINATE} --color never {path}", f"cmark -t commonmark --width 80 {path}")
            counted = ""
            if binary and (megabytes <= 16 or os.environ.get("SCALING_INSTRUCTIONS_64")):
                total = instructions([binary, "--color", "never", path])
                if total:
                    per_byte.append(total / size)
                    counted = f"{total / size:.1f}"
            print(f"| {megabytes} MB | {a:.3f} s | {size / 1e6 / a:.0f} | {am / 1024:.1f} MB | {b:.3f} s | "
                  f"{a / b:.2f} | {counted} |")
    if per_byte:
        spread = max(per_byte) / min(per_byte)
        print(f"\ninstructions a byte from the smallest to the largest: {spread:.2f}× "
              f"({'✓' if spread <= 1.1 else '✗'} flat within 10%)")


if __name__ == "__main__":
    main()
