// The syntax highlighter's interface: GNU source-highlight's library (libsource-highlight,
// C++), wrapped by Sources/PaginateHighlight into libPaginateHighlight.so, which paginate opens
// the first time it highlights a program (`dlopen`) rather than linking: the library and what
// it loads (Boost.Regex, ICU) took 1.5 ms of every start when linked, measured. The shared
// object exports one function, `paginate_highlight_api`, that gives this table.
#ifndef PAGINATE_HIGHLIGHT_H
#define PAGINATE_HIGHLIGHT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The version of the table below; a library that gives another is refused.
#define PAGINATE_HIGHLIGHT_API_VERSION 1

/// The name of the function the shared object exports.
#define PAGINATE_HIGHLIGHT_ENTRY "paginate_highlight_api"

/// The syntax classes, in the order of PaginateModel's SyntaxClass (0: plain text).
enum paginate_syntax_class {
  PAGINATE_SYNTAX_NONE = 0,
  PAGINATE_SYNTAX_KEYWORD,
  PAGINATE_SYNTAX_TYPE,
  PAGINATE_SYNTAX_STRING,
  PAGINATE_SYNTAX_NUMBER,
  PAGINATE_SYNTAX_COMMENT,
  PAGINATE_SYNTAX_PREPROCESSOR,
  PAGINATE_SYNTAX_FUNCTION,
  PAGINATE_SYNTAX_VARIABLE,
  PAGINATE_SYNTAX_SYMBOL,
  PAGINATE_SYNTAX_CONSTANT,
};

/// Told each highlighted run of a line: its UTF-8 offset and length in the line, its class.
typedef void (*paginate_highlight_emit)(void *context, size_t start, size_t length, int syntax_class);

struct paginate_highlight_api {
  int version;
  /// A highlighter for the language definition `language_file` (`c.lang`) in `data_dir`
  /// (NULL: the library's own); NULL, with a message in `error`, when it cannot be read.
  void *(*create)(const char *data_dir, const char *language_file, char *error, size_t size);
  void (*destroy)(void *highlighter);
  /// Highlights one line (no newline), in the state the previous line left; 0 on success,
  /// else the message in `error`.
  int (*line)(void *highlighter, const char *text, size_t length, paginate_highlight_emit emit, void *context,
              char *error, size_t size);
  /// The state between two lines (inside a comment, a string), to resume at later.
  void *(*save)(void *highlighter);
  /// Resumes at `state` (NULL: the start of a file).
  void (*restore)(void *highlighter, const void *state);
  void (*release)(void *state);
  /// The language definition file for a language name (`python`, when `by_file_name` is 0) or
  /// a file name (`main.c`, when 1), written to `out`; 0 when there is none.
  int (*language_file)(const char *data_dir, const char *name, int by_file_name, char *out, size_t size);
  /// The language names (and extensions) the map knows, one a line, written to `out`; the
  /// length they need (more than `size`: written in part).
  size_t (*language_names)(const char *data_dir, char *out, size_t size);
};

/// The table (exported by libPaginateHighlight.so).
const struct paginate_highlight_api *paginate_highlight_api(void);

#ifdef __cplusplus
}
#endif

#endif
