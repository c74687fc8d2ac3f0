import ArgumentParser

/// The input formats `import --format` and `convert --from` can force (detection picks one
/// from the content otherwise). A name not listed is a usage error that lists these.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv
    case dashlaneCSV = "dashlane-csv"
    case notes
    case appleKeychain = "apple-keychain"
    case bitwardenJSON = "bitwarden-json"
    case protonPassJSON = "protonpass-json"
    case dashlaneJSON = "dashlane-json"
    case enpassJSON = "enpass-json"
    case keepassXML = "keepass-xml"
    case plist
    case json
    case cofferJSON = "coffer-json"
}
