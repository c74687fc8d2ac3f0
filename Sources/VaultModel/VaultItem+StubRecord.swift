import Foundation

extension VaultItem {
    /// An item as read from the few keys that name it (a *stub*), kept in a quarter of an
    /// item's room: the fields a stub holds, the very same strings and arrays (retained, so
    /// their storage cannot be freed and its address reused while this lives), and the rare
    /// fields' storage. A stub's other fields are as every stub of one read holds them: a
    /// `blank` item (``sameRest(_:_:)``).
    ///
    /// A document of 100,000 stubs read for changing kept every stub twice, once in the
    /// document and once as read, and the first change to the document copied its items (20
    /// MB of `add`'s 97 MiB): kept this way, the read is 6 MB and the document's items are
    /// its own.
    public struct StubRecord: @unchecked Sendable {  // immutable; its objects are immutable
        public let id: UUID
        let kind: Kind
        let title: String
        let folder: [String]
        let attachments: [Attachment]
        let rare: AnyObject

        public init(_ item: VaultItem) {
            id = item.id
            kind = item.kind
            title = item.title
            folder = item.folder
            attachments = item.attachments
            rare = item.rareStorage
        }

        /// The stub as read: its fields on `blank`'s others.
        public func item(on blank: VaultItem) -> VaultItem {
            var item = blank
            item.id = id
            item.kind = kind
            item.title = title
            item.folder = folder
            item.attachments = attachments
            item.rareStorage = rare
            return item
        }
    }

    /// Whether `item` holds the very storage of `stub` (the same bits in every field a stub
    /// holds) with every other field the same bits as `blank`'s: what ``sameStorage(_:_:)``
    /// says of `item` and the stub as it was read.
    public static func sameStorage(
        _ item: UnsafePointer<VaultItem>, asStub stub: UnsafePointer<StubRecord>, blank: UnsafePointer<VaultItem>
    ) -> Bool {
        guard let held = heldSpans, let rest = restSpans else { return false }
        let x = UnsafeRawPointer(item)
        let s = UnsafeRawPointer(stub)
        guard held.allSatisfy({ memcmp(x + $0.item, s + $0.stub, $0.size) == 0 }) else { return false }
        let y = UnsafeRawPointer(blank)
        return rest.allSatisfy { memcmp(x + $0.offset, y + $0.offset, $0.size) == 0 }
    }

    /// Where each field a stub holds lies in an item and in a ``StubRecord`` (offsets found
    /// once: a key path's offset is a runtime call). The rare fields' storage is an object
    /// reference in both, one pointer.
    private static let heldSpans: [(item: Int, stub: Int, size: Int)]? = {
        func span<T>(_ item: KeyPath<VaultItem, T>, _ stub: KeyPath<StubRecord, T>) -> (Int, Int, Int)? {
            guard let i = MemoryLayout<VaultItem>.offset(of: item), let s = MemoryLayout<StubRecord>.offset(of: stub)
            else { return nil }
            return (i, s, MemoryLayout<T>.size)
        }
        guard let rareOffset, let stubRare = MemoryLayout<StubRecord>.offset(of: \.rare),
            MemoryLayout<AnyObject>.size == MemoryLayout<UnsafeRawPointer>.size
        else { return nil }
        let spans = [
            span(\.id, \.id), span(\.kind, \.kind), span(\.title, \.title), span(\.folder, \.folder),
            span(\.attachments, \.attachments), (rareOffset, stubRare, MemoryLayout<UnsafeRawPointer>.size),
        ].compactMap { $0 }
        return spans.count == 6 ? spans : nil
    }()

    /// Whether the fields a stub does not hold are the same bits in `a` and `b` (every stub
    /// of one read rests on one blank; a read where they do not is kept whole).
    public static func sameRest(_ a: UnsafePointer<VaultItem>, _ b: UnsafePointer<VaultItem>) -> Bool {
        guard let rest = restSpans else { return false }
        return rest.allSatisfy {
            memcmp(UnsafeRawPointer(a) + $0.offset, UnsafeRawPointer(b) + $0.offset, $0.size) == 0
        }
    }

    /// ``storedFieldSpans`` but the fields a ``StubRecord`` holds.
    private static let restSpans: [(offset: Int, size: Int)]? = {
        guard let spans = storedFieldSpans, let held = heldSpans?.map(\.item) else { return nil }
        let rest = spans.filter { !held.contains($0.offset) }
        return rest.count == spans.count - held.count ? rest : nil
    }()
}
