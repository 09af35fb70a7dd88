"""Renders GitHub Flavored Markdown to HTML with libcmark-gfm, as GitHub renders a README:
tables, strikethrough, task lists and footnotes on, raw HTML kept. The `cmark-gfm` command has
no switch for footnotes, so the library is called directly.

Usage: python3 gfm_to_html.py FILE > FILE.html
"""
import ctypes
import sys

gfm = ctypes.CDLL("libcmark-gfm.so")
extensions = ctypes.CDLL("libcmark-gfm-extensions.so")

OPT_UNSAFE = 1 << 17
OPT_FOOTNOTES = 1 << 13

for name, restype, argtypes in [
    ("cmark_parser_new", ctypes.c_void_p, [ctypes.c_int]),
    ("cmark_find_syntax_extension", ctypes.c_void_p, [ctypes.c_char_p]),
    ("cmark_parser_attach_syntax_extension", ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p]),
    ("cmark_parser_feed", None, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]),
    ("cmark_parser_finish", ctypes.c_void_p, [ctypes.c_void_p]),
    ("cmark_parser_get_syntax_extensions", ctypes.c_void_p, [ctypes.c_void_p]),
    ("cmark_render_html", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]),
]:
    function = getattr(gfm, name)
    function.restype = restype
    function.argtypes = argtypes
extensions.cmark_gfm_core_extensions_ensure_registered()

options = OPT_UNSAFE | OPT_FOOTNOTES
parser = gfm.cmark_parser_new(options)
for name in [b"table", b"strikethrough", b"tasklist"]:
    gfm.cmark_parser_attach_syntax_extension(parser, gfm.cmark_find_syntax_extension(name))
source = open(sys.argv[1], "rb").read()
gfm.cmark_parser_feed(parser, source, len(source))
document = gfm.cmark_parser_finish(parser)
html = gfm.cmark_render_html(document, options, gfm.cmark_parser_get_syntax_extensions(parser))
sys.stdout.write(ctypes.string_at(html).decode("utf-8", "replace"))
