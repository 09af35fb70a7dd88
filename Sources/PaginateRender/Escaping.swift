/// Escaping for the text formats paginate writes.
enum Escaping {
  /// `text` as a JSON string literal, quotes included. Control characters, quotes and
  /// backslashes are escaped; everything else is written as UTF-8.
  static func json(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in HTML
  /// text and in quoted attribute values.
  static func html(_ text: some StringProtocol, into output: inout String) {
    for character in text.unicodeScalars {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(character)
      }
    }
  }

  static func html(_ text: some StringProtocol) -> String {
    var output = ""
    html(text, into: &output)
    return output
  }
}
