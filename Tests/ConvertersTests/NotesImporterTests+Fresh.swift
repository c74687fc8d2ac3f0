import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules for what the fresh sets of stop 26 (samples/notes-corpus/outside/q) showed, each
/// with inputs and counter-inputs.
@Suite struct NotesFreshWritersTests {
    static func items(_ text: String) -> [VaultItem] { NotesImporterTests.items(text) }

    /// A Wi-Fi record titled by its label gets the network's name in its title: the list
    /// says which network the key opens. The key is the password, never the title.
    @Test func aWiFiRecordIsTitledByItsNetwork() {
        let cases: [(String, String, String)] = [
            ("wi-fi de casa: VIVOFIBRA-7A21  senha: pao-de-queijo-77", "VIVOFIBRA-7A21", "pao-de-queijo-77"),
            ("- wifi coloc : Livebox-8A3C / clé : e7Kq9mPzv4WnH2RsXa", "Livebox-8A3C", "e7Kq9mPzv4WnH2RsXa"),
            ("Wifi name: TheSmiths_5G\nwifi password: sunflower-garden-77", "TheSmiths_5G", "sunflower-garden-77"),
            ("Home wifi: NETGEAR47\nWifi password: curlyoctopus512", "NETGEAR47", "curlyoctopus512"),
            ("Guest wifi: WrenCabin_Guest / loonsandpines", "WrenCabin_Guest", "loonsandpines"),
            ("Wifi nhà: VNPT_Lan_5G  mk: caphe-sua-da-90", "VNPT_Lan_5G", "caphe-sua-da-90"),
        ]
        for (text, network, key) in cases {
            let items = Self.items(text)
            #expect(items.count == 1, "\(text)")
            #expect(items.first?.title.contains(network) == true, "\(text): \(items.first?.title ?? "")")
            #expect(items.first?.password == key && items.first?.title.contains(key) == false, "\(text)")
        }
        // Counter-inputs: a key with a password's symbols is never joined to a title; a service's
        // record keeps its own title beside a network field.
        let symbols = Self.items("Wi-Fi casa | g@XTyLbFNeCXCCU19 | @jperez80")
        #expect(symbols.allSatisfy { !$0.title.contains("g@XTyLbFNeCXCCU19") })
        let router = Self.items("Netgear router\nnetwork: HomeNet\nadmin / N3tg3ar!Admin")
        #expect(router.first?.title == "Netgear router")
    }
}
