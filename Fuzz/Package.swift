// swift-tools-version: 6.2
//
// libFuzzer targets for paginate's adapters and layout engine. A separate package, so that the
// main package's `swift build` never links these (libFuzzer supplies their `main`).
// Build and run with Scripts/fuzz.sh, which passes the instrumentation
// (-Xswiftc -sanitize=fuzzer,address) so that the paginate libraries under test are
// instrumented too, and links each library with libFuzzer's main.

import PackageDescription

let paginate = { (name: String) in Target.Dependency.product(name: name, package: "paginate") }

/// One adapter each (FuzzAdapterOutput: what an external adapter program writes): it reads the
/// input, then the layout runs over what it read.
let adapterTargets = ["FuzzMarkdown", "FuzzText", "FuzzJSON", "FuzzPandoc", "FuzzAdapterOutput"]

let package = Package(
  name: "PaginateFuzz",
  products: (adapterTargets + ["FuzzLayout", "FuzzConfig"]).map { .library(name: $0, type: .dynamic, targets: [$0]) },
  dependencies: [.package(name: "paginate", path: "..")],
  targets: [
    .target(name: "FuzzSupport", dependencies: [paginate("PaginateLayout"), paginate("PaginateModel")])
  ]
    + adapterTargets.map { .target(name: $0, dependencies: ["FuzzSupport", paginate("PaginateAdapters")]) }
    + [
      .target(
        name: "FuzzLayout",
        dependencies: ["FuzzSupport", paginate("PaginateAdapters"), paginate("PaginateLayout"), paginate("PaginateModel")]),
      // The command-line tool's configuration file.
      .target(name: "FuzzConfig", dependencies: [paginate("PaginateConfig")]),
    ],
  swiftLanguageModes: [.v6]
)
