import ArgumentParser

/// `--timeout` for `coffer unlock`: a number of seconds with an optional unit, `90s`, `10m`, `2h`.
struct AgentTimeout: ExpressibleByArgument, CustomStringConvertible {
    let seconds: Int

    /// A day at most: an unlocked vault is meant for a working session, not for good.
    static let maximumSeconds = 24 * 3600

    init?(argument: String) {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        var digits = Substring(argument)
        var unit = 1
        if let last = argument.last, let factor = units[last] {
            digits = digits.dropLast()
            unit = factor
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits), count > 0,
            count <= Self.maximumSeconds / unit
        else { return nil }
        seconds = count * unit
    }

    var description: String { "\(seconds)s" }

    static var defaultValueDescription: String { "10m" }
}
