import Foundation
import Testing
import VaultModel

@testable import Converters

/// Other managers' exports that need more than the CSV header rules — no header, XML,
/// JSON, text — each detected by content from a realistic sample, and managers whose CSV
/// needs no code of its own, read through the generic header rules.
@Suite struct ManagerFormatsTests {
    /// Imports `text`, checking on the way that no password landed in a title, username,
    /// URL or folder, and that the counts are the items.
    static func read(_ text: String, _ name: String = "export") throws -> ImportResult {
        let result = try Importer.importFile(Array(text.utf8), input: name)
        #expect(result.report.imported + result.report.keptAsNotes == result.items.count, "\(name)")
        for item in result.items {
            guard let password = item.password else { continue }
            let visible = [item.title, item.username ?? "", item.folder.joined(separator: "/")] + item.urls
            #expect(!visible.contains { $0.contains(password) }, "\(name): \(item.title)")
        }
        return result
    }

    @Test func keeperCSVWithoutHeader() throws {
        let csv = """
            Work\\Dev,GitHub,ana-dev,gh!Pass1,https://github.com,"two lines
            of notes",,TFC:Keeper,otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP,PIN,4821
            Personal,Netflix,ana@x.com,N3tfl!x,https://www.netflix.com,,Family
            Personal,Wi-Fi notes,,,,router in the hall,

            """
        let (items, report) = try Self.read(csv, "keeper.csv")
        #expect(report.format == "keeper-csv" && report.read == 3 && report.addsUp)
        #expect(report.imported == 2 && report.keptAsNotes == 1)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect(github.folder == ["Work", "Dev"] && github.username == "ana-dev" && github.password == "gh!Pass1")
        #expect(github.urls == ["https://github.com"] && github.notes == "two lines\nof notes")
        #expect(github.totp == "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP")
        #expect(github.customFields == [.init(name: "PIN", value: "4821", concealed: true)])
        #expect(items.first { $0.title == "Netflix" }?.customFields == [.init(name: "Shared Folder", value: "Family")])
    }

    @Test func keeperJSON() throws {
        let json = #"""
            {"shared_folders": [{"path": "Team", "manage_users": false}],
             "records": [
              {"uid": "r1", "title": "GitHub", "$type": "login", "login": "ana", "password": "gh-pw",
               "login_url": "https://github.com", "notes": "work",
               "custom_fields": {"$oneTimeCode": "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP",
                                 "$pinCode:Door": "1234", "Employee no": "E-7"},
               "folders": [{"shared_folder": "Team", "folder": "Dev\\Tools"}]},
              {"uid": "r2", "title": "Diary", "$type": "encryptedNotes", "notes": "dear diary"}
             ]}
            """#
        let (items, report) = try Self.read(json, "keeper.json")
        #expect(report.format == "keeper-json" && report.read == 2 && report.imported == 1 && report.keptAsNotes == 1)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect(github.username == "ana" && github.password == "gh-pw" && github.urls == ["https://github.com"])
        #expect(github.folder == ["Team", "Dev", "Tools"] && github.totp?.hasPrefix("otpauth://totp/") == true)
        #expect(github.customFields.contains(.init(name: "Door", value: "1234", concealed: true)))
        #expect(github.customFields.contains(.init(name: "Employee no", value: "E-7")))
        #expect(items.first { $0.title == "Diary" }?.kind == .secureNote)
    }

    @Test func mSecureCSV() throws {
        let csv = """
            Amazon|1651234,Login,Shopping,My main account,Website|2|https://amazon.com,Username|7|ana@x.com,Password|8|Am@z0n|pipe
            Visa|1651235,Credit Card,Unassigned,,Card Number|4|4111111111111111,Expiration Date|11|04/2030,Security Code|9|123,Name on Card|0|ANA LOPEZ,PIN|9|9876
            Ideas|1651236,Secure Note,Unassigned,Buy a boat\\nand a dog

            """
        let (items, report) = try Self.read(csv, "msecure.csv")
        #expect(report.format == "msecure-csv" && report.read == 3 && report.addsUp)
        let amazon = try #require(items.first { $0.title == "Amazon" })
        #expect(amazon.username == "ana@x.com" && amazon.password == "Am@z0n|pipe")
        #expect(
            amazon.urls == ["https://amazon.com"] && amazon.folder == ["Shopping"] && amazon.notes == "My main account")
        let visa = try #require(items.first { $0.title == "Visa" })
        #expect(visa.kind == .card && visa.details["number"] == "4111111111111111" && visa.details["code"] == "123")
        #expect(visa.customFields.first { $0.name == "PIN" }?.concealed == true && visa.folder.isEmpty)
        let note = try #require(items.first { $0.title == "Ideas" })
        #expect(note.kind == .secureNote && note.notes == "Buy a boat\nand a dog")
    }

    @Test func kasperskyText() throws {
        let text = """
            Websites

            Website name: GitHub
            Website URL: https://github.com
            Login name: work
            Login: ana-dev
            Password: gh:pw-1
            Comment: first line
            second line

            ---

            Website name: Bank
            Website URL: https://bank.example
            Login name:
            Login: 12345678
            Password: B4nk!
            Comment:

            ---

            Applications

            Application: Skype
            Login: ana.skype
            Password: sk-pw
            Comment:

            ---

            Notes

            Name: Locker
            Text: code 4-2-1
            left side

            ---

            """
        let (items, report) = try Self.read(text, "kaspersky.txt")
        #expect(report.format == "kaspersky-txt" && report.read == 4 && report.imported == 3 && report.keptAsNotes == 1)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect(github.username == "ana-dev" && github.password == "gh:pw-1" && github.urls == ["https://github.com"])
        #expect(github.notes == "first line\nsecond line")
        #expect(github.customFields == [.init(name: "Login name", value: "work")])
        #expect(items.first { $0.title == "Skype" }?.username == "ana.skype")
        let note = try #require(items.first { $0.title == "Locker" })
        // The code is kept out of sight: notes are shown and searched.
        #expect(note.kind == .secureNote && note.notes == "left side")
        #expect(note.customFields == [.init(name: "Secret notes", value: "code 4-2-1", concealed: true)])
    }

    @Test func psonoJSON() throws {
        let json = #"""
            {"folders": [{"name": "Work", "folders": [{"name": "Servers", "items": [
               {"type": "application_password", "name": "db", "application_password_title": "db",
                "application_password_username": "root", "application_password_password": "r00t!",
                "application_password_notes": ""}]}],
              "items": [{"type": "website_password", "name": "GitLab", "website_password_title": "GitLab",
                "website_password_url": "https://gitlab.com", "website_password_username": "ana",
                "website_password_password": "gl-pw", "website_password_notes": "2FA on",
                "website_password_url_filter": "gitlab.com", "website_password_auto_submit": false,
                "custom_fields": [{"name": "recovery", "type": "password", "value": "r-1"}]}]}],
             "items": [{"type": "note", "name": "Todo", "note_title": "Todo", "note_notes": "renew passport"},
               {"type": "mail_gpg_own_key", "name": "gpg", "mail_gpg_own_key_title": "gpg",
                "mail_gpg_own_key_email": "ana@x.com", "mail_gpg_own_key_private": "-----BEGIN PGP PRIVATE KEY BLOCK-----"}]}
            """#
        let (items, report) = try Self.read(json, "psono.json")
        #expect(report.format == "psono-json" && report.read == 4 && report.addsUp)
        let gitlab = try #require(items.first { $0.title == "GitLab" })
        #expect(gitlab.username == "ana" && gitlab.password == "gl-pw" && gitlab.urls == ["https://gitlab.com"])
        #expect(gitlab.folder == ["Work"] && gitlab.notes == "2FA on")
        #expect(gitlab.customFields == [.init(name: "recovery", value: "r-1", concealed: true)])
        #expect(items.first { $0.title == "db" }?.folder == ["Work", "Servers"])
        #expect(items.first { $0.title == "Todo" }?.kind == .secureNote)
        #expect(items.first { $0.title == "gpg" }?.customFields.first { $0.name == "private" }?.concealed == true)
    }

    @Test func keePass1XML() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <pwlist>
            <pwentry>
                <group tree="Internet">Mail</group>
                <title>Gmail</title>
                <username>ana@gmail.com</username>
                <url>https://mail.google.com</url>
                <password>g&amp;mail&lt;1</password>
                <notes>line one<br />line two</notes>
                <uuid>3a4e0bd5b8d1b2d3a1e0b8f3d8e2f1c0</uuid>
                <image>1</image>
                <creationtime>2020-01-02T03:04:05</creationtime>
                <lastmodtime>2021-01-02T03:04:05</lastmodtime>
                <lastaccesstime>2021-01-02T03:04:05</lastaccesstime>
                <expiretime expires="false">2999-12-28T23:59:59</expiretime>
            </pwentry>
            </pwlist>
            """
        let (items, report) = try Self.read(xml, "kp1.xml")
        #expect(report.format == "keepass1-xml" && report.imported == 1 && report.addsUp)
        let item = try #require(items.first)
        #expect(item.title == "Gmail" && item.folder == ["Internet", "Mail"] && item.password == "g&mail<1")
        #expect(item.notes == "line one\nline two" && item.created != nil && item.modified != nil)
        #expect(item.customFields.isEmpty)
    }

    @Test func passwordSafeXMLAndText() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <passwordsafe delimiter="»" Database="pwsafe.psafe3">
            \t<entry id="1">
            \t\t<group><![CDATA[Bank.Online]]></group>
            \t\t<title><![CDATA[aib]]></title>
            \t\t<username><![CDATA[ana]]></username>
            \t\t<password><![CDATA[ws5T@;_UB]]></password>
            \t\t<url><![CDATA[https://onlinebanking.aib.ie]]></url>
            \t\t<notes><![CDATA[first»second]]></notes>
            \t\t<email><![CDATA[ana@x.com]]></email>
            \t\t<pwhistory><status>1</status><max>3</max><num>1</num><history_entries>
            \t\t\t<history_entry num="1"><changedx>2017-01-01T00:00:00</changedx><oldpassword><![CDATA[old-pw]]></oldpassword></history_entry>
            \t\t</history_entries></pwhistory>
            \t</entry>
            </passwordsafe>
            """
        let (items, report) = try Self.read(xml, "pwsafe.xml")
        #expect(report.format == "pwsafe-xml" && report.imported == 1 && report.addsUp)
        let item = try #require(items.first)
        #expect(item.folder == ["Bank", "Online"] && item.title == "aib" && item.password == "ws5T@;_UB")
        #expect(item.notes == "first\nsecond" && item.passwordHistory.map(\.password) == ["old-pw"])
        #expect(item.customFields == [.init(name: "email", value: "ana@x.com")])

        let text =
            "Group/Title\tUsername\tPassword\tURL\tAutoType\tCreated Time\tPassword Modified Time\t"
            + "Record Modified Time\te-mail\tNotes\n"
            + "Bank.Online.aib\tana\tws5T@;_UB\thttps://onlinebanking.aib.ie\t\t2017/01/01 00:00:00\t\t\tana@x.com\tnote\n"
        let (rows, textReport) = try Self.read(text, "pwsafe.txt")
        #expect(textReport.imported == 1)
        let row = try #require(rows.first)
        #expect(row.title == "aib" && row.folder == ["Bank", "Online"] && row.username == "ana")
        #expect(row.password == "ws5T@;_UB" && row.notes == "note")
        #expect(row.customFields.contains(.init(name: "e-mail", value: "ana@x.com")))
    }

    @Test func stickyPasswordXML() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <root><Database>
              <Groups>
                <Group ID="g1" Name="Work" ParentID="" />
                <Group ID="g2" Name="Dev" ParentID="g1" />
              </Groups>
              <Logins>
                <Login ID="1" Name="ana-dev" Password="gh!pw" />
                <Login ID="2" Name="ana-admin" Password="adm!pw" />
                <Login ID="3" Name="orphan" Password="lonely-pw" />
              </Logins>
              <Accounts>
                <Account ID="a1" Name="GitHub" Link="https://github.com" Comments="two/nlines" ParentID="g2">
                  <LoginLinks><Login SourceLoginID="1" /><Login SourceLoginID="2" /></LoginLinks>
                </Account>
                <Account ID="a2" Name="Wishlist" Link="" Comments="a note" ParentID="" />
              </Accounts>
            </Database></root>
            """
        let (items, report) = try Self.read(xml, "sticky.xml")
        #expect(report.format == "stickypassword-xml" && report.read == 4 && report.addsUp)
        #expect(report.imported == 3 && report.keptAsNotes == 1)
        let github = items.filter { $0.title == "GitHub" }
        #expect(Set(github.compactMap(\.username)) == ["ana-dev", "ana-admin"])
        #expect(github.allSatisfy { $0.folder == ["Work", "Dev"] && $0.notes == "two\nlines" })
        #expect(Set(github.map(\.id)).count == 2)
        #expect(items.contains { $0.username == "orphan" && $0.password == "lonely-pw" })
    }

    /// Managers whose CSV needs no code: their real headers, read by the generic rules.
    @Test(arguments: [
        ("avira", "name,website,username,secondary_username,password,notes\nGitHub,https://github.com,ana,,pw1,n\n"),
        ("norton", "username,password,account,url,extra,grouping\nana,pw1,GitHub,https://github.com,n,Work\n"),
        ("truekey", "kind,name,url,login,password,memo,favorite\nlogin,GitHub,https://github.com,ana,pw1,n,false\n"),
        ("dropbox", "title,website,login,password,notes\nGitHub,https://github.com,ana,pw1,n\n"),
        ("passbolt", "Resource,Username,Password,URI,Notes,Group\nGitHub,ana,pw1,https://github.com,n,Work\n"),
        ("sticky", "Name,Url,Login,Password,Comments,Group\nGitHub,https://github.com,ana,pw1,n,Work\n"),
    ])
    func managerCSVThroughTheHeaderRules(_ manager: String, _ csv: String) throws {
        let (items, report) = try Self.read(csv, "\(manager).csv")
        #expect(report.imported == 1, "\(manager)")
        let item = try #require(items.first)
        #expect(item.title == "GitHub" && item.username == "ana" && item.password == "pw1", "\(manager)")
        #expect(item.urls == ["https://github.com"] && item.notes == "n", "\(manager)")
    }

    @Test func deepXMLIsRefused() {
        let xml =
            "<pwlist>" + String(repeating: "<a>", count: 400) + String(repeating: "</a>", count: 400) + "</pwlist>"
        #expect(throws: ConverterError.self) { try Self.read(xml, "deep.xml") }
        let entity =
            "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><pwlist><pwentry><title>&x;</title></pwentry></pwlist>"
        #expect(throws: ConverterError.self) { try Self.read(entity, "xxe.xml") }
    }
}
