// swift-tools-version: 6.2
//
// libFuzzer targets for paginate's adapters and layout engine. A separate package, so that the
// main package's `swift build` never links these (libFuzzer supplies their `main`).
// Build and run with Scripts/fuzz.sh.

import PackageDescription

// Coverage instrumentation and AddressSanitizer; Scripts/fuzz.sh links each library with
// libFuzzer's main (SwiftPM's executables bring a main of their own).
// The flags come from Scripts/fuzz.sh (-Xswiftc -sanitize=fuzzer,address) so that the
// paginate libraries under test are instrumented too.
let fuzzer: [SwiftSetting] = []
let linker: [LinkerSetting] = []

let package = Package(
  name: "PaginateFuzz",
  products: [
    .library(name: "FuzzMarkdown", type: .dynamic, targets: ["FuzzMarkdown"]),
    .library(name: "FuzzText", type: .dynamic, targets: ["FuzzText"]),
    .library(name: "FuzzJSON", type: .dynamic, targets: ["FuzzJSON"]),
    .library(name: "FuzzPandoc", type: .dynamic, targets: ["FuzzPandoc"]),
    .library(name: "FuzzLayout", type: .dynamic, targets: ["FuzzLayout"]),
  ],
  dependencies: [.package(name: "paginate", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "PaginateLayout", package: "paginate"), .product(name: "PaginateModel", package: "paginate")]),
    .target(
      name: "FuzzMarkdown",
      dependencies: ["FuzzSupport", .product(name: "PaginateAdapters", package: "paginate")],
      swiftSettings: fuzzer, linkerSettings: linker),
    .target(
      name: "FuzzText",
      dependencies: ["FuzzSupport", .product(name: "PaginateAdapters", package: "paginate")],
      swiftSettings: fuzzer, linkerSettings: linker),
    .target(
      name: "FuzzJSON",
      dependencies: ["FuzzSupport", .product(name: "PaginateAdapters", package: "paginate")],
      swiftSettings: fuzzer, linkerSettings: linker),
    .target(
      name: "FuzzPandoc",
      dependencies: ["FuzzSupport", .product(name: "PaginateAdapters", package: "paginate")],
      swiftSettings: fuzzer, linkerSettings: linker),
    .target(
      name: "FuzzLayout",
      dependencies: [
        .product(name: "PaginateAdapters", package: "paginate"), .product(name: "PaginateLayout", package: "paginate"),
        .product(name: "PaginateModel", package: "paginate"),
      ],
      swiftSettings: fuzzer, linkerSettings: linker),
  ],
  swiftLanguageModes: [.v6]
)
