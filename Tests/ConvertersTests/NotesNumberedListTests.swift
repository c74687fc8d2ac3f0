import Foundation
import Testing
import VaultModel

@testable import Converters

/// Numbered lists whose items are titles over indented sub-items (what the cold-written set
/// samples/notes-corpus/outside/u showed in stop 28), each rule with inputs and
/// counter-inputs.
@Suite struct NotesNumberedListTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// The whole shape: numbered titles (a site's name alone, an e-mail label naming the mail
    /// service, two names with a slash), sub-items with dashes and with letters, a login under
    /// an `address` label.
    @Test func numberedTitlesOverSubItemsAreOneRecordEach() {
        let logins = Self.logins(
            """
            1. Email — Gmail
               - address: barb@gmail.com
               - password: Roses are red 48
            2. Medicare.gov
               - username: BOkonkwo48
               - password: Medicare!Barb1
            3. Walgreens app (prescriptions)
               a. login: barb@gmail.com
               b. pw: Pharmacy#48
            4. Kindle / Amazon
               - barb@gmail.com
               - BookClub-Barb22
            5. Ancestry.com
               - user: barb_okonkwo
               - pw: FamilyTree1948
            """)
        #expect(
            logins.map(\.title) == [
                "Gmail", "Medicare.gov", "Walgreens app (prescriptions)", "Kindle / Amazon", "Ancestry.com",
            ])
        #expect(
            logins.map(\.username) == [
                "barb@gmail.com", "BOkonkwo48", "barb@gmail.com", "barb@gmail.com", "barb_okonkwo",
            ])
        #expect(
            logins.map(\.password) == [
                "Roses are red 48", "Medicare!Barb1", "Pharmacy#48", "BookClub-Barb22", "FamilyTree1948",
            ])
    }

    /// A site named alone after a record titles the next record only over a labelled login;
    /// otherwise it is the record's address, as before.
    @Test func aSiteAloneIsTheRecordsAddressUnlessALabelledLoginFollows() {
        let trailing = Self.logins(
            "Facebook\nuser: barbfb\npass: Barb.FB.2022\nfacebook.com\n\nNetflix\nnflx@x.org\nFlix!2020")
        #expect(trailing.first?.title == "Facebook" && trailing.first?.urls == ["facebook.com"])
        #expect(trailing.count == 2)
        let next = Self.logins("Facebook\nuser: barbfb\npass: Barb.FB.2022\nmedicare.gov\nuser: BOk48\npass: Med!Barb1")
        #expect(next.map(\.title) == ["Facebook", "medicare.gov"])
        #expect(next.first?.urls.isEmpty == true)
        #expect(
            NotesRecordAssembler.isBareDomain("Medicare.gov") && !NotesRecordAssembler.isBareDomain("https://x.org"))
        #expect(!NotesRecordAssembler.isBareDomain("www.x.org") && !NotesRecordAssembler.isBareDomain("Medicare"))
    }

    /// `a. ` opens a lettered sub-item as `a) ` did; `e. g.` and `i. e.` open no list, and a
    /// capital with a full stop is an initial.
    @Test func aLowerCaseLetterAndAFullStopOpenASubItem() {
        #expect(NotesMarkdown.stripListMarker("a. login: x"[...]) == ("login: x"[...], true))
        #expect(NotesMarkdown.stripListMarker("b) pw: y"[...]) == ("pw: y"[...], true))
        #expect(NotesMarkdown.stripListMarker("e. g. the bank"[...]).1 == false)
        #expect(NotesMarkdown.stripListMarker("i. e. never"[...]).1 == false)
        #expect(NotesMarkdown.stripListMarker("A. Smith pw: x"[...]).1 == false)
        #expect(NotesMarkdown.stripListMarker("as. user"[...]).1 == false)
    }

    /// An `address` label holding an e-mail is the login; holding a site, the site. An e-mail
    /// label holding a capitalised word names the mail service; holding a login name, the login.
    @Test func anAddressLabelHoldingAnEmailIsTheLogin() {
        let mail = Self.logins("Yahoo\naddress: barb48@yahoo.com\npassword: Roses#48")
        #expect(mail.first?.username == "barb48@yahoo.com" && mail.first?.urls.isEmpty == true)
        let site = Self.logins("Bank\naddress: https://bank.example.com\nuser: barb\npassword: Bank#48")
        #expect(site.first?.urls == ["https://bank.example.com"] && site.first?.username == "barb")
        let service = Self.logins("Email — Outlook\npassword: Outl00k!48")
        #expect(service.first?.title == "Outlook" && service.first?.username == nil)
        let login = Self.logins("Forum\nemail: barb48\npassword: F0rum!48")
        #expect(login.first?.username == "barb48" && login.first?.title == "Forum")
    }

    /// A capitalised name read as the password of a title line with a slash was the title's,
    /// when a password-like value comes under it; a plain word under it changes nothing.
    @Test func aNameReadAsThePasswordOfATitleLineGoesBackToTheTitle() {
        let moved = Self.logins("6. Kindle / Amazon\n   barb@gmail.com\n   BookClub-Barb22")
        #expect(moved.first?.title == "Kindle / Amazon" && moved.first?.password == "BookClub-Barb22")
        let kept = Self.logins("6. Kindle / Amazon\n   barb@gmail.com\n   groceries")
        #expect(kept.first?.password != "groceries")
    }
}
