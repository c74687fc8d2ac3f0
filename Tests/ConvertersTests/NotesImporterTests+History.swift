import Foundation
import Testing
import VaultModel

@testable import Converters

/// Stop 20's families: a password's history on one line, quotes and emphasis around values, a
/// login inside a URL, login labels standing alone between separators, numbers written in
/// groups, and words that qualify a login under a titled record. Inputs are written here, not
/// taken from the corpus.
extension NotesImporterTests {
    @Test func anOlderPasswordBeforeAnArrowIsKeptOutOfSight() {
        let items = Self.items("Hulu: Couch#Potato7 -> Binge&Watch9")
        #expect(items.count == 1 && items[0].password == "Binge&Watch9" && items[0].username == nil)
        #expect(
            items[0].customFields.contains { $0.name == "old password" && $0.value == "Couch#Potato7" && $0.concealed })
        // A run of three: every value but the last is older; the remark stays out of sight.
        let run = Self.items("Disney  Mouse2020 → Mouse2021 → Mouse2022 (new)")
        #expect(run.count == 1 && run[0].password == "Mouse2022" && run[0].username == nil)
        #expect(run[0].customFields.filter { $0.name == "old password" }.map(\.value) == ["Mouse2020", "Mouse2021"])
        // Struck out: the value after it replaces it.
        let struck = Self.items("Trello: ~~Board#2019~~ Cards&Lists24")
        #expect(struck.count == 1 && struck[0].password == "Cards&Lists24")
        #expect(struck[0].customFields.contains { $0.value == "Board#2019" && $0.concealed })
    }

    @Test func arrowsThatSeparateALineAreNoHistory() {
        // The arrow separates the title from the values: a title, a login and a password.
        Self.expect("Vimeo -> JSmith82 -> Clip#Maker4", [("Vimeo", "JSmith82", "Clip#Maker4")])
        Self.expect("Vimeo -> mara77 -> Clip#Maker4 -> https://vimeo.com", [("Vimeo", "mara77", "Clip#Maker4")])
        // A login name of letters and digits before an arrow may be the login: not taken as old.
        let items = Self.items("Vimeo: JSmith82 -> Clip#Maker4")
        #expect(!items.contains { $0.customFields.contains { $0.value == "JSmith82" && $0.name == "old password" } })
        #expect(items.contains { $0.username == "JSmith82" && $0.password == "Clip#Maker4" })
    }

    @Test func quotesAndEmphasisAroundAValueAreNoPartOfIt() {
        Self.expect("Plex: homeserver / «Movie&Night5»", [("Plex", "homeserver", "Movie&Night5")])
        Self.expect("Slack  username *marta.k*  password *Chan!nel7*", [("Slack", "marta.k", "Chan!nel7")])
        Self.expect("Zoom  'zoom.user9'  \"Meet#Room4\"", [("Zoom", "zoom.user9", "Meet#Room4")])
        // A mark that does not pair up is part of the value.
        let items = Self.items("Zoom  anna9  \"Meet#Room4")
        #expect(items.contains { $0.password == "\"Meet#Room4" })
    }

    @Test func aPasswordInsideAURLBecomesTheLoginAndLeavesTheURL() {
        let items = Self.items("analytics db: mysql://reader:Sel3ct-Only@db.corp.example:3306/stats")
        #expect(items.count == 1 && items[0].username == "reader" && items[0].password == "Sel3ct-Only")
        #expect(items[0].urls == ["mysql://reader@db.corp.example:3306/stats"])
        // A record with another password keeps the URL's out of sight.
        let two = Self.items("Cache\npassword: Front#Door1\nurl: redis://:B4ck-Door@cache.example:6379")
        #expect(two.count == 1 && two[0].password == "Front#Door1" && two[0].urls == ["redis://cache.example:6379"])
        #expect(two[0].customFields.contains { $0.value == "B4ck-Door" && $0.concealed })
        #expect(!two[0].urls.joined().contains("B4ck-Door"))
    }

    @Test func aLoginLabelStandingAloneBetweenSeparatorsNamesTheValueAfterIt() {
        Self.expect("Fidelity  login  rkumar_77  password  Stock#Split3", [("Fidelity", "rkumar_77", "Stock#Split3")])
        Self.expect("Fidelity\tuser id\tRKumar77\tpasswort\tStock#Split3", [("Fidelity", "RKumar77", "Stock#Split3")])
    }

    @Test func aNumberWrittenInGroupsIsOneValue() {
        Self.expect(
            "Tax office  user id 3301 7720 5512  password  Refund#2024",
            [("Tax office", "3301 7720 5512", "Refund#2024")])
        Self.expect("Signal = +44 7700 900123 : Safe#Chat8", [("Signal", "+44 7700 900123", "Safe#Chat8")])
        // Ten digits in three groups, the first of two: a phone number as written in Mexico.
        Self.expect("- Telcel: 55 1234 8876 — contraseña Movil_Ana85", [("Telcel", "55 1234 8876", "Movil_Ana85")])
        // Nine digits opening with two (an expiry and a code) stay apart.
        #expect(!Self.items("Visa 4111 1111 1111 1111 exp 05 2025 123").contains { $0.username == "05 2025 123" })
        // A date written with spaces is no number.
        let items = Self.items("Gym 2021 12 03 joined")
        #expect(!items.contains { $0.username == "2021 12 03" || $0.password == "2021 12 03" })
        #expect(!NotesCorpus.haystack(items).contains("2021 12 03"))
    }

    @Test func aWordQualifyingALoginUnderATitleIsNoServiceOfItsOwn() {
        Self.expect(
            "Wells Fargo\nonline: user tdiaz_wf  pass: Stage#Coach9", [("Wells Fargo", "tdiaz_wf", "Stage#Coach9")])
        Self.expect("Citibank\nOnline ID: mlee_citi\nPassword: Thank#You5", [("Citibank", "mlee_citi", "Thank#You5")])
        // A line that names a service of its own still opens its record.
        Self.expect(
            "Wells Fargo\nuser: tdiaz_wf\npass: Stage#Coach9\nVenmo: user tdiaz  pass: Pay#Back2",
            [("Wells Fargo", "tdiaz_wf", "Stage#Coach9"), ("Venmo", "tdiaz", "Pay#Back2")])
    }
}

extension NotesImporterTests {
    @Test func pointersToTheRecordAboveCopyItsLogin() {
        Self.expect(
            "Rite Aid - jo.k@mail.example - Pharma#77\nWalmart - same as above",
            [("Rite Aid", "jo.k@mail.example", "Pharma#77"), ("Walmart", "jo.k@mail.example", "Pharma#77")])
        Self.expect(
            "Coolblue  piet@home.example  Koel#Kast9\nBol idem als coolblue",
            [("Coolblue", "piet@home.example", "Koel#Kast9"), ("Bol", "piet@home.example", "Koel#Kast9")])
        // A login of its own before the pointer shares only the password.
        Self.expect(
            "Kobo -- ana@x.org -- Page#Turn5\nScribd -- bea@y.org -- same as Kobo",
            [("Kobo", "ana@x.org", "Page#Turn5"), ("Scribd", "bea@y.org", "Page#Turn5")])
        // "same email" on its own line under a title gives the record before's login.
        Self.expect(
            "Etsy  ana@x.org  Craft#Fair3\n\nPinterest\nsame email\nPin#Board8",
            [("Etsy", "ana@x.org", "Craft#Fair3"), ("Pinterest", "ana@x.org", "Pin#Board8")])
        Self.expect(
            "Max  ana@x.org  Max#Stream1\nParamount+  ditto",
            [("Max", "ana@x.org", "Max#Stream1"), ("Paramount+", "ana@x.org", "Max#Stream1")])
    }
}

extension NotesImporterTests {
    @Test func nestedListItemsAndWikiLinksBelongToTheirRecord() {
        Self.expect(
            "- [[Dropbox]] (family)\n  - user:: dana.k\n  - password:: Sync.Files.2024\n- [[Proton|Proton Mail]]\n  - login:: dana@proton.example\n  - pw:: Priv#Mail8",
            [("Dropbox (family)", "dana.k", "Sync.Files.2024"), ("Proton Mail", "dana@proton.example", "Priv#Mail8")])
    }

    @Test func aSentenceOpenedByASiteIsTitledByIt() {
        Self.expect("Audible.com  ana@x.org  pw is Listen#Book3", [("Audible.com", "ana@x.org", "Listen#Book3")])
    }
}

extension NotesImporterTests {
    @Test func aRemarkInBracketsAfterAPasswordLabelIsNoPassword() {
        let items = Self.items("Zoom\nlogin email: ana@x.org\nPassword: (the one I set on the phone)")
        #expect(items.count == 1 && items[0].username == "ana@x.org" && items[0].password == nil)
        #expect(Self.hidden(items[0])?.contains("one I set on the phone") == true)
        // A value labelled inside brackets is still that value.
        Self.expect("Zalando (user: rdubois; pw: Gr0sse#44)", [("Zalando", "rdubois", "Gr0sse#44")])
    }

    @Test func aNumberMarkAfterAWordNamesItsNumber() {
        let items = Self.items("Gas company\nlogin: ana_gas\nCustomer #: 0045-221-99\npassword: Flame#Blue5")
        #expect(items.count == 1 && items[0].username == "ana_gas" && items[0].password == "Flame#Blue5")
        #expect(items[0].customFields.contains { $0.value == "0045-221-99" && $0.concealed })
    }

    @Test func anAddressReadAsTheLoginIsTheURL() {
        let items = Self.items("Water bill\nuser: rgreen\npassword: Drip#Drop4\nLogin: https://pay.water.example")
        #expect(items.count == 1 && items[0].username == "rgreen" && items[0].urls == ["https://pay.water.example"])
    }
}

extension NotesImporterTests {
    @Test func reviewedEdgesOfThisStopsRules() {
        // A URL read as the login is freed of its password before it is shown.
        let pay = Self.items("Pay\nEmail: https://ana:S3cret!@pay.example")
        #expect(pay.count == 1 && pay[0].urls == ["https://ana@pay.example"] && pay[0].password == "S3cret!")
        // `@` in a path is no login: the URL stays as written.
        let npm = Self.items("Registry\nurl: http://localhost:4873/-/web/detail/@scope/pkg\npassword: Npm#Reg1")
        #expect(
            npm.first?.urls == ["http://localhost:4873/-/web/detail/@scope/pkg"] && npm.first?.password == "Npm#Reg1")
        // `user:` before a value with a symbol: the default account and its password.
        Self.expect("Router\nuser: R0uter-Adm1n", [("Router", "user", "R0uter-Adm1n")])
        // A card number stops before its expiry and code.
        let card = Self.items("Visa 4111 1111 1111 1111 12 25 123")
        #expect(
            !card.contains { item in
                item.customFields.contains { $0.value.contains("1111 12 25") }
                    || item.username?.contains("12 25") == true
            })
        // A connector word between two codes is no history without a change or a password named.
        let phone = Self.items("Upgraded iPhone12 to iPhone15")
        #expect(!phone.contains { $0.customFields.contains { $0.name == "old password" } })
        // "same as above" in a sentence is no pointer.
        let sentence = Self.items("Hulu  ana@x.com  Hulu#Night2\nthe kids tablet uses the same as above")
        #expect(sentence.count == 1 || !sentence.contains { $0.title.hasPrefix("the kids") && $0.password != nil })
    }
}
