// The library's option enums as command-line values. Their conformance is as public as
// the types, hence the public imports (this executable exports nothing else).
public import ArgumentParser
public import PaginateAdapters
public import PaginateLayout
public import PaginatePDF

extension ChapterBreak: ExpressibleByArgument {}
extension FacingOptions.Start: ExpressibleByArgument {}
extension FacingOptions.Progression: ExpressibleByArgument {}
extension LineBreakStrategy: ExpressibleByArgument {}
extension LinkStyle: ExpressibleByArgument {}
extension HTMLHandling: ExpressibleByArgument {}
extension Imposition: ExpressibleByArgument {}
