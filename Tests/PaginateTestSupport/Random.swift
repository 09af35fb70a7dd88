import Foundation
import PropertyBased
import Testing

/// A small deterministic random number generator (SplitMix64), so documents are reproducible
/// from a seed.
public struct SplitMix: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15 }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number drawn from `range`.
  public mutating func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// A generator of a test's random inputs. Under CI (`CI` set) it starts from a fixed seed, so
/// that CI is deterministic; elsewhere from a new one each run, so that runs cover more cases
/// (a test's failure message shows the input that failed, not the seed).
public func testGenerator() -> SplitMix {
  if ProcessInfo.processInfo.environment["CI"] != nil { return SplitMix(seed: 20_261_128) }
  return SplitMix(seed: Int.random(in: Int.min...Int.max))
}

/// Checks a property over random (seed, columns, lines) triples.
///
/// Locally the triples come from swift-property-based (new ones each run, shrunk on failure).
/// Under CI (`CI` set) they come from a fixed sequence, so that CI is deterministic: a property
/// that fails there fails the same way on every machine.
public func forAll(
  count: Int, columns: ClosedRange<Int>, lines: ClosedRange<Int>,
  _ body: @escaping @Sendable (_ seed: Int, _ columns: Int, _ lines: Int) -> Void
) async {
  if ProcessInfo.processInfo.environment["CI"] != nil {
    var random = SplitMix(seed: 20_261_121)
    for _ in 0..<count {
      body(
        Int.random(in: 0...1_000_000, using: &random), Int.random(in: columns, using: &random),
        Int.random(in: lines, using: &random))
    }
  } else {
    await propertyCheck(count: count, input: Gen.int(in: 0...1_000_000), Gen.int(in: columns), Gen.int(in: lines)) {
      body($0, $1, $2)
    }
  }
}
