import ArgumentParser
import CofferKit
import Foundation
import VaultFormat
import VaultModel

/// Shell completion of ITEM and FOLDER arguments from the vault named on the command line
/// being typed (or COFFER_VAULT). It never asks for anything: a completion that prompts
/// would hang the shell. Only keys available without a person are used; on any failure
/// (no key, wrong key, damaged vault, a FIFO instead of a file) it offers nothing, silently.
enum ItemCompletion {
    /// For `@Argument(completion:)` of an item: titles and `Folder/Title` paths.
    static let items = CompletionKind.custom { words, index, prefix in
        let document = document(words: words, skipping: index)
        let trashed = words.contains("--trash")
        let names = (document?.items ?? []).filter { ($0.trashed != nil) == trashed }.flatMap { item in
            item.folder.isEmpty ? [item.title] : [item.title, ItemQuery.path(of: item)]
        }
        return matching(names, prefix: prefix)
    }

    /// For `@Argument(completion:)` of a folder: every folder path in the vault.
    static let folders = CompletionKind.custom { words, index, prefix in
        guard let document = document(words: words, skipping: index) else { return [] }
        // Every level of every path: `Work` as well as `Work/Mail`.
        let paths = (document.folders + document.items.map(\.folder)).flatMap { path in
            path.indices.map { Array(path[...$0]) }
        }
        return matching(paths.map(FolderPath.format), prefix: prefix)
    }

    /// The titles (and `Folder/Title` paths) of the items in `vault`, opened with the keys
    /// available without asking; [] on any failure. The hook an unlock agent plugs into.
    static func titles(vault: String, words: [String] = []) -> [String] {
        guard let document = open(vault, credentials: credentials(words: words)) else { return [] }
        return matching(document.items.filter { $0.trashed == nil }.map(ItemQuery.path(of:)), prefix: "")
    }

    /// Keys that need no person: `--key-file`, `--identity` and `--passphrase-file` among the
    /// typed words, and COFFER_PASSPHRASE (unless `--no-passphrase`). nil when there are none.
    static func credentials(words: [String]) -> Credentials? {
        var credentials = Credentials()
        for (option, value) in zip(words, words.dropFirst()) where isRegularFile(value) {
            switch option {
            case "--key-file": if let key = try? SecretInput.file(value) { credentials.keyFiles.append(key) }
            case "--identity":
                if let bytes = try? FileIO.read(value),
                    let found = try? IdentityText.parseIdentities(bytes, name: value)
                {
                    credentials.identities += found
                }
            case "--passphrase-file":
                credentials.passphrase = try? SecretInput.passphrase(
                    file: value, fd: nil, environment: nil, prompt: "", askTerminal: false)
            default: break
            }
        }
        if credentials.passphrase == nil, !words.contains("--no-passphrase") {
            credentials.passphrase = try? SecretInput.passphrase(
                file: nil, fd: nil, environment: "COFFER_PASSPHRASE", prompt: "", askTerminal: false)
        }
        let none = credentials.passphrase == nil && credentials.keyFiles.isEmpty && credentials.identities.isEmpty
        return none ? nil : credentials
    }

    /// The vault: the first typed word (other than the one being completed and option
    /// values) that names a regular file, else COFFER_VAULT.
    private static func document(words: [String], skipping index: Int) -> VaultDocument? {
        let valued: Set = ["--key-file", "--identity", "--passphrase-file", "--passphrase-fd", "--slot"]
        var vault: String?
        for (position, word) in words.enumerated().dropFirst() where position != index {
            if valued.contains(words[position - 1]) || word.hasPrefix("-") { continue }
            if isRegularFile(word) {
                vault = word
                break
            }
        }
        if vault == nil, let fallback = ProcessInfo.processInfo.environment[DefaultVault.environmentName],
            isRegularFile(fallback)
        {
            vault = fallback
        }
        guard let vault else { return nil }
        return open(vault, credentials: credentials(words: words))
    }

    private static func open(_ vault: String, credentials: Credentials?) -> VaultDocument? {
        guard let credentials, isRegularFile(vault),
            let unlocked = try? VaultFile(path: vault).unlock(with: credentials)
        else { return nil }
        return try? VaultDocument(vault: unlocked)
    }

    /// Not a FIFO or device: reading one could block the shell forever.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func matching(_ names: [String], prefix: String) -> [String] {
        Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
    }
}
