import Foundation
import VaultModel

/// Folders as a person handles them (spec/MODEL.md "Folder paths"): a folder exists when an
/// item is in it or below it, or when record 0's `folders` lists it (an empty folder).
extension VaultDocument {
    /// Every folder path: the listed ones, those holding live items and every ancestor of
    /// both, sorted. (A trashed item keeps its path; restoring it brings the folder back.)
    public var allFolders: [[String]] {
        var seen = Set<[String]>()
        for path in folders + liveItems.map(\.folder) where !path.isEmpty {
            for depth in 1...path.count { seen.insert(Array(path.prefix(depth))) }
        }
        return seen.sorted { FolderPath.format($0).lowercased() < FolderPath.format($1).lowercased() }
    }

    /// Whether `path` is a folder of this vault (exactly; levels compared as written).
    public func hasFolder(_ path: [String]) -> Bool { allFolders.contains(path) }

    /// Indices of the items in `path` or below it (trashed ones only if `includeTrash`).
    public func indices(inFolder path: [String], includeTrash: Bool = false) -> [Int] {
        items.indices.filter { items[$0].folder.starts(with: path) && (includeTrash || items[$0].trashed == nil) }
    }

    /// Moves the item at `index` into `folder` (`[]` for none), remembering the folder.
    public mutating func move(itemAt index: Int, to folder: [String], now: Date = Date()) {
        items[index].folder = folder
        items[index].modified = now
    }

    /// Renames the folder `from` to `to` (a new path: renaming a level or moving the folder):
    /// its items, subfolders and listed empty folders follow. Returns the number of items moved.
    /// Refuses to move a folder into itself, or onto a folder that already exists.
    @discardableResult
    public mutating func renameFolder(_ from: [String], to: [String], now: Date = Date()) throws -> Int {
        guard !from.isEmpty, hasFolder(from) else {
            throw CofferKitError(.noSuchFolder, "no folder \"\(FolderPath.format(from))\"")
        }
        guard !to.isEmpty else { throw CofferKitError(.invalidSettings, "a folder's new name cannot be empty") }
        guard !to.starts(with: from) else {
            throw CofferKitError(
                .invalidSettings,
                "\"\(FolderPath.format(from))\" cannot move into itself (\"\(FolderPath.format(to))\")")
        }
        guard !hasFolder(to) else {
            throw CofferKitError(.folderExists, "a folder \"\(FolderPath.format(to))\" already exists")
        }
        func renamed(_ path: [String]) -> [String] { path.starts(with: from) ? to + path.dropFirst(from.count) : path }
        var moved = 0
        for i in items.indices where items[i].folder.starts(with: from) {
            items[i].folder = renamed(items[i].folder)
            if items[i].trashed == nil {
                items[i].modified = now
                moved += 1
            }
        }
        folders = folders.map(renamed)
        return moved
    }

    /// What removing a folder that still holds items does.
    public enum FolderRemoval: Sendable {
        /// Refuse: the folder must be empty of live items.
        case refuseIfNotEmpty
        /// Move its items (and its subfolders' items) to the trash; they keep their path,
        /// so restoring one brings its folder back.
        case trashItems
    }

    /// Removes the folder `path` and its subfolders. An empty folder just goes; one with
    /// live items is refused unless `removal` is ``FolderRemoval/trashItems``. Returns the
    /// items moved to the trash.
    @discardableResult
    public mutating func removeFolder(_ path: [String], removal: FolderRemoval, now: Date = Date()) throws
        -> [VaultItem]
    {
        guard !path.isEmpty, hasFolder(path) else {
            throw CofferKitError(.noSuchFolder, "no folder \"\(FolderPath.format(path))\"")
        }
        let live = indices(inFolder: path)
        if !live.isEmpty, removal == .refuseIfNotEmpty {
            throw CofferKitError(
                .folderNotEmpty,
                "folder \"\(FolderPath.format(path))\" holds \(live.count) item(s)"
            )
        }
        for i in live { trash(at: i, now: now) }
        folders.removeAll { $0.starts(with: path) }
        return live.map { items[$0] }
    }
}
