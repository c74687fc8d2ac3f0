/// The one error type of CofferKit (the rules above the container and the converters):
/// what failed, in words a person can act on, with a code for programs.
public struct CofferKitError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// Settings out of range (a password length the generator does not make).
        case invalidSettings
        /// An attachment that names a blob which is neither in the vault nor loaded.
        case missingBlob
        /// A file Coffer writes could not be created or written (the path is in the message).
        case fileSystem
        /// A folder path that names no folder of the vault.
        case noSuchFolder
        /// A folder rename onto a path that is already a folder.
        case folderExists
        /// A folder removal refused because items are still in it.
        case folderNotEmpty
        /// An attachment that cannot be added as asked (an empty or already used name).
        case invalidAttachment
        /// An item has no attachment of the name given.
        case noSuchAttachment
        /// A collection operation that cannot be done as asked (no such collection, a name
        /// taken, a member that already has it).
        case collection
        /// A document read for showing only (some keys of each item) was given to a save.
        case partialDocument
    }

    public var code: Code
    public var description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
