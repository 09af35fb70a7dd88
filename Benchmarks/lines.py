#!/usr/bin/env python3
"""Files of lines: paginate beside pr, enscript and less on a 200 MB log, in one run.

Two logs: the real one is the logs of this machine's /var/log (dpkg, apt, alternatives,
fontconfig) repeated to 200 MB; the generated one is 200 MB of syslog-like lines of random
lengths (some wider than the page). Times are medians of RUNS alternating runs, memory the
peak resident set, instructions callgrind's on the first 20 MB (pr's and paginate's whole
runs). The pager's first screen is measured in tmux beside less (pager-first-page.sh).
Highlighting is measured on this machine's C headers (/usr/include, 4 MB of them) beside
source-highlight itself and enscript -E, a cost per byte.

Usage: Benchmarks/lines.py   (RUNS=9 for more runs; PAGINATE=path for another build)
"""
import os
import random
import re
import subprocess
import tempfile

from bench import CORPUS, PAGINATE, ROOT, medians

REAL = os.path.join(CORPUS, "real")
SIZE = 200_000_000
rows = []


def row(work, ours, peer, ratio, goal, met):
    rows.append((work, ours, peer, ratio, goal, "" if not goal else "✓" if met else "✗"))


def real_log(path):
    """This machine's logs, repeated to SIZE bytes (cut at a line end)."""
    parts = []
    for name in ("/var/log/dpkg.log", "/var/log/alternatives.log", "/var/log/apt/history.log",
                 "/var/log/apt/term.log", "/var/log/fontconfig.log"):
        if os.path.exists(name):
            parts.append(open(name, "rb").read())
    data = b"".join(parts)
    if not data:
        return False
    whole = data * (SIZE // len(data) + 1)
    with open(path, "wb") as out:
        out.write(whole[:whole.rfind(b"\n", 0, SIZE) + 1])
    return True


def generated_log(path):
    """Syslog-like lines: a time stamp, a host, a program, a message of 2 to 30 words."""
    random.seed(40)
    words = ("connection accepted closed from port user session opened for uid error warning timeout "
             "retrying request GET POST /api/v1/items status 200 404 500 bytes ms disk usage high").split()
    programs = ("sshd[812]", "kernel", "systemd[1]", "cron[402]", "nginx[2201]", "postgres[99]")
    with open(path, "w") as out:
        written = 0
        second = 0
        while written < SIZE:
            second += random.randint(0, 3)
            message = " ".join(random.choice(words) for _ in range(random.randint(2, 30)))
            line = (f"Nov {1 + second // 86400 % 28:2d} {second // 3600 % 24:02d}:{second // 60 % 60:02d}:"
                    f"{second % 60:02d} host {random.choice(programs)}: {message}\n")
            out.write(line)
            written += len(line)
    return True


def ensure(name, make):
    path = os.path.join(REAL if name.startswith("log-") else CORPUS, name)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not make(path):
            return None
    return path


def instructions(command):
    with tempfile.TemporaryDirectory() as work:
        log = os.path.join(work, "log")
        with open(log, "w") as errors:
            subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                           stdout=subprocess.DEVNULL, stderr=errors, cwd=ROOT, check=False)
        found = re.search(r"refs:\s*([\d,]+)", open(log).read())
        return int(found.group(1).replace(",", "")) if found else None


def measure(label, log):
    p = PAGINATE
    a, am, b, bm = medians(f"{p} --color never {log}", f"pr -l 66 {log}")
    row(f"{label}: print", f"{a:.2f} s, {am / 1024:.0f} MB", f"pr -l 66 {b:.2f} s, {bm / 1024:.0f} MB", f"{a / b:.2f}",
        "≤ 1.0", a <= b)
    a, am, b, bm = medians(f"{p} -n --color never {log}", f"pr -n -l 66 {log}")
    row(f"{label}: line numbers", f"{a:.2f} s, {am / 1024:.0f} MB", f"pr -n -l 66 {b:.2f} s, {bm / 1024:.0f} MB",
        f"{a / b:.2f}", "≤ 1.0", a <= b)
    a, am, b, bm = medians(f"{p} --color never {log}", f"enscript -q -p - {log}")
    row(f"{label}: print", f"{a:.2f} s", f"enscript -p - (PostScript) {b:.2f} s, {bm / 1024:.0f} MB",
        f"{a / b:.2f}", "", True)
    a, am, b, bm = medians(f"{p} --pages 1 --color never {log}", f"pr -l 66 {log} | head -66")
    row(f"{label}: first page", f"{a * 1000:.0f} ms, {am / 1024:.0f} MB", f"pr \\| head -66 {b * 1000:.0f} ms",
        "", "< 50 ms", a < 0.05)


def c_headers(path):
    """The C headers under /usr/include, whole files, to about 4 MB."""
    written = 0
    with open(path, "wb") as out:
        for folder, _, names in sorted(os.walk("/usr/include")):
            for name in sorted(names):
                if name.endswith(".h") and written < 4_000_000:
                    data = open(os.path.join(folder, name), "rb").read()
                    out.write(data)
                    written += len(data)
    return written > 0


def highlighting(source):
    """Highlighting's cost a byte: paginate (styles kept: --color always) beside
    source-highlight (ESC output) and enscript -E (PostScript), and paginate without it."""
    p = PAGINATE
    size = os.path.getsize(source)
    a, am, b, bm = medians(f"{p} --color always --language c {source}",
                           f"source-highlight -s c -f esc -i {source} -o STDOUT")
    row("C headers, 4 MB: highlighted", f"{a / size * 1e6:.2f} µs a byte, {am / 1024:.0f} MB",
        f"source-highlight {b / size * 1e6:.2f} µs a byte, {bm / 1024:.0f} MB", f"{a / b:.2f}", "≤ 1.0", a <= b)
    a, am, b, bm = medians(f"{p} --color always --language c {source}", f"enscript -q -E -p - {source}")
    row("C headers, 4 MB: highlighted", f"{a:.2f} s", f"enscript -E -p - (PostScript) {b:.2f} s, {bm / 1024:.0f} MB",
        f"{a / b:.2f}", "", True)
    a, am, b, bm = medians(f"{p} --color always --highlight none {source}", f"pr -l 66 {source}")
    row("C headers, 4 MB: not highlighted", f"{a / size * 1e6:.3f} µs a byte", f"pr -l 66 {b / size * 1e6:.3f} µs a byte",
        f"{a / b:.2f}", "", True)


def main():
    if not os.path.exists(PAGINATE):
        print("lines.py: no release build (swift build -c release --static-swift-stdlib --product paginate)")
        return
    real = ensure("log-200m.log", real_log)
    generated = ensure("syslog-200m.log", generated_log)
    for label, log in (("real log, 200 MB", real), ("generated syslog, 200 MB", generated)):
        if log:
            measure(label, log)
    headers = ensure("c-headers-4m.h", c_headers)
    if headers and subprocess.run(["which", "source-highlight"], capture_output=True).returncode == 0:
        highlighting(headers)
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode == 0 and real:
        with tempfile.TemporaryDirectory() as work:
            cut = os.path.join(work, "log-20m.log")
            data = open(real, "rb").read(20_000_000)
            with open(cut, "wb") as out:
                out.write(data[:data.rfind(b"\n") + 1])
            binary = os.path.join(work, "paginate")
            subprocess.run(["objcopy", "--strip-debug", PAGINATE, binary], check=True)
            size = os.path.getsize(cut)
            for flag, peer in (([], ["pr", "-l", "66"]), (["-n"], ["pr", "-n", "-l", "66"])):
                ours = instructions([binary] + flag + ["--color", "never", cut])
                theirs = instructions(peer + [cut])
                if ours and theirs:
                    row(f"real log, 20 MB, instructions{' (-n)' if flag else ''}", f"{ours / size:.1f} a byte",
                        f"{' '.join(peer)} {theirs / size:.1f} a byte", f"{ours / theirs:.2f}", "≤ 1.0", ours <= theirs)
    print("| work | paginate | peer | ratio | goal | |")
    print("|---|---|---|---|---|---|")
    for work, ours, peer, ratio, goal, mark in rows:
        print(f"| {work} | {ours} | {peer} | {ratio} | {goal} | {mark} |")
    if real and subprocess.run(["which", "tmux"], capture_output=True).returncode == 0:
        print()
        subprocess.run([os.path.join(ROOT, "Benchmarks", "pager-first-page.sh"), real, os.environ.get("RUNS", "5")],
                       cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
