import PaginateConfig
import Testing

@Suite("The configuration file (TOML)")
struct ConfigFileTests {
  func settings(_ text: String) throws -> [ConfigFile.Setting] {
    try ConfigFile.settings(fromTOML: text, path: "config.toml")
  }

  func failure(_ text: String) -> String? {
    do {
      _ = try settings(text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("settings come in the order of their lines, with TOML's strings, escapes, comments and numbers")
  func settings() throws {
    let text = """
      # paginate's defaults
      page-size = "a5"   # a comment after a value
      'footer' = "|{page}| \\u00e9 \\"q\\" # not a comment"
      widows = 3
      margin-top = 1.5\r
      double-sided = false
      header = 'literal \\n stays'
      """
    #expect(
      try settings(text) == [
        .init(key: "page-size", value: .string("a5"), line: 2),
        .init(key: "footer", value: .string("|{page}| é \"q\" # not a comment"), line: 3),
        .init(key: "widows", value: .integer(3), line: 4),
        .init(key: "margin-top", value: .number(1.5), line: 5),
        .init(key: "double-sided", value: .bool(false), line: 6),
        .init(key: "header", value: .string("literal \\n stays"), line: 7),
      ])
  }

  @Test("a multi-line string's lines are text, even where they start with [")
  func multiLineString() throws {
    let text = "header = \"\"\"\n[not a table]\nx = [1]\n\"\"\"\nwidows = 3\n"
    #expect(
      try settings(text) == [
        .init(key: "header", value: .string("[not a table]\nx = [1]\n"), line: 1), .init(key: "widows", value: .integer(3), line: 5),
      ])
  }

  @Test(
    "what no option takes, and TOML syntax errors, are refused with the line",
    arguments: [
      ("a = 1\n[table]\nb = 2\n", "config.toml:2: 'table' is a table; settings are top-level `option = value` lines"),
      ("pages = [1, 2]\n", "config.toml:1: 'pages' is an array; an option takes one value"),
      ("x = { a = 1 }\n", "config.toml:1: 'x' is a table; settings are top-level `option = value` lines"),
      ("when = 2026-11-25\n", "config.toml:1: 'when' is a date or time; expected a string, a number, true or false"),
      ("a = 1\na = 2\n", "config.toml:2:"),
      ("footer = \"unterminated\n", "config.toml:1:"),
      ("= 1\n", "config.toml:1:"),
      // toml++ 3 aborts on these (an assertion) instead of failing: found by Scripts/fuzz.sh.
      ("[=abpag[patab", "config.toml:1: '=abpag[patab' is a table"),
      ("a = 1\n  [[ .a]]\n", "config.toml:2: '.a' is a table"),
      ("[\n\0\0", "config.toml:1: '' is a table"),
      ("[\u{7A6}=ubi\n-s", "config.toml:1: '\u{7A6}=ubi' is a table"),  // a combining mark after [
      ("p-i=  [[[[[[}\0[[[[[\"\".do = 1", "config.toml:1: 'p-i' is an array"),
    ])
  func refused(text: String, expected: String) {
    let message = failure(text)
    #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    #expect(message?.contains("\n") == false)
  }

  @Test("a dotted key is refused at its line before toml++ sees it, however many parts it has (200,000 overflowed its stack)")
  func dottedKeys() throws {
    let long = "widows = 2\n" + "a" + String(repeating: ".a", count: 200_000) + " = 1\n"
    #expect(failure(long) == "config.toml:2: 'a' is a table (a dotted key); settings are top-level `option = value` lines")
    #expect(failure("x = 1\n\"a\".\"b\" = 1\n")?.hasPrefix("config.toml:2: '\"a\"' is a table (a dotted key)") == true)
    // A dot inside one quoted key is part of its name.
    #expect(try settings("\"page.size\" = 1\n") == [.init(key: "page.size", value: .integer(1), line: 1)])
  }

  @Test("a key written with escapes is reported at its own line")
  func escapedKeyLine() throws {
    let text = "widows = 2\n\n\"pa\\u0067e-size\" = \"a5\"\n'lit\\u0065ral' = 1\n"
    #expect(
      try settings(text) == [
        .init(key: "widows", value: .integer(2), line: 1), .init(key: "page-size", value: .string("a5"), line: 3),
        .init(key: "lit\\u0065ral", value: .integer(1), line: 4),
      ])
  }
}

