extension RecoveryLayout {
    /// Where a file's recovery trailer ends, found from the header's lengths and the file
    /// (spec/FORMAT.md §11.2, "Finding the trailer").
    package enum Location: Equatable {
        /// The trailer for this layout; `footerIntact` false when it was found by its length
        /// because its footer is damaged.
        case found(RecoveryLayout, footerIntact: Bool)
        /// The file is shorter than the trailer needs (truncated) or longer (trailing data):
        /// the length it should have.
        case wrongLength(expected: Int)
    }

    /// Tries the parity counts 1…16 in order: the first whose footer lies where it would
    /// end and is valid decides (a file longer than it has trailing data); with no valid
    /// footer, the one count whose trailer ends exactly at the end of the file; otherwise
    /// the file was cut (or extended past a damaged footer).
    package static func locate(headerLength: Int, payloadLength: Int, in file: FileBytes) throws -> Location {
        let layouts = parityRange.compactMap {
            RecoveryLayout(headerLength: headerLength, payloadLength: payloadLength, parity: $0)
        }
        for layout in layouts where layout.fileLength <= file.length {
            let footer = try file.read(layout.footerOffset..<layout.fileLength)
            if RecoveryFooter.parse(footer) == RecoveryFooter(layout) {
                return layout.fileLength == file.length
                    ? .found(layout, footerIntact: true) : .wrongLength(expected: layout.fileLength)
            }
        }
        if let layout = layouts.first(where: { $0.fileLength == file.length }) {
            return .found(layout, footerIntact: false)
        }
        let longest = layouts.last!.fileLength
        return .wrongLength(expected: file.length < longest ? layouts[0].fileLength : longest)
    }
}
