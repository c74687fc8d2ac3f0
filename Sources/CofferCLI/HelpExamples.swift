/// The "Examples:" section every subcommand's help ends with (a test walks them all).
func examples(_ commandLines: String...) -> String {
    "Examples:\n" + commandLines.map { "  " + $0 }.joined(separator: "\n")
}
