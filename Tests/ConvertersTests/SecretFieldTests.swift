import Foundation
import PropertyList
import Testing
import VaultModel

@testable import Converters

/// Other managers' secrets stay secret: SSH private keys, Wi-Fi passwords and identity
/// numbers land where `show` masks them and search never reads them, and every item
/// counted as imported is really there.
@Suite struct SecretFieldTests {
    static let bitwarden = #"""
        {"encrypted": false, "folders": [], "items": [
          {"id": "1", "type": 5, "name": "deploy key", "notes": null,
           "sshKey": {"privateKey": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----",
                      "publicKey": "ssh-ed25519 AAAAC3Nza ana@host", "keyFingerprint": "SHA256:abc"}},
          {"id": "2", "type": 4, "name": "Ana", "identity": {"firstName": "Ana", "ssn": "123-45-6789",
           "passportNumber": "X1234567", "licenseNumber": "D-99", "city": "Lyon"}},
          {"id": "3", "type": 1, "name": "Mail", "login": {"username": "ana", "password": "pw"}},
          {"id": "4", "type": 9, "name": "Future kind", "notes": "kept"}
        ]}
        """#

    static let proton = #"""
        {"version": "1.20", "userId": "u", "encrypted": false, "vaults": {"s1": {"name": "Home", "items": [
          {"itemId": "a", "state": 1, "data": {"type": "sshKey", "metadata": {"name": "server key", "note": ""},
            "extraFields": [], "content": {"privateKey": "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----",
            "publicKey": "ssh-ed25519 AAAA ana", "sections": []}}},
          {"itemId": "b", "state": 1, "data": {"type": "wifi", "metadata": {"name": "Casa", "note": ""},
            "extraFields": [], "content": {"ssid": "casa-5g", "password": "wifi-secret-99", "security": "WPA2"}}},
          {"itemId": "c", "state": 1, "data": {"type": "identity", "metadata": {"name": "Me", "note": ""},
            "extraFields": [], "content": {"firstName": "Ana", "socialSecurityNumber": "987-65-4321",
            "passportNumber": "P7654321", "city": "Porto",
            "extraPersonalDetails": [{"fieldName": "Tax id", "type": "hidden", "data": {"content": "T-1"}}]}}},
          {"itemId": "d", "state": 1, "data": {"type": "custom", "metadata": {"name": "Router", "note": ""},
            "extraFields": [{"fieldName": "admin pin", "type": "text", "data": {"content": "4821"}}],
            "content": {"sections": [{"sectionName": "s", "sectionFields": []}]}}}
        ]}}}
        """#

    /// Every secret value of these exports, which no searched or unmasked place may hold.
    static let secrets = [
        "OPENSSH PRIVATE", "123-45-6789", "X1234567", "D-99", "wifi-secret-99", "987-65-4321", "P7654321", "T-1",
        "4821",
    ]

    /// Places that `list`, `search` and an unrevealed `show` print in clear.
    static func visibleText(_ item: VaultItem) -> String {
        ([item.title, item.username ?? "", item.notes ?? "", item.folder.joined(separator: "/")] + item.urls
            + item.customFields.filter { !$0.concealed }.map(\.value)).joined(separator: "\n")
    }

    @Test func bitwardenSSHKeysAndIdentityNumbersAreKeptConcealed() throws {
        let (items, report) = try Importer.importFile(Array(Self.bitwarden.utf8), input: "bw.json")
        #expect(report.read == 4 && report.imported == 4 && report.addsUp && items.count == 4)
        let key = try #require(items.first { $0.title == "deploy key" })
        #expect(key.kind == .sshKey)
        #expect(key.details["privateKey"]?.stringValue?.hasPrefix("-----BEGIN OPENSSH PRIVATE KEY-----") == true)
        #expect(
            key.details["publicKey"] == "ssh-ed25519 AAAAC3Nza ana@host" && key.details["fingerprint"] == "SHA256:abc")
        let ana = try #require(items.first { $0.title == "Ana" })
        #expect(
            ana.customFields.filter(\.concealed).map(\.name).sorted() == ["licenseNumber", "passportNumber", "ssn"])
        #expect(ana.customFields.contains(.init(name: "city", value: "Lyon")))
        #expect(items.first { $0.title == "Future kind" }?.notes == "kept")
        #expect(report.warnings.contains { $0.contains("Future kind") })
        for item in items {
            for secret in Self.secrets { #expect(!Self.visibleText(item).contains(secret), "\(item.title)") }
        }
    }

    @Test func protonSSHKeysWiFiAndIdentityNumbersAreConcealed() throws {
        let (items, report) = try Importer.importFile(Array(Self.proton.utf8), input: "data.json")
        #expect(report.read == 4 && report.imported == 4 && report.addsUp && items.count == 4)
        let key = try #require(items.first { $0.title == "server key" })
        #expect(key.kind == .sshKey && key.details["privateKey"]?.stringValue?.contains("PRIVATE KEY") == true)
        #expect(key.details["publicKey"] == "ssh-ed25519 AAAA ana")
        let wifi = try #require(items.first { $0.title == "Casa" })
        #expect(wifi.password == "wifi-secret-99" && wifi.customFields.contains(.init(name: "SSID", value: "casa-5g")))
        let me = try #require(items.first { $0.title == "Me" })
        #expect(
            Set(me.customFields.filter(\.concealed).map(\.name)) == [
                "socialSecurityNumber", "passportNumber", "Tax id",
            ])
        let router = try #require(items.first { $0.title == "Router" })
        #expect(router.customFields.first { $0.name == "admin pin" }?.concealed == true)
        for item in items {
            for secret in Self.secrets { #expect(!Self.visibleText(item).contains(secret), "\(item.title)") }
        }
    }
    /// Dashlane's cards and IDs are secure notes whose numbers and codes stay concealed.
    @Test func dashlaneCardAndIDNumbersAreConcealed() throws {
        let json = #"""
            {"AUTHENTIFIANT": [{"title": "Mail", "domain": "mail.x", "login": "ana", "password": "pw"}],
             "PAYMENTMEANS_CREDITCARD": [{"name": "Visa", "cardNumber": "4111111111111111", "securityCode": "123",
               "ownerName": "Ana", "expireMonth": "12"}],
             "ID": [{"type": "passport", "number": "X1234567", "fullname": "Ana Lopez"}]}
            """#
        let result = try Importer.importFile(Array(json.utf8), input: "dashlane.json")
        #expect(result.report.format == "dashlane-json")
        let fields = result.items.flatMap(\.customFields)
        for secret in ["4111111111111111", "123", "X1234567"] {
            #expect(fields.first { $0.value == secret }?.concealed == true, "\(secret) concealed")
        }
        #expect(fields.first { $0.value == "Ana" }?.concealed == false)
    }
}
