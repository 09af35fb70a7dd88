#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Document {
  /// Reads a document in the JSON form.
  ///
  ///     let document = try Document(json: Array(#"{"version": 1, "blocks": []}"#.utf8))
  ///
  /// - Parameter json: UTF-8 encoded JSON.
  /// - Throws: ``DocumentDecodingError`` naming the JSON path of the first problem
  ///   (`$.blocks[3].level: expected 1...6, got 9`) or the line and column of a syntax error
  ///   (`invalid JSON at line 2, column 13: expected a value, got '}'`). A key twice in one object,
  ///   a lone surrogate and nesting deeper than 256 levels are refused as syntax errors.
  public init(json: some Collection<UInt8>) throws(DocumentDecodingError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(json)
    } catch {
      throw DocumentDecodingError(path: "", message: "invalid JSON at \(error.description)")
    }
    do {
      self = try Document(from: JSONValueDecoder(value))
    } catch let error as DecodingError {
      throw DocumentDecodingError(error)
    } catch {
      throw DocumentDecodingError(path: "", message: "\(error)")
    }
  }

  /// Writes the document in the JSON form, pretty-printed with keys in a stable order.
  ///
  /// The output reads back with ``init(json:)`` to an equal document.
  public func jsonData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    // Encoding our own value types cannot fail: every value is a string, number, bool or array.
    return try! encoder.encode(self)
  }
}
