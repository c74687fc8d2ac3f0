/// What happened to every row of every input: the counts add up to what was read.
public struct ImportReport: Codable, Equatable, Sendable {
    public struct Skipped: Codable, Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    public var input: String
    public var format: String
    public var encoding: String
    /// Rows or records read (excluding a header line).
    public var read = 0
    public var imported = 0
    /// Rows with nothing but free text, imported as secure notes.
    public var keptAsNotes = 0
    public var duplicates = 0
    public var skipped: [Skipped] = []
    public var warnings: [String] = []
    /// For notes apps' exports: how many notes were read (each yields one or more records,
    /// counted in ``read``); nil for other inputs.
    public var notes: Int?
    /// For notes-style inputs: where each record came from and how sure the reading is.
    public var records: [RecordOrigin] = []

    public struct RecordOrigin: Codable, Equatable, Sendable {
        public var lines: String
        public var confidence: String
        public var title: String
    }

    public init(input: String, format: String, encoding: String) {
        self.input = input
        self.format = format
        self.encoding = encoding
    }

    /// read == imported + keptAsNotes + duplicates + skipped: nothing silently dropped.
    public var addsUp: Bool { read == imported + keptAsNotes + duplicates + skipped.count }
}
