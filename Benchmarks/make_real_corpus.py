#!/usr/bin/env python3
"""Builds benchmark inputs from real documents nobody here wrote, found on every machine of
this kind, into Benchmarks/corpus/real/ (deterministic: sorted, the same bytes each time):

- readmes.md (8 MB): every Markdown file (READMEs, DocC articles, CHANGELOGs, guides) of the
  local Swift package copies under /opt/swift-packages, read with `git show HEAD:path` from
  their bare repositories, joined by blank lines; and readmes-100m.md, those 8 MB thirteen
  times (104 MB, link definitions throughout), for the first page of a large file.
- prose.txt (16 MB): Debian's licences (/usr/share/common-licenses) and the plain-text
  documents of /usr/share/doc (README, NEWS, changelog, copyright, gzip'd or not).
- mixed.txt (16 MB): the translated messages of Debian's message catalogs
  (/usr/share/locale/LANG/LC_MESSAGES/*.mo: apt, dpkg, glib, gtk, iso-codes, ...) in
  Japanese, Chinese, Korean, Russian, Ukrainian, Greek, Arabic and Hebrew (taking turns),
  each after its English original, a paragraph each, with the Swift packages' code blocks among them.

An input shorter than its size is repeated to it; the run prints how many times. Each file's
first 4 MB are also written as *-4m.* for callgrind, which runs some fifty times slower.
"""
import gettext
import gzip
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Benchmarks", "corpus", "real")
PACKAGES = "/opt/swift-packages"
LANGUAGES = ["ja", "zh_CN", "ko", "ru", "uk", "el", "ar", "he"]


def git_markdown():
    """The Markdown files of each bare repository under /opt/swift-packages, in path order."""
    texts = []
    if not os.path.isdir(PACKAGES):
        return texts
    for owner in sorted(os.listdir(PACKAGES)):
        for repo in sorted(os.listdir(os.path.join(PACKAGES, owner))):
            path = os.path.join(PACKAGES, owner, repo)
            listing = subprocess.run(["git", "-C", path, "ls-tree", "-r", "--name-only", "HEAD"],
                                     capture_output=True, text=True)
            for name in sorted(listing.stdout.splitlines()):
                if name.lower().endswith(".md"):
                    shown = subprocess.run(["git", "-C", path, "show", f"HEAD:{name}"], capture_output=True)
                    if shown.returncode == 0:
                        texts.append(shown.stdout.decode("utf-8", "replace"))
    return texts


def debian_prose():
    """Licences and the plain-text documents of /usr/share/doc, in path order."""
    texts = []
    licences = "/usr/share/common-licenses"
    for name in sorted(os.listdir(licences)) if os.path.isdir(licences) else []:
        path = os.path.join(licences, name)
        if os.path.isfile(path) and not os.path.islink(path):
            texts.append(open(path, encoding="utf-8", errors="replace").read())
    for folder, _, names in sorted(os.walk("/usr/share/doc")):
        for name in sorted(names):
            base = name[:-3] if name.endswith(".gz") else name
            if not (base.startswith(("README", "NEWS", "changelog", "copyright")) and "." not in base.replace(".Debian", "")):
                continue
            path = os.path.join(folder, name)
            try:
                raw = gzip.open(path).read() if name.endswith(".gz") else open(path, "rb").read()
            except (OSError, EOFError):
                continue
            texts.append(raw.decode("utf-8", "replace"))
    return texts


def translations():
    """(English, translation) pairs from the message catalogs, the languages taking turns (so
    that any stretch of the file has all of them)."""
    by_language = []
    for language in LANGUAGES:
        pairs = []
        folder = f"/usr/share/locale/{language}/LC_MESSAGES"
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".mo"):
                continue
            try:
                with open(os.path.join(folder, name), "rb") as f:
                    catalog = gettext.GNUTranslations(f)._catalog
            except (OSError, UnicodeDecodeError, gettext.Error if hasattr(gettext, "Error") else OSError):
                continue
            for key in sorted(k for k in catalog if isinstance(k, str) and k):
                value = catalog[key]
                if isinstance(value, str) and value.strip() and value != key:
                    pairs.append((key, value))
        if pairs:
            by_language.append(pairs)
    turns = []
    for index in range(max((len(p) for p in by_language), default=0)):
        turns += [pairs[index] for pairs in by_language if index < len(pairs)]
    return turns


def code_blocks(markdown):
    """The fenced code blocks of the Markdown texts."""
    blocks = []
    for text in markdown:
        inside, current = False, []
        for line in text.splitlines():
            if line.lstrip().startswith("```"):
                if inside:
                    blocks.append("\n".join("    " + l for l in current))
                inside, current = not inside, []
            elif inside:
                current.append(line)
    return blocks


def filled(parts, size, separator="\n\n"):
    """The parts joined, repeated to `size` bytes (cut at a line end), and how many times."""
    one = separator.join(p.strip("\n") for p in parts if p.strip()) + "\n"
    data = one.encode()
    if not data.strip():
        return b"", 0
    times = -(-size // len(data))
    whole = (data + separator[1:].encode()) * times
    cut = whole.rfind(b"\n", 0, size)
    return whole[:cut + 1], len(data) / size


def write(name, data, share):
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        f.write(data)
    stem, dot, ext = name.partition(".")
    small = data[:4_000_000]
    with open(os.path.join(OUT, f"{stem}-4m{dot}{ext}"), "wb") as f:
        f.write(small[:small.rfind(b"\n") + 1])
    note = f"(the sources are {share:.0%} of it)" if share < 1 else "(cut from more)"
    print(f"  real/{name}: {len(data) / 1e6:.1f} MB {note}")


def main():
    os.makedirs(OUT, exist_ok=True)
    wanted = [n for n in ["readmes.md", "prose.txt", "mixed.txt"] if "--force" in sys.argv or not os.path.exists(os.path.join(OUT, n))]
    markdown = git_markdown() if wanted else []
    if "readmes.md" in wanted:
        if markdown:
            write("readmes.md", *filled(markdown, 8_000_000))
        else:
            print(f"  real/readmes.md: skipped, no package copies under {PACKAGES}")
    if "prose.txt" in wanted:
        write("prose.txt", *filled(debian_prose(), 16_000_000))
    big = os.path.join(OUT, "readmes-100m.md")
    readmes = os.path.join(OUT, "readmes.md")
    if os.path.exists(readmes) and ("--force" in sys.argv or not os.path.exists(big)):
        data = open(readmes, "rb").read()
        with open(big, "wb") as out:
            for _ in range(13):
                out.write(data + b"\n")
        print(f"  real/readmes-100m.md: {os.path.getsize(big) / 1e6:.1f} MB (readmes.md 13 times)")
    if "mixed.txt" in wanted:
        pairs = translations()
        if not pairs:
            print("  real/mixed.txt: skipped, no message catalogs under /usr/share/locale")
            return
        code = code_blocks(markdown)
        parts = []
        for index, (english, translated) in enumerate(pairs):
            parts += [english, translated]
            if code and index % 25 == 0:
                parts.append(code[(index // 25) % len(code)])
        write("mixed.txt", *filled(parts, 16_000_000))


if __name__ == "__main__":
    main()
