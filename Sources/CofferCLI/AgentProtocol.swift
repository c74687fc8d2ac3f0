/// The unlock agent's protocol, one request per connection, lines ending in LF:
///
///     key <key binding, hex> <resolved vault path>   →  ok <slot index> LF + the 32-byte file key
///                                                      or  no LF
///     lock                                           →  locked LF (then the agent forgets the key)
///
/// The key binding is `VaultFile.keyBinding`: the agent answers only for the keyslots it was
/// unlocked with, and the client still checks the key against the header MAC.
enum AgentProtocol {
    static let keyRequest = "key"
    static let lockRequest = "lock"
    static let found = "ok"
    static let notFound = "no"
    static let locked = "locked"
    static let ready = "ready"

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
