import ArgumentParser

/// Shell completion scripts as swift-argument-parser writes them, taught that `print` is the
/// default subcommand: `paginate READ<Tab>` completes file names and `paginate --color <Tab>`
/// the colour choices, as `paginate print …` does, besides offering the subcommands.
enum CompletionScripts {
  /// The script for `shell` ("bash", "zsh" or "fish"); `nil` for another name.
  static func script(for shell: String) -> String? {
    guard let kind = CompletionShell(rawValue: shell) else { return nil }
    let script = Paginate.completionScript(for: kind)
    switch kind {
    case .bash: return patchedBash(script)
    case .zsh: return patchedZsh(script)
    default: return script
    }
  }

  /// bash: where the first word is no subcommand, it is print's first word: the subcommands
  /// are offered, and print's options and files too.
  static func patchedBash(_ script: String) -> String {
    let generated = """
          *)
              # Offer subcommand completions
              COMPREPLY+=($(compgen -W 'print export browse adapters help' -- "${cur}"))
              ;;
      """
    let defaulted = """
          *)
              # print is the default subcommand: its completions (alone after one of its
              # options that takes a value), else the subcommands too
              unparsed_words=("${subcommand}" "${unparsed_words[@]}")
              COMPREPLY=()
              _paginate_print
              if [[ "${prev}" != -* || "${#COMPREPLY[@]}" -eq 0 ]]; then
                  COMPREPLY+=($(compgen -W 'print export browse adapters help' -- "${cur}"))
              fi
              ;;
      """
    return script.replacing(generated, with: defaulted)
  }

  /// zsh: file names besides the subcommands for the first word.
  static func patchedZsh(_ script: String) -> String {
    script.replacing(
      "        _describe -V subcommand subcommands && ret=0\n",
      with: "        _describe -V subcommand subcommands && ret=0\n        _files && ret=0\n")
  }
}
