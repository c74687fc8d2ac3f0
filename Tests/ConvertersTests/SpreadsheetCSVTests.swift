import Foundation
import Testing
import VaultModel

@testable import Converters

/// CSV files as people's sheets and less common managers write them: title lines above the
/// header, cells typed with a space after each comma, field lists in one cell, "null" cells,
/// and custom fields that must stay concealed. Each test writes its own file.
struct SpreadsheetCSVTests {
    static func read(_ csv: String, input: String = "t.csv") throws -> ([VaultItem], ImportReport) {
        try Importer.importFile(Array(csv.utf8), input: input)
    }

    @Test func titleLinesAboveTheHeaderAreSkippedAndReported() throws {
        let csv =
            "Family passwords,,,\nupdated 2024,,,\n,,,\nSite Name,User ID,Pass,Website\nBank,ana_b,B4nk!Safe,bank.example\n"
        let (items, report) = try Self.read(csv)
        #expect(items.count == 1 && items[0].title == "Bank" && items[0].password == "B4nk!Safe")
        #expect(report.skipped.map(\.line) == [1, 2, 3] && report.addsUp)
        // A report names the lines, never their text.
        #expect(!report.skipped.contains { $0.reason.contains("Family") })
    }

    /// A remark naming a password or a secret in any language the notes reader knows, before
    /// a colon, is kept out of the notes (which are shown and searched).
    @Test func aLabelledSecretInTheNotesColumnIsConcealed() throws {
        let csv =
            "Dienst;Gebruikersnaam;Wachtwoord;Opmerking\nNS;jasper@x.nl;Intercity2023;oud ww: Sprinter1\n"
            + "Gmail;jasper@x.nl;Kaas-1994;herstelcode: 4829 1930\nDigiD;jvdb;Fiets!21;sms-code naar mijn 06\n"
        let (items, _) = try Self.read(csv)
        #expect(
            items[0].notes == nil && items[0].customFields.contains { $0.concealed && $0.value == "oud ww: Sprinter1" })
        #expect(items[1].notes == nil)
        #expect(items[2].notes == "sms-code naar mijn 06")
    }

    /// "zelfde als bol" in the password column is the password of the row titled so above;
    /// pointing at no row, no password.
    @Test func aPointerInThePasswordColumnTakesThatRowsPassword() throws {
        let csv =
            "Dienst,Gebruikersnaam,Wachtwoord\nBol.com,jasper@x.nl,BolJasper#94\nStudielink,jasper@x.nl,zelfde als bol\n"
            + "Ziggo,jvdb,same as netflix\n"
        let (items, report) = try Self.read(csv)
        #expect(items[1].password == "BolJasper#94" && items[1].customFields.contains { $0.value == "zelfde als bol" })
        #expect(
            items[2].password == nil && items[2].customFields.contains { $0.concealed && $0.value == "same as netflix" }
        )
        #expect(report.addsUp)
        // Counter-inputs: a manager's export keeps its passphrases; a pointer with no comparison
        // word is a passphrase too; a name only starting like the one pointed at is not it.
        let chrome = "name,url,username,password\nA,https://a.x,ana,see you later\nB,https://b.x,bo,same as A\n"
        #expect(try Self.read(chrome).0.map(\.password) == ["see you later", "same as A"])
        let sheet =
            "Dienst,Gebruikersnaam,Wachtwoord\nBol.com,j,BolJasper#94\nBolt,j,Bolt!Ride7\nX,j,see you later\nY,j,zelfde als bol\n"
        #expect(
            try Self.read(sheet).0.map(\.password) == ["BolJasper#94", "Bolt!Ride7", "see you later", "BolJasper#94"])
    }

    /// A line of words with no delimiter, typed under a sheet of three columns or more, is a
    /// notes line: its secret is never a title.
    @Test func aLineTypedUnderTheSheetIsReadAsNotes() throws {
        let tsv = "사이트\t아이디\t비번\n네이버\tminji_kim01\tMinji!0101\n\n도어락 비번 0101*\nwifi iptime pw minji0101wifi\n"
        let (items, report) = try Self.read(tsv)
        #expect(items.count == 3 && report.addsUp && items.count == report.imported + report.keptAsNotes)
        #expect(!items.contains { $0.title.contains("0101*") || $0.title.contains("minji0101wifi") })
        #expect(items[1].customFields.contains { $0.concealed && $0.value == "0101*" })
        #expect(items[2].password == "minji0101wifi")
    }

    @Test func aLineOfTextAboveIsNoSheetTitle() throws {
        // One cell, no padding commas: text, not a sheet — and never a header under it.
        let notes = "--- Work ---\nSAP: user KROTH, PW: Sap#2025\n"
        let (items, _) = try Self.read(notes, input: "n.txt")
        #expect(items.contains { $0.title == "SAP" && $0.username == "KROTH" && $0.password == "Sap#2025" })
    }

    @Test func aTableLinedUpWithTabsByHandReadsEachCellUnderItsName() throws {
        let text =
            [
                "SITE\t\tUSER\t\t\t\tPASS\t\t\tNOTES",
                "----\t\t----\t\t\t\t----\t\t\t-----",
                "comcast\t\tkpatel.home\t\t\tXf1nity!Fast\t\tacct pin 3391",
                "att wireless\t(408) 555-0199\t\t\tAtt:Wireless:5",
                "progressive\tkpatel.home@gmail.com\t\t(none - quote only)",
                "ring\t\tkpatel.home@gmail.com\t\tD00rbell-Cam",
                "nest\t\tkpatel.home@gmail.com\t\tsame as ring",
            ].joined(separator: "\n") + "\n"
        let (items, report) = try Self.read(text, input: "t.txt")
        #expect(items.map(\.title) == ["comcast", "att wireless", "progressive", "ring", "nest"])
        #expect(
            items.map(\.username) == [
                "kpatel.home", "(408) 555-0199", "kpatel.home@gmail.com",
                "kpatel.home@gmail.com", "kpatel.home@gmail.com",
            ])
        #expect(items.map(\.password) == ["Xf1nity!Fast", "Att:Wireless:5", nil, "D00rbell-Cam", "D00rbell-Cam"])
        // No field without a name, nothing visible but what the columns name.
        #expect(items.allSatisfy { $0.customFields.allSatisfy { !$0.name.isEmpty } })
        // The remark and the pointer typed in the password column stay, out of sight.
        #expect(items[2].customFields.contains { $0.concealed && $0.value == "(none - quote only)" })
        #expect(items[4].customFields.contains { $0.concealed && $0.value == "same as ring" })
        // The underline is reported, and every row is accounted for.
        #expect(report.skipped.map(\.line) == [2] && report.addsUp)
    }

    @Test func aTabSeparatedExportWithAnEmptyHeaderCellIsReadCellByCell() throws {
        // An ordinary export whose header has an empty cell: rows as wide as the header are read
        // by their cells, however long a URL pushes them on screen.
        let text =
            "name\turl\tusername\tpassword\t\tnotes\nBank\thttps://online.mybank.example.com/signin\tmthompson\tRosebud1948!\t\t\n"
        let (items, _) = try Self.read(text, input: "x.tsv")
        #expect(items.first?.username == "mthompson" && items.first?.password == "Rosebud1948!")
        #expect(items.first?.notes == nil)
        // A long cell pushing the next one right stays in its order.
        let pushed = "Site\t\tUser\t\t\t\t\tPassword\nBank\t\tmargaret.thompson@example.com\tB4nk!2020xx\n"
        let (rows, _) = try Self.read(pushed, input: "p.txt")
        #expect(rows.first?.username == "margaret.thompson@example.com" && rows.first?.password == "B4nk!2020xx")
    }

    @Test func cellsTypedWithASpaceAfterEachCommaAreTrimmed() throws {
        let csv = "Service, User, Password\nAmazon, ana@x.org, Pr1me&Fast\nTrenord, ana_t, Tr4in-Ride\n"
        let (items, _) = try Self.read(csv)
        #expect(items.map(\.username) == ["ana@x.org", "ana_t"])
        #expect(items.map(\.password) == ["Pr1me&Fast", "Tr4in-Ride"])
    }

    @Test func aJSONFieldListBecomesFieldsHiddenOnesConcealed() throws {
        let csv = """
            name,url,username,password,custom_fields
            GitHub,https://github.com,ana,"gh,pass",\"[{""label"":""Recovery code"",""type"":""hidden"",""value"":""a1b2-c3d4""},{""label"":""Team"",""type"":""text"",""value"":""infra""}]\"

            """
        let (items, _) = try Self.read(csv)
        let fields = try #require(items.first?.customFields)
        #expect(fields.contains { $0.name == "Recovery code" && $0.value == "a1b2-c3d4" && $0.concealed })
        #expect(fields.contains { $0.name == "Team" && $0.value == "infra" && !$0.concealed })
    }

    @Test func aSecretDataCellFillsUsernameAndPassword() throws {
        let csv =
            "Password Name,Password URL,SecretData,CustomData\nCRM,https://crm.example,\"User Name:ana@x.org\nPassword:Crm#Deal5\",\"PIN:4411\"\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.username == "ana@x.org" && items.first?.password == "Crm#Deal5")
        #expect(items.first?.customFields.first { $0.name == "PIN" }?.concealed == true)
    }

    @Test func nullCellsAreEmpty() throws {
        let csv = "domain,email,username,password,label\nshop.example,ana@x.org,ana_s,Sh0p!Now,null\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.title == "shop.example")
    }

    @Test func aFieldHoldingThePasswordIsConcealed() throws {
        let csv = "Name,Url,Login,Pwd,RfFieldsV2\nBank,https://b.example,ana,B4nk#Pw1,\"pwd,,,B4nk#Pw1,pwd\"\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.customFields.first { $0.name == "RfFieldsV2" }?.concealed == true)
    }

    @Test func moreOfAFieldIsAnExtraNotATie() throws {
        let csv = "name,url,additional_urls,username,password\nMail,https://m.example,https://m2.example,ana,M@il9\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.urls == ["https://m.example"])
        #expect(items.first?.customFields.contains { $0.value == "https://m2.example" } == true)
    }

    @Test func anUnknownWordBeforeNameIsAWeakerTitle() throws {
        let csv = "Password Name,Password URL,Login,Password,ChamberName\nCRM,https://c.example,ana,Crm#1,Sales\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.title == "CRM")
        #expect(items.first?.customFields.contains { $0.name == "ChamberName" && $0.value == "Sales" } == true)
    }

    @Test func entryBeatsAccountForTheTitle() throws {
        let csv = "Entry,Username,Password,Account\nAlly,ana_a,Ally#Bank1,2031558810\n"
        let (items, _) = try Self.read(csv)
        #expect(items.first?.title == "Ally")
        #expect(items.first?.customFields.contains { $0.value == "2031558810" } == true)
        // Alone, `Compte` names the service in a French sheet.
        let (french, _) = try Self.read("Compte;Identifiant;Mot de passe\nLa Poste;ana@x.fr;Colis#2023\n")
        #expect(french.first?.title == "La Poste")
    }
}
