#!/usr/bin/env python3
"""Side-by-side benchmarks of paginate against the tools people would use instead.

Run through Benchmarks/run.sh, which builds the release binary and the corpus first.
Each pair runs alternately (A B A B ...) RUNS times; the table shows medians, throughput,
peak resident memory and the ratio peer/paginate (above 1 means paginate is faster).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Benchmarks", "corpus")
PAGINATE = os.path.join(ROOT, ".build", "release", "paginate")
RUNS = int(os.environ.get("RUNS", "5"))


def timed(command):
    """Runs a shell command with stdout discarded; returns (seconds, peak KB)."""
    with tempfile.NamedTemporaryFile("r") as stats:
        start = time.perf_counter()
        subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", stats.name, "bash", "-o", "pipefail", "-c", command],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=ROOT)
        elapsed = time.perf_counter() - start
        peak = int(stats.read().strip().splitlines()[-1] or 0)
    return elapsed, peak


def medians(ours, peer):
    """Two commands run alternately RUNS times: the median seconds and peak KB of each."""
    ours_runs, peer_runs = [], []
    for _ in range(RUNS):
        ours_runs.append(timed(ours))
        peer_runs.append(timed(peer))
    return (statistics.median(t for t, _ in ours_runs), max(m for _, m in ours_runs),
            statistics.median(t for t, _ in peer_runs), max(m for _, m in peer_runs))


def pair(label, size_mb, ours, peer, peer_name):
    ours_time, ours_peak, peer_time, peer_peak = medians(ours, peer)
    ratio = peer_time / ours_time if ours_time > 0 else float("inf")
    print(f"{label:<34} {ours_time:8.3f}s {size_mb / ours_time:8.1f} MB/s {ours_peak / 1024:7.1f} MB | "
          f"{peer_name:<26} {peer_time:8.3f}s {size_mb / peer_time:8.1f} MB/s {peer_peak / 1024:7.1f} MB | "
          f"x{ratio:5.2f}")
    sys.stdout.flush()


def header(title):
    print(f"\n## {title}")
    print(f"{'paginate':<34} {'median':>9} {'throughput':>13} {'peak RSS':>10} | "
          f"{'peer':<26} {'median':>9} {'throughput':>13} {'peak RSS':>10} | peer/paginate")


def size(name):
    return os.path.getsize(os.path.join(CORPUS, name)) / 1e6


def doc14():
    """Benchmarks/corpus/doc14.md, doc.md 14 times (112 MB), made when missing; its path."""
    path = os.path.join(CORPUS, "doc14.md")
    if not os.path.exists(path):
        with open(os.path.join(CORPUS, "doc.md"), "rb") as source:
            text = source.read()
        with open(path, "wb") as target:
            for _ in range(14):
                target.write(text)
    return path


def definitions(count):
    """Benchmarks/corpus/defs-COUNT.md, made when missing: COUNT paragraphs, each citing two
    link reference definitions anywhere in the text, then the COUNT definitions (one group, as
    a README's link list at its end); its name in the corpus."""
    name = f"defs-{count}.md"
    path = os.path.join(CORPUS, name)
    if not os.path.exists(path):
        import random
        rng = random.Random(count)
        with open(path, "w") as target:
            for index in range(count):
                target.write(f"Paragraph {index} cites [ref{rng.randrange(count)}] and [ref{rng.randrange(count)}].\n\n")
            for index in range(count):
                target.write(f"[ref{index}]: https://example.org/{index}\n")
    return name


def main():
    p = PAGINATE
    c = "Benchmarks/corpus"
    print(f"paginate benchmarks: {RUNS} alternating runs per pair, medians; machine: {os.cpu_count()} cores")

    header("16 MB prose, 80x66 pages")
    args = f"--page-size 80x66 --color never {c}/prose.txt"
    pair("paginate (optimal)", size("prose.txt"), f"{p} {args}", f"fmt -w 80 {c}/prose.txt | pr -l 66", "fmt -w 80 | pr -l 66")
    pair("paginate (optimal), 1 core", size("prose.txt"), f"taskset -c 0 {p} {args}", f"taskset -c 0 bash -c 'fmt -w 80 {c}/prose.txt | pr -l 66'", "fmt | pr, 1 core")
    pair("paginate (optimal)", size("prose.txt"), f"{p} {args}", f"fold -s -w 80 {c}/prose.txt | pr -l 66", "fold -s -w 80 | pr -l 66")
    pair("paginate --wrap greedy", size("prose.txt"), f"{p} --wrap greedy {args}", f"fold -s -w 80 {c}/prose.txt | pr -l 66", "fold -s -w 80 | pr -l 66")

    header("8 MB Markdown")
    pair("paginate doc.md", size("doc.md"), f"{p} --color never {c}/doc.md", f"cmark -t commonmark --width 80 {c}/doc.md", "cmark -t commonmark --width 80")
    if shutil.which("pandoc"):
        pair("paginate slice.md (1 MB)", size("slice.md"), f"{p} --color never {c}/slice.md",
             f"pandoc -f commonmark -t plain --columns=80 {c}/slice.md", "pandoc -t plain (1 MB)")
        # pandoc's JSON of the same slice, read by each: the pandoc-json adapter's cost.
        json_path = os.path.join(CORPUS, "slice.pandoc.json")
        if not os.path.exists(json_path):
            subprocess.run(["pandoc", "-f", "commonmark+pipe_tables", "-t", "json", "-o", json_path,
                            os.path.join(CORPUS, "slice.md")], check=True)
        pair("paginate --from pandoc-json", size("slice.pandoc.json"),
             f"{p} --color never --from pandoc-json {json_path}",
             f"pandoc -f json -t plain --columns=80 {json_path}", "pandoc -f json -t plain")

    header("4 MB mixed CJK / Cyrillic / Latin (fmt and fold count bytes, not cells: their lines overflow)")
    args = f"--page-size 80x66 --color never {c}/mixed.txt"
    pair("paginate", size("mixed.txt"), f"{p} {args}", f"fmt -w 80 {c}/mixed.txt | pr -l 66", "fmt -w 80 | pr -l 66")
    pair("paginate", size("mixed.txt"), f"{p} {args}", f"fold -s -w 80 {c}/mixed.txt | pr -l 66", "fold -s -w 80 | pr -l 66")

    if os.path.exists(os.path.join(CORPUS, "real", "readmes.md")):
        r = f"{c}/real"
        header("Real: 16 MB mixed-script text (Debian's message catalogs, 8 languages), 80x66")
        args = f"--page-size 80x66 --color never {r}/mixed.txt"
        pair("paginate", size("real/mixed.txt"), f"{p} {args}", f"fmt -w 80 {r}/mixed.txt | pr -l 66", "fmt -w 80 | pr -l 66")
        header("Real: 16 MB prose (licences and /usr/share/doc), 80x66")
        args = f"--page-size 80x66 --color never {r}/prose.txt"
        pair("paginate", size("real/prose.txt"), f"{p} {args}", f"fmt -w 80 {r}/prose.txt | pr -l 66", "fmt -w 80 | pr -l 66")
        header("Real: 8 MB of READMEs and guides (the Swift package copies' Markdown)")
        pair("paginate readmes.md", size("real/readmes.md"), f"{p} --color never {r}/readmes.md",
             f"cmark -t commonmark --width 80 {r}/readmes.md", "cmark -t commonmark --width 80")

    paper("the 8 MB Markdown document", "doc.md")
    if os.path.exists(os.path.join(CORPUS, "real", "readmes.md")):
        paper("8 MB of real READMEs", "real/readmes.md")

    header("Link reference definitions: one group of N at the end, each cited twice on average")
    for count in (25_000, 100_000):
        name = definitions(count)
        pair(f"paginate --links none {count // 1000}k defs", size(name), f"{p} --color never --links none {c}/{name}",
             f"cmark -t commonmark --width 80 {c}/{name}", "cmark -t commonmark --width 80")

    header("A 112 MB Markdown file (doc.md 14 times): its first page, and the whole")
    doc14()
    pair("paginate --pages 1 doc14.md", size("doc14.md"), f"{p} --pages 1 {c}/doc14.md",
         f"cmark -t commonmark --width 80 {c}/doc14.md | head -c 4096", "cmark | head -c 4096")
    pair("paginate doc14.md", size("doc14.md"), f"{p} --color never {c}/doc14.md",
         f"cmark -t commonmark --width 80 {c}/doc14.md", "cmark -t commonmark --width 80")

    header("Time to the first page")
    big = "huge.txt" if os.path.exists(os.path.join(CORPUS, "huge.txt")) else "prose.txt"
    pair(f"paginate {big} | head -c 4096", 0.004, f"{p} {c}/{big} | head -c 4096", f"pr -l 66 {c}/{big} | head -c 4096", "pr -l 66 | head -c 4096")
    pair(f"paginate --pages 1 {big}", 0.004, f"{p} --pages 1 {c}/{big}", f"head -n 66 {c}/{big}", "head -n 66")

    if os.path.exists(os.path.join(CORPUS, "huge.txt")):
        header("Peak memory on the 1 GB text (one run)")
        seconds, peak = timed(f"{p} --color never {c}/huge.txt")
        print(f"paginate huge.txt: {seconds:.2f}s, {size('huge.txt') / seconds:.0f} MB/s, peak RSS {peak / 1024:.1f} MB")


def pages_in(path):
    """The pages of a PDF (pdfinfo) or a PostScript file (its %%Page: comments)."""
    if path.endswith(".pdf"):
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
        return next((int(line.split()[1]) for line in info.splitlines() if line.startswith("Pages:")), 0)
    with open(path, "rb") as postscript:
        return sum(1 for line in postscript if line.startswith(b"%%Page:"))


def paper_row(label, command, output):
    """Runs `command` RUNS times; prints its median, pages, pages per second and peak memory."""
    runs = [timed(command) for _ in range(RUNS)]
    seconds = statistics.median(t for t, _ in runs)
    peak = max(m for _, m in runs)
    pages = pages_in(output)
    print(f"{label:<58} {seconds:8.3f}s {pages:7d} pages {pages / seconds:9.0f} pages/s {peak / 1024:7.1f} MB")
    sys.stdout.flush()
    return seconds, pages


def paper(name, path):
    """PDF export beside enscript and a2ps writing PostScript of the same text, 80x66 on A4:
    paginate embeds and subsets its fonts, makes links, an outline and compresses its pages;
    the PostScript tools name a printer font and write the text as it is."""
    if not (shutil.which("enscript") and shutil.which("a2ps") and shutil.which("pdfinfo")):
        print(f"\n## PDF export of {name}: skipped (apt-get install enscript a2ps poppler-utils)")
        return
    out = tempfile.mkdtemp()
    print(f"\n## PDF export of {name} ({size(path):.1f} MB), 80x66 on A4: pages per second")
    ours, ours_pages = paper_row("paginate export -o x.pdf", f"{PAGINATE} export --page-size 80x66 -o {out}/x.pdf {CORPUS}/{path}", f"{out}/x.pdf")
    enscript, _ = paper_row("enscript --word-wrap -l 66 -M A4 -o x.ps",
                            f"enscript -q --word-wrap --lines-per-page=66 -M A4 -f Courier9 -p {out}/e.ps {CORPUS}/{path}", f"{out}/e.ps")
    a2ps, _ = paper_row("a2ps -1 -l 80 -L 66 -M A4 -o x.ps",
                        f"a2ps -q -1 -l 80 -L 66 -M A4 -o {out}/a.ps {CORPUS}/{path}", f"{out}/a.ps")
    print(f"{'seconds, enscript / paginate and a2ps / paginate':<58} x{enscript / ours:5.2f}   x{a2ps / ours:5.2f}")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
