import ArgumentParser
import CofferKit

/// What `export --format` and `convert --to` write: a lossless Coffer export, KeePass XML,
/// or CSV in a `--dialect`.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case xmlPlist = "xml-plist"
    case binaryPlist = "binary-plist"
    case keepassXML = "keepass-xml"
    case csv

    /// The lossless export format, for those that are one.
    var lossless: Exporter.Format? { Exporter.Format(rawValue: rawValue) }
}

extension CSVExporter.Dialect: ExpressibleByArgument {}
extension DuplicatePolicy: ExpressibleByArgument {}
extension KDFPreset: ExpressibleByArgument {}
