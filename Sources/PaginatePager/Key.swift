/// A key press (or mouse wheel step) as the pager understands it.
package enum Key: Sendable, Hashable {
  /// A printable character, or a control key as its letter with ``control``.
  case character(Character)
  /// A control-letter combination, such as Ctrl-L (`control("l")`).
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab
  /// A function key (F1 = `function(1)`).
  case function(Int)
  case wheelUp, wheelDown
}
