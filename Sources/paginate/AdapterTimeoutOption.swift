import ArgumentParser
import PaginateAdapters

/// `--adapter-timeout`: how long an external adapter may run, for the commands that read
/// input and for `paginate adapters`.
struct AdapterTimeoutOption: ParsableArguments {
  @Option(
    name: .customLong("adapter-timeout"),
    help: ArgumentHelp(
      "Seconds an external adapter may run (or take to describe itself) before it is stopped.", valueName: "seconds"))
  var seconds: Double = ExternalAdapter.defaultTimeout

  func validate() throws {
    guard seconds > 0, seconds.isFinite else {
      throw ValidationError("--adapter-timeout must be a number of seconds above 0; got \(seconds).")
    }
  }
}
