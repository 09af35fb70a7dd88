#!/usr/bin/env python3
"""Writes the deterministic benchmark corpus into Benchmarks/corpus/.

  prose.txt   16 MB of English-like prose in long paragraphs (plain text)
  mixed.txt    4 MB of mixed CJK / Cyrillic / Latin paragraphs
  doc.md       8 MB of Markdown using every construct
  slice.md     1 MB slice of doc.md (for pandoc, which is slow)
  huge.txt     1 GB of prose (only with --huge), for time-to-first-page

The same seed always gives the same bytes, so runs on different days compare.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")

WORDS = (
    "the sea keeps its own time and the harbour master writes it down in a notebook with a pencil "
    "while gulls complain about the weather tide tables predict the height of water at each hour "
    "observers stand on the pier and read a painted post a boat lifts slowly as the flood comes in "
    "nobody argues at dawn because it is too early for quarrels the lighthouse keeper counts steps "
    "wind from the west brings rain and salt spray onto the windows of the office by the quay "
    "children search the sand for shells crabs and small stones washed up by the waves"
).split()
LONG = ["observation-station", "well-known", "north-north-west", "extraordinarily", "responsibilities"]
CYRILLIC = "зимним утром порт казался вымершим краны стояли неподвижно словно огромные цапли а лёд у причала потрескивал".split()
CJK_SENTENCES = [
    "清晨的海边还笼罩在薄雾之中，渔船一艘接一艘地停靠在码头旁。",
    "老渔夫坐在石阶上，一边修补渔网，一边低声数着潮水退去的时间。",
    "夜明け前の港は、まだ静かだった。",
    "漁師たちは小さな灯りの下で網を整え、「今日は潮がいい」と短く言葉を交わした。",
    "カモメが一羽、防波堤の上で首をかしげている。",
]


def sentence(rng, words, low=6, high=18):
    count = rng.randint(low, high)
    chosen = [rng.choice(words) for _ in range(count)]
    if rng.random() < 0.2:
        chosen[rng.randrange(count)] = rng.choice(LONG)
    text = " ".join(chosen)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "?", "!"])


def wrapped(text, width=72):
    """Hard-wraps a paragraph the way a plain-text file usually is."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def prose(rng, size):
    parts, total = [], 0
    while total < size:
        paragraph = " ".join(sentence(rng, WORDS) for _ in range(rng.randint(4, 30)))
        block = wrapped(paragraph) + "\n\n"
        parts.append(block)
        total += len(block.encode())
    return "".join(parts)


def mixed(rng, size):
    parts, total = [], 0
    while total < size:
        kind = rng.random()
        if kind < 0.4:
            paragraph = "".join(rng.choice(CJK_SENTENCES) for _ in range(rng.randint(3, 12)))
        elif kind < 0.7:
            paragraph = " ".join(sentence(rng, CYRILLIC) for _ in range(rng.randint(3, 10)))
        else:
            paragraph = " ".join(sentence(rng, WORDS) for _ in range(rng.randint(3, 10)))
        block = paragraph + "\n\n"
        parts.append(block)
        total += len(block.encode())
    return "".join(parts)


def markdown(rng, size):
    parts, total, chapter = [], 0, 0
    while total < size:
        chapter += 1
        block = [f"# Chapter {chapter}\n", f"## Section {chapter}.1\n"]
        for _ in range(rng.randint(3, 8)):
            words = sentence(rng, WORDS).split(" ")
            words[1] = f"*{words[1]}*"
            words[3] = f"**{words[3]}**"
            words[5] = f"`{words[5]}`"
            words[-2] = f"[{words[-2]}](https://example.org/{chapter}/{rng.randint(1, 999)})"
            block.append(" ".join(words) + " " + " ".join(sentence(rng, WORDS) for _ in range(rng.randint(2, 12))) + "\n")
        block.append("\n".join(f"- {sentence(rng, WORDS, 3, 8)}" for _ in range(rng.randint(2, 6))) + "\n")
        block.append("\n".join(f"{i}. {sentence(rng, WORDS, 3, 8)}" for i in range(1, rng.randint(3, 6))) + "\n")
        block.append("> " + sentence(rng, WORDS) + "\n>\n> > " + sentence(rng, WORDS) + "\n")
        block.append("```swift\nlet tide = Tide(height: 3.86)\nprint(tide.height)\n```\n")
        block.append("| Day | High (m) | Note |\n|:----|---------:|:----:|\n"
                     + "".join(f"| {d} | {rng.uniform(3, 4):.2f} | {rng.choice(WORDS)} |\n" for d in ["Mon", "Tue", "Wed"]))
        block.append("---\n")
        block.append("<!-- pagebreak -->\n")
        text = "\n".join(block) + "\n"
        parts.append(text)
        total += len(text.encode())
    return "".join(parts)


def write(name, text):
    path = os.path.join(OUT, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"  {name}: {os.path.getsize(path) / 1e6:.1f} MB")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(20261121)
    if not os.path.exists(os.path.join(OUT, "prose.txt")):
        write("prose.txt", prose(rng, 16_000_000))
    if not os.path.exists(os.path.join(OUT, "mixed.txt")):
        write("mixed.txt", mixed(random.Random(2), 4_000_000))
    if not os.path.exists(os.path.join(OUT, "doc.md")):
        md = markdown(random.Random(3), 8_000_000)
        write("doc.md", md)
        cut = md.find("\n# ", 1_000_000)
        write("slice.md", md[:cut + 1])
    huge = os.path.join(OUT, "huge.txt")
    if "--huge" in sys.argv and not os.path.exists(huge):
        block = prose(random.Random(4), 64_000_000).encode()
        with open(huge, "wb") as f:
            for _ in range(16):
                f.write(block)
        print(f"  huge.txt: {os.path.getsize(huge) / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
