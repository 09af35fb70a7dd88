// swift-tools-version: 6.2
//
// paginate: turns documents into fixed-size pages of character cells.
// The targets follow the layers drawn in the README's "Internal architecture"; every
// dependency points one way: C libraries → model → adapters / layout → command line.

import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the upcoming features
/// that keep imports and existentials explicit.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "paginate",
  products: [
    // The library an app imports: `import Paginate` gives the model, the adapters, the layout,
    // the paging controller and the renderers. It builds no executable and no ArgumentParser.
    .library(name: "Paginate", targets: ["Paginate"]),
    .executable(name: "paginate", targets: ["paginate"]),
    .library(name: "PaginateModel", targets: ["PaginateModel"]),
    .library(name: "PaginateAdapters", targets: ["PaginateAdapters"]),
    .library(name: "PaginateLayout", targets: ["PaginateLayout"]),
    .library(name: "PaginatePaging", targets: ["PaginatePaging"]),
    .library(name: "PaginateRender", targets: ["PaginateRender"]),
    .library(name: "PaginatePDF", targets: ["PaginatePDF"]),
    // GNU source-highlight behind a C table, opened by paginate when it first highlights a
    // program (see Sources/CHighlight/include/paginate_highlight.h); built beside the executable.
    .library(name: "PaginateHighlight", type: .dynamic, targets: ["PaginateHighlight"]),
    // The command-line tool's configuration file (TOML), a product so that the fuzz targets
    // (Fuzz/) can link it; it needs the CommandLineTool trait.
    .library(name: "PaginateConfig", targets: ["PaginateConfig"]),
    .plugin(name: "PaginateDocs", targets: ["PaginateDocs"]),
  ],
  // The command-line tool is a trait, on by default. An app that wants the library alone
  // depends on this package with `traits: []`: swift-argument-parser is then neither fetched
  // nor built (nor its plugins compiled).
  traits: [
    .trait(name: "CommandLineTool", description: "The paginate executable and its ArgumentParser dependency"),
    .default(enabledTraits: ["CommandLineTool"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // config.toml is read with a TOML parser (toml++, C++: about 25 s of a first build).
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `swift package generate-documentation --target Paginate` (the Swift toolchain has docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // System libraries (Debian: libcmark-gfm-dev, libcmark-gfm-extensions-dev, libutf8proc-dev,
    // libgumbo-dev; CMalloc is the C library's malloc.h)
    .systemLibrary(
      name: "CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
    ),
    .systemLibrary(name: "CMalloc"),
    // Reads a libcmark-gfm node's literal without the copy cmark_node_get_literal makes.
    .target(name: "CCmarkLiteral"),
    .systemLibrary(
      name: "CGumbo",
      pkgConfig: "gumbo",
      providers: [.apt(["libgumbo-dev"]), .brew(["gumbo-parser"])]
    ),
    // No pkgConfig: Debian's libutf8proc.pc adds -DUTF8PROC_EXPORTS, which SwiftPM refuses
    // with a warning on every build; the header is in the default include path and the module
    // map links the library.
    .systemLibrary(name: "CUtf8proc"),
    // Hyphenation patterns (Debian: libhyphen-dev, and hyphen-en-us, hyphen-de, … for the
    // patterns). Debian ships no hyphen.pc: the module map links the library.
    .systemLibrary(name: "CHyphen"),
    // gzip and xz input, read as less reads it (README.gz under /usr/share/doc)
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(name: "CLzma", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"]), .brew(["xz"])]),

    // The PDF export: cairo draws, pango shapes text (Debian: libpangocairo-1.0-0, which brings
    // libcairo2 and libpango-1.0-0; fonts through fontconfig: fonts-dejavu-core,
    // fonts-noto-cjk). Not linked: opened when a PDF is first made, so that a start without
    // one loads 13 shared objects, not 48 (see Sources/CPangoCairo/include/pango_cairo.h).
    .target(name: "CPangoCairo", dependencies: ["CPaginateSystem"]),
    // Syntax highlighting (Debian: libsource-highlight-dev, which brings Boost.Regex): the C
    // interface, and the C++ library that implements it with libsource-highlight.
    .target(name: "CHighlight"),
    .target(
      name: "PaginateHighlight",
      dependencies: ["CHighlight"],
      linkerSettings: [.linkedLibrary("source-highlight"), .unsafeFlags(["-static-stdlib"])]
    ),

    // Platform: the C state that signal handlers read (C storage, C layout), C's sizes of the
    // libc structures Swift passes to the kernel, and shared libraries opened at run time
    .target(name: "CPaginateSystem"),

    // Platform layer: the one owner of libc, pthread, signal, mmap, termios, poll and
    // posix_spawn calls (Linux and glibc). One adapter per call, EINTR and partial writes
    // handled once, errors as `Errno`. `Scripts/check-platform-layer.sh` (CI) keeps it so.
    .target(name: "PaginateSystem", dependencies: ["CPaginateSystem", "CMalloc"], swiftSettings: strictSettings),

    // Document model: blocks, inlines, source positions, the versioned JSON form
    .target(name: "PaginateModel", swiftSettings: strictSettings),

    // Input adapters: the InputAdapter protocol, the registry, Markdown, plain text, JSON
    .target(
      name: "PaginateAdapters",
      dependencies: ["PaginateModel", "PaginateSystem", "CCmarkGFM", "CCmarkLiteral", "CGumbo", "CZlib", "CLzma", "CHighlight"],
      swiftSettings: strictSettings
    ),

    // Layout engine: display width, line breaking, hyphenation, pages
    .target(
      name: "PaginateLayout",
      dependencies: ["PaginateModel", "PaginateSystem", "CUtf8proc", "CHyphen"],
      swiftSettings: strictSettings
    ),

    // Paging controller: before/after over pages and spreads, jumps, anchored relayout
    .target(
      name: "PaginatePaging",
      dependencies: ["PaginateLayout", "PaginateModel"],
      swiftSettings: strictSettings
    ),

    // Renderers: plain and ANSI text
    .target(
      name: "PaginateRender",
      dependencies: ["PaginateLayout", "PaginateModel", "PaginateSystem"],
      swiftSettings: strictSettings
    ),

    // The PDF renderer: pages drawn on paper through cairo and pango. Not in the library
    // product, so that an app that does not print links no cairo; it imports PaginatePDF.
    .target(
      name: "PaginatePDF",
      dependencies: ["PaginateLayout", "PaginateRender", "CPangoCairo"],
      swiftSettings: strictSettings
    ),

    // The library product: re-exports everything an app needs
    .target(
      name: "Paginate",
      dependencies: ["PaginateModel", "PaginateAdapters", "PaginateLayout", "PaginatePaging", "PaginateRender"],
      swiftSettings: strictSettings
    ),

    // The terminal pager: a pure model (keys, state, screen) and a thin terminal layer
    .target(
      name: "PaginatePager",
      dependencies: ["PaginatePaging", "PaginateLayout", "PaginateModel", "PaginateRender", "PaginateSystem"],
      swiftSettings: strictSettings
    ),

    // The command-line tool's configuration file: TOML in, settings with their lines out.
    .target(
      name: "PaginateConfig",
      dependencies: [.product(name: "TOMLKit", package: "TOMLKit", condition: .when(traits: ["CommandLineTool"]))],
      swiftSettings: strictSettings
    ),

    // The command-line tool
    .executableTarget(
      name: "paginate",
      dependencies: [
        "PaginateModel", "PaginateAdapters", "PaginateLayout", "PaginateRender", "PaginatePDF", "PaginatePaging",
        "PaginatePager", "PaginateSystem", "PaginateConfig",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTool"])),
      ],
      swiftSettings: strictSettings
    ),

    // `swift package paginate`: paginates a package's README and *.md with the tool above.
    // It declares no write permission, so that printing needs no flag; --output writes inside
    // the package, which a sandbox (macOS) allows with --allow-writing-to-package-directory.
    .plugin(
      name: "PaginateDocs",
      capability: .command(
        intent: .custom(verb: "paginate", description: "Paginate the package's README and *.md files with paginate")
      ),
      dependencies: ["paginate"]
    ),

    // Examples
    // A minimal reader loop on the library (the article "Building a reader" shows its code).
    .executableTarget(
      name: "ReaderExample",
      dependencies: ["Paginate"],
      path: "Examples/Reader",
      swiftSettings: strictSettings
    ),

    // Tests
    // Random documents and numbers shared by the property tests
    .target(
      name: "PaginateTestSupport",
      dependencies: ["PaginateModel", .product(name: "PropertyBased", package: "swift-property-based")],
      path: "Tests/PaginateTestSupport",
      swiftSettings: strictSettings
    ),
    // The library as an app meets it: this target depends on the Paginate product alone.
    .testTarget(
      name: "PaginateClientTests",
      dependencies: ["Paginate"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateSystemTests",
      dependencies: ["PaginateSystem", "CPaginateSystem"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateConfigTests",
      dependencies: ["PaginateConfig"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateModelTests",
      dependencies: ["PaginateModel"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateAdaptersTests",
      dependencies: ["PaginateAdapters", "PaginateModel", "PaginateTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateLayoutTests",
      dependencies: [
        "PaginateLayout", "PaginateModel", "PaginateAdapters", "PaginateRender", "PaginateTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Golden"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginatePagingTests",
      dependencies: [
        "PaginatePaging", "PaginateLayout", "PaginateModel", "PaginateAdapters", "PaginateTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginateRenderTests",
      dependencies: ["PaginateRender", "PaginateLayout", "PaginateModel", "PaginateTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginatePDFTests",
      dependencies: ["PaginatePDF", "PaginateRender", "PaginateLayout", "PaginateModel"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PaginatePagerTests",
      dependencies: ["PaginatePager", "PaginatePaging", "PaginateLayout", "PaginateModel"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["paginate", "ReaderExample", "PaginateTestSupport"],
      exclude: ["Fixtures", "Golden"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
