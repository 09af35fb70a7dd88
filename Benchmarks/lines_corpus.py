#!/usr/bin/env python3
"""How paginate reads the text files of this machine: as lines or as prose (issue 40).

Collects text files by what they are, runs `paginate adapters FILE...` on them (the adapter
each is read with, when no --from names one) and prints the confusion table:

- lines: configuration in /etc, logs in /var/log, scripts in /usr/bin and /usr/sbin, source
  code from the local Swift package copies, man pages as `man -P cat | col -bx` prints them,
  Debian's changelogs and its machine-readable copyright files.
- prose: licences (/usr/share/common-licenses, and the LICENSE and COPYING files found on the
  machine) and NOTICE files.
- documents: READMEs, NEWS, FAQs, upstream changelogs and .txt files of /usr/share/doc, and
  free-form copyright files. Either reading can suit
  them (paragraphs reflow; lists, tables and headings keep their lines); the table shows how
  they split, and KEEP=1 keeps the corpus for a look.

Usage: Benchmarks/lines_corpus.py   (PAGINATE=path: another build)
"""
import collections
import gzip
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGINATE = os.environ.get("PAGINATE", os.path.join(ROOT, ".build", "release", "paginate"))
PACKAGES = "/opt/swift-packages"
LIMIT = 200_000  # bytes kept of each file: the sniffer reads 8 KiB


def is_text(data):
    return data and b"\0" not in data[:8192]


def collect(folder):
    """Writes the corpus into folder/{lines,prose,documents}; returns the paths by kind."""
    found = collections.defaultdict(list)
    seen = set()

    def keep(kind, name, data):
        if not is_text(data) or len(data) < 40:
            return
        digest = hashlib.md5(data[:8192]).hexdigest()
        if digest in seen:
            return
        seen.add(digest)
        # Each file keeps its own name (names choose the reading too), in a folder of its own;
        # a decompressed one loses its .gz.
        base = os.path.basename(name)
        base = base[:-3] if base.endswith(".gz") else base
        path = os.path.join(folder, kind, str(len(seen)), base)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(data[:LIMIT])
        found[kind].append(path)

    def read(path):
        try:
            with (gzip.open if path.endswith(".gz") else open)(path, "rb") as source:
                return source.read(LIMIT)
        except (OSError, EOFError):
            return b""

    for base, _, names in sorted(os.walk("/etc")):
        for name in sorted(names):
            path = os.path.join(base, name)
            if os.path.isfile(path) and not os.path.islink(path) and os.path.getsize(path) < LIMIT:
                keep("lines", path, read(path))
    for base, _, names in sorted(os.walk("/var/log")):
        for name in sorted(names):
            if name.endswith((".log", ".log.1")) or name in ("history.log", "term.log"):
                keep("lines", os.path.join(base, name), read(os.path.join(base, name)))
    for folder_name in ("/usr/bin", "/usr/sbin"):
        for name in sorted(os.listdir(folder_name)):
            path = os.path.join(folder_name, name)
            data = read(path) if os.path.isfile(path) else b""
            if data.startswith(b"#!"):
                keep("lines", path, data)
    sources = (".swift", ".c", ".h", ".py", ".sh", ".yml", ".cpp", ".js", ".rb", ".cmake", ".toml")
    if os.path.isdir(PACKAGES):
        for owner in sorted(os.listdir(PACKAGES)):
            for repository in sorted(os.listdir(os.path.join(PACKAGES, owner))):
                git = os.path.join(PACKAGES, owner, repository)
                listing = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD"],
                                         capture_output=True, text=True).stdout.split("\n")
                chosen = [name for name in listing if name.endswith(sources)][:12]
                for name in chosen:
                    data = subprocess.run(["git", "-C", git, "show", "HEAD:" + name], capture_output=True).stdout
                    keep("lines", f"{repository}/{name}", data)
    for page in ("ls", "grep", "bash", "tar", "find", "ssh", "git", "cp", "sed", "awk", "apt", "dpkg", "man",
                 "less", "curl", "chmod", "mount", "ps", "kill", "pr"):
        shown = subprocess.run(f"man -P cat {page} 2>/dev/null | col -bx", shell=True, capture_output=True).stdout
        keep("lines", f"man/{page}", shown)
    for base, _, names in sorted(os.walk("/usr/share/doc")):
        for name in sorted(names):
            path = os.path.join(base, name)
            lower = name.lower()
            if lower.startswith("changelog.debian"):
                keep("lines", path, read(path))
            elif lower.startswith("changelog") and not lower.endswith((".md", ".md.gz", ".html", ".html.gz")):
                # Upstream changelogs: some are lists of lines, some are Markdown.
                keep("documents", path, read(path))
            elif lower == "copyright":
                data = read(path)
                keep("lines" if data.startswith(b"Format:") else "documents", path, data)
            elif lower.startswith(("readme", "news", "faq")) or lower.endswith((".txt", ".txt.gz")):
                if not lower.endswith((".md", ".md.gz", ".html", ".html.gz", ".xml", ".rst")):
                    keep("documents", path, read(path))
    for base in ("/usr/share/common-licenses",):
        for name in sorted(os.listdir(base)):
            keep("prose", os.path.join(base, name), read(os.path.join(base, name)))
    for start in ("/usr", "/opt", "/root"):
        for base, folders, names in os.walk(start):
            folders[:] = [f for f in folders if not f.startswith(".build") and f != "proc"]
            for name in names:
                if name.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")) and not name.endswith(
                        (".md", ".html", ".rst", ".py", ".json", ".gz")):
                    keep("prose", os.path.join(base, name), read(os.path.join(base, name)))
    return found


def chosen(paths):
    """The adapter `paginate adapters` names for each path."""
    names = {}
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        result = subprocess.run([PAGINATE, "adapters"] + batch, capture_output=True, text=True)
        for line in result.stdout.splitlines():
            path, _, adapter = line.rpartition(": ")
            names[path] = adapter
    return names


def nameless(paths, folder):
    """A link named `file` to each path, in a folder of its own: its contents alone choose."""
    links = []
    for index, path in enumerate(paths):
        link = os.path.join(folder, str(index), "file")
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(path, link)
        links.append(link)
    return links


def main():
    if not os.path.exists(PAGINATE):
        sys.exit(f"lines_corpus.py: no {PAGINATE} (swift build -c release --product paginate)")
    with tempfile.TemporaryDirectory() as work:
        folder = os.environ.get("KEEP") and os.path.join(ROOT, "Benchmarks", "corpus", "lines") or work
        found = collect(folder)
        for title, named in (("by name, extension and contents, as paginate chooses", True),
                             ("by contents alone (each file named `file`)", False)):
            print(f"\n{title}:\n")
            print("| files | read as lines | read as prose (text) | other |")
            print("|---|---|---|---|")
            for kind in ("lines", "prose", "documents"):
                paths = found[kind] if named else nameless(found[kind], os.path.join(work, "nameless", kind))
                names = chosen(paths)
                counts = collections.Counter(names.get(path, "?") for path in paths)
                other = sum(n for name, n in counts.items() if name not in ("lines", "text"))
                print(f"| {kind} ({len(paths)}) | {counts['lines']} | {counts['text']} | {other} |")
                if os.environ.get("VERBOSE"):
                    for path, original in zip(paths, found[kind]):
                        print(f"    {names.get(path, '?')}\t{original}")


if __name__ == "__main__":
    main()
