import ArgumentParser

/// The input formats `import --format` and `convert --from` can force (detection picks one
/// from the content otherwise). A name not listed is a usage error that lists these.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv
    case dashlaneCSV = "dashlane-csv"
    case keeperCSV = "keeper-csv"
    case enpassCSV = "enpass-csv"
    case msecureCSV = "msecure-csv"
    case notes
    case kasperskyText = "kaspersky-txt"
    case appleKeychain = "apple-keychain"
    case bitwardenJSON = "bitwarden-json"
    case protonPassJSON = "protonpass-json"
    case dashlaneJSON = "dashlane-json"
    case enpassJSON = "enpass-json"
    case keeperJSON = "keeper-json"
    case psonoJSON = "psono-json"
    case keepassXML = "keepass-xml"
    case keepass1XML = "keepass1-xml"
    case pwsafeXML = "pwsafe-xml"
    case stickyPasswordXML = "stickypassword-xml"
    case plist
    case json
    case cofferJSON = "coffer-json"
}
