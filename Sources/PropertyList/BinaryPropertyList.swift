import Foundation

/// Apple's binary property list, version 00.
public enum BinaryPropertyList {
    /// The only header Coffer accepts; `bplist01`, `bplist15` etc. are refused, not guessed at.
    public static let magic: [UInt8] = Array("bplist00".utf8)

    /// Decodes a bplist00 file. Throws ``PropertyListError`` for any input that breaks a
    /// rule in spec/PLIST.md; never traps, never allocates more than the input justifies.
    public static func decode(_ bytes: some ContiguousBytes) throws -> PropertyListValue {
        try bytes.withUnsafeBytes { try BinaryPropertyListReader.decode($0) }
    }

    /// Only the entries of a bplist00 dictionary whose keys are among `keys`, each decoded and
    /// checked as ``decode(_:)`` would; the other entries' values are never read. Nil when the
    /// top-level object is not a dictionary (it is decoded whole, so damage in it is still a
    /// ``PropertyListError``). For readers that need a few fields of many records (a vault's
    /// items named by title and id) and decode the rest on demand.
    ///
    /// An ASCII key in the file is compared by its bytes, so give `keys` as ASCII (a non-ASCII
    /// key equal to an ASCII one as Unicode, such as U+212A KELVIN SIGN for "K", would not
    /// match it); a UTF-16 key in the file is compared as strings compare.
    public static func decodeEntries(_ bytes: some ContiguousBytes, keys: Keys) throws -> PropertyListDictionary? {
        try bytes.withUnsafeBytes { try BinaryPropertyListReader.decodeEntries($0, wanted: keys) }
    }

    /// The keys ``decodeEntries(_:keys:)`` reads, prepared once for many documents.
    public struct Keys: Sendable {
        let strings: [String]
        let bytes: [[UInt8]]

        public init(_ keys: [String]) {
            strings = keys
            bytes = keys.map { Array($0.utf8) }
        }
    }

    /// Encodes a value as bplist00. The output depends only on the value (and `sortKeys`).
    /// Throws for nesting deeper than ``PropertyListLimits/maximumDepth`` (and for more than
    /// 2^31 − 1 distinct strings or objects, which no memory holds).
    public static func encode(_ value: PropertyListValue, sortKeys: Bool = false) throws -> [UInt8] {
        try BinaryPropertyListWriter.encode(value, sortKeys: sortKeys)
    }
}

/// Encodes many small documents one after another (a vault's records), reusing its tables
/// between them; the bytes are exactly those of ``BinaryPropertyList/encode(_:sortKeys:)``.
/// One per thread.
public struct BinaryPropertyListBatchWriter {
    private var writer: BinaryPropertyListWriter

    public init(sortKeys: Bool = false) { writer = BinaryPropertyListWriter(sortKeys: sortKeys) }

    public mutating func encode(_ value: PropertyListValue) throws -> [UInt8] {
        try writer.encodeReusingTables(value)
    }
}
