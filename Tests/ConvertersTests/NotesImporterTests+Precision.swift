import Foundation
import Testing
import VaultModel

@testable import Converters

/// The notes grammar on families where a value landed in a field of the wrong kind (stop 22):
/// org-mode tables and verbatim marks, code fences inside callouts, two bare values beside a
/// label of another field, a change of password told with a dash and a verb, lines indented
/// under a one-line record, a device's default `name/password`, names in braces, a sentence's
/// full stop after an address, a passphrase in brackets, and "now" read as a login. Each test
/// writes its own inputs, several per family.
extension NotesImporterTests {
    @Test func anOrgTableWithItsPlusDividerIsATable() {
        let items = Self.items(
            """
            | what     | host          | user  | password   |
            |----------+---------------+-------+------------|
            | Pi-hole  | pi.hole/admin |       | NoAds4Me!  |
            | Plex     | plex.tv       | mhof  | Plex-Nt-99 |
            """)
        #expect(items.map(\.title) == ["Pi-hole", "Plex"])
        #expect(items.map(\.password) == ["NoAds4Me!", "Plex-Nt-99"])
        // A host that is no address Coffer can tell is kept out of sight, never the login.
        #expect(
            items[0].username == nil && items[0].customFields.contains { $0.concealed && $0.value == "pi.hole/admin" })
        #expect(items[1].username == "mhof")
    }

    @Test func orgVerbatimMarksAreNoPartOfAValue() {
        Self.expect("wifi guest: =Gast-Hofmann= / =willkommen123=", [("wifi guest Gast-Hofmann", nil, "willkommen123")])
        let items = Self.items("SSID =Hofmann-5G= key =Wlan!Hofmann!2022=")
        #expect(items.first?.password == "Wlan!Hofmann!2022")
        // `pw = x` keeps reading as a label and its value.
        Self.expect("Netflix pw =Flix!2024", [("Netflix", nil, "Flix!2024")])
    }

    @Test func codesInAFenceInsideACalloutAreCodesNotALogin() {
        let items = Self.items(
            """
            > [!info] GitHub
            > user: nadia-k
            > password: gh_Nk!8842-tundra

            > [!warning] GitHub recovery codes
            > ```
            > 3f9a1-bc7e2
            > 81d0c-44a9f
            > ```
            """)
        #expect(items.count == 2)
        #expect(items[1].username == nil && items[1].password == nil)
        #expect(items[1].customFields.filter(\.concealed).map(\.value) == ["3f9a1-bc7e2", "81d0c-44a9f"])
        // Without the callout, a title naming codes takes the lines of codes under it too.
        let plain = Self.items("Backup codes Google\n4829-1038\n7711-2290")
        #expect(plain.allSatisfy { $0.password == nil && $0.username == nil })
    }

    @Test func twoBareValuesBesideAnotherFieldsLabelAreTheLogin() {
        Self.expect(
            "ING (Mijn ING): jvdberg82 / Leeuw&Bank-44 (mobiele code: 30571)",
            [("ING (Mijn ING)", "jvdberg82", "Leeuw&Bank-44")])
        Self.expect("Telekom - 5551234567 - Tel#Kom77 - pin 4421", [("Telekom", "5551234567", "Tel#Kom77")])
        Self.expect("Sparkasse: k.maier / Spk!2020neu (TAN-PIN: 1234)", [("Sparkasse", "k.maier", "Spk!2020neu")])
        // The PIN stays a concealed field.
        let ing = Self.items("ING: jvdberg82 / Leeuw&Bank-44 (code: 30571)")
        #expect(ing.first?.customFields.contains { $0.concealed && $0.value == "30571" } == true)
        // A word with a colon is no login: "online:" labels the password after it.
        let bank = Self.items("bank  -  PIN 4432 / online: K@teBank1")
        #expect(bank.first?.username == nil && bank.first?.password == "K@teBank1")
    }

    @Test func aChangeToldWithADashOrACommaAndAVerbKeepsTheNewPassword() {
        let libero = Self.items(
            "Vecchia password di Libero Mail: libero1979 — adesso è Posta-Libera-2024 (utente giulia@libero.it)")
        #expect(libero.count == 1)
        #expect(libero[0].password == "Posta-Libera-2024" && libero[0].username == "giulia@libero.it")
        #expect(libero[0].title.contains("Libero") && !libero[0].title.contains("1979"))
        #expect(libero[0].customFields.contains { $0.concealed && $0.value == "libero1979" })
        let english = Self.items("Old Dropbox password: dropbox2015, now it's Box&Files-2024")
        #expect(english.first?.password == "Box&Files-2024")
        #expect(english.first?.customFields.contains { $0.concealed && $0.value == "dropbox2015" } == true)
        // A connector word alone, naming no password or change, joins nothing.
        let upgrade = Self.items("Phone: upgraded iPhone12 to iPhone15")
        #expect(upgrade.allSatisfy { $0.password != "iPhone15" || $0.customFields.isEmpty })
    }

    @Test func linesIndentedUnderAOneLineRecordAreMoreOfIt() {
        let items = Self.items(
            """
            Bank of America: rdelgado_77 / Boa4Rosa!77
              sitekey image = sailboat, phrase "sunny days ahead"
              security Q mother's middle name: Ines
            Apple ID: rosa@icloud.com / Paloma!2017
              Q: first pet?  A: Chispa
            ARC - user: mtremblay_arc - mdp: T@xes-Canada-22
              question: nom de mon premier chien = Caramel
            """)
        #expect(items.map(\.title) == ["Bank of America", "Apple", "ARC"])
        #expect(items.map(\.password) == ["Boa4Rosa!77", "Paloma!2017", "T@xes-Canada-22"])
        #expect(items[0].customFields.contains { $0.concealed && $0.name == "sitekey image" })
        #expect(items[1].customFields.contains { $0.concealed && $0.value == "Chispa" })
        // Nothing of them is visible: not a title, not a login.
        for item in items {
            #expect(!item.title.contains("Caramel") && !item.title.contains("sitekey"))
            #expect(item.customFields.allSatisfy { $0.concealed })
        }
        // An indented line with a login of its own is a record of its own.
        let own = Self.items("website (Wix) admin  rosa@x.example  pw=MyBakerySite!\n  godaddy - rosag / GoDaddy4Rosa")
        #expect(own.map(\.password) == ["MyBakerySite!", "GoDaddy4Rosa"])
        // Lines at the record's own indent stay records of their own.
        Self.expect(
            "  web.de  ana@web.de  PW: Katze2017\n  gmx  ana@gmx.de  PW: Hund2018",
            [
                ("web.de", "ana@web.de", "Katze2017"), ("gmx", "ana@gmx.de", "Hund2018"),
            ])
    }

    @Test func aLoginGluedToItsPasswordBySlashStaysSafe() {
        // `guest/guest` stays one value: never a login shown beside its own password.
        let items = Self.items("rabbitmq admin ui http://mq.internal.example:15672  guest/guest  (lol, fix this)")
        #expect(items.allSatisfy { $0.username == nil && !$0.title.contains("guest") })
        // Other words around a slash stay one value.
        let other = Self.items("Router  Drag/5974PUR")
        #expect(other.first?.password == "Drag/5974PUR")
    }

    @Test func aNameInBracesIsTheLogin() {
        Self.expect("Xbox live {seanjr_2009} Minecraft2009!", [("Xbox live", "seanjr_2009", "Minecraft2009!")])
        // JSON is not a name in braces.
        let json = Self.items(#"{"user": "ana", "pass": "Pw!2024x"}"#)
        #expect(
            json.allSatisfy { item in
                !(item.username ?? "").contains(where: { "{}\"".contains($0) }) && !item.title.contains("{")
            })
    }

    @Test func aSentencesFullStopIsNoPartOfAnAddress() {
        let items = Self.items(
            "Sky: kept the same password as before (Sky-Q-Box-Living), username m.taylor@yahoo.co.uk.")
        #expect(items.first?.username == "m.taylor@yahoo.co.uk")
        // A passphrase in brackets after the name is the password, never the title.
        #expect(items.first?.password == "Sky-Q-Box-Living")
        #expect(items.first?.title == "Sky")
    }

    @Test func aWordForNowIsNoLogin() {
        let items = Self.items("Volksbank  VR-NetKey 12345678  PIN: 5391 -> jetzt Passwort: VoBa#2020neu")
        #expect(items.first?.password == "VoBa#2020neu")
        #expect(items.first?.username != "jetzt")
        Self.expect(
            "Password varie\n\nFineco: codice utente 7012348 — password Fin3co!Trading",
            [
                ("Fineco", "7012348", "Fin3co!Trading")
            ])
    }

    @Test func aLineTellingAChangeIsTheNewPasswordOfItsRecord() {
        // Under a title with its login: the value left once the older one is out.
        let gmail = Self.items("Gmail  (dan@gmail.com)\n  was Lagos2018!, now Lagos2024!Dan")
        #expect(gmail.count == 1 && gmail[0].password == "Lagos2024!Dan" && gmail[0].username == "dan@gmail.com")
        #expect(gmail[0].customFields.contains { $0.concealed && $0.value == "Lagos2018!" })
        let outlook = Self.items(
            "Outlook work (d.okafor@x.example.com)\n  Winter2023$ -> Summer2024$   (current is the last one)")
        #expect(outlook.count == 1 && outlook[0].password == "Summer2024$")
        // A value marked old in brackets is an older password; (new) is a remark.
        let linkedin = Self.items("LinkedIn  dan@gmail.com  Networking1 (old) / Netw0rking#2 (new)")
        #expect(linkedin.count == 1 && linkedin[0].password == "Netw0rking#2" && linkedin[0].title == "LinkedIn")
        #expect(linkedin[0].customFields.contains { $0.concealed && $0.value == "Networking1" })
        // A verb of change between the old value and the connector; one record, not two.
        let twitter = Self.items("Twitter/X @dan_okafor — OldBird99, changed to NewX!2024 in March")
        #expect(twitter.count == 1 && twitter[0].password == "NewX!2024" && twitter[0].username == "@dan_okafor")
        #expect(twitter[0].customFields.contains { $0.concealed && $0.value == "OldBird99" })
        // A comment is no bracket: `// old` says nothing of the value.
        let gitlab = Self.items("gitlab.com | octo@work.io | Gl@bWork1  // old")
        #expect(gitlab.count == 1 && gitlab[0].password == "Gl@bWork1" && gitlab[0].username == "octo@work.io")
    }

    @Test func aChangeOfAServiceLaterInTheNoteUpdatesItsRecord() {
        let items = Self.items(
            """
            2021-02-14  Chase: new pw Valentine#21 (user kwilson)
            2021-03-01  dropbox oli@outlook.com  Drop!Box19
            2022-03-10  Chase: changed from Valentine#21 to Spring!Break22
            2023-04-18  Dropbox changed to Cl0ud-Og-23
            2024-02-02  Chase: bank forced a reset, now Tulip&Rose24
            """)
        let chase = items.filter { $0.title == "Chase" }
        #expect(chase.count == 1 && chase.first?.username == "kwilson" && chase.first?.password == "Tulip&Rose24")
        let dropbox = items.filter { $0.title.lowercased() == "dropbox" }
        #expect(dropbox.count == 1 && dropbox.first?.password == "Cl0ud-Og-23")
        #expect(dropbox.first?.username == "oli@outlook.com")
        // Every older password stays, out of sight.
        for old in ["Valentine#21", "Spring!Break22"] {
            #expect(chase.first?.customFields.contains { $0.concealed && $0.value == old } == true)
        }
        #expect(dropbox.first?.customFields.contains { $0.concealed && $0.value == "Drop!Box19" } == true)
    }

    @Test func aPasswordLabelledSoWinsOverAPasscode() {
        let items = Self.items("Barclays: membership no. 2019004417, passcode 55210, password Barc-2024-DO")
        #expect(items.first?.username == "2019004417" && items.first?.password == "Barc-2024-DO")
        #expect(items.first?.customFields.contains { $0.concealed && $0.value == "55210" } == true)
    }

    @Test func oldAndNewWrittenAsLabelsAndWordsOfChangeAfterAnArrow() {
        let libero = Self.items("Libero Mail: giulia@libero.it\nvecchia: Gattina_88  nuova: Micio#Nero2023")
        #expect(libero.count == 1 && libero[0].password == "Micio#Nero2023" && libero[0].username == "giulia@libero.it")
        #expect(libero[0].customFields.contains { $0.concealed && $0.value == "Gattina_88" })
        Self.expect("Hulu  old: Hulu#2019  new: Hulu#2024x", [("Hulu", nil, "Hulu#2024x")])
        let enel = Self.items("Enel Energia: giulia@libero.it / Luce&Gas!75 -> cambiata: Luce&Gas!76")
        #expect(enel.count == 1 && enel[0].password == "Luce&Gas!76" && enel[0].username == "giulia@libero.it")
        #expect(enel[0].customFields.contains { $0.concealed && $0.value == "Luce&Gas!75" })
    }

    @Test func aLabelledPasswordPointingAtAnotherRecordIsItsPassword() {
        let items = Self.items(
            "- [ ] Amazon  ana@yahoo.com  pw: Parcel#Porch12\n- [x] Spotify  ana@proton.me  pw: Lo-Fi/Beats/24\n"
                + "- [ ] Uber  ana@yahoo.com  pw: same as Amazon")
        #expect(items.map(\.password) == ["Parcel#Porch12", "Lo-Fi/Beats/24", "Parcel#Porch12"])
        #expect(items[2].customFields.contains { $0.concealed && $0.value == "same as Amazon" })
        // A pointer at nothing named above gives no password, and never its words.
        let none = Self.items("Uber  ana@yahoo.com  pw: same as Lyft")
        #expect(none.first?.password == nil)
    }

    @Test func loginShapedWordsNumbersAndDatesOnOneLineRecords() {
        // A login-shaped word beside a labelled password is the login, however it mixes case.
        Self.expect("Roblox Tommy - TommyN_2014  pw blox4days", [("Roblox Tommy", "TommyN_2014", "blox4days")])
        Self.expect("Roblox Mai - MaiBloxGirl  pw Unic0rn-Rainbow", [("Roblox Mai", "MaiBloxGirl", "Unic0rn-Rainbow")])
        // An acronym naming the number after it is not.
        let sat = Self.items("sat: RFC TOAA880101AB1 contraseña S4t!Impuestos")
        #expect(sat.first?.username != "RFC" && sat.first?.password == "S4t!Impuestos")
        // A phone number with its area code in brackets is one value.
        Self.expect("Venmo: (555) 201-8834 / venmoMe2x", [("Venmo", "(555) 201-8834", "venmoMe2x")])
        // `#` before a number is its sign, not a comment.
        Self.expect(
            "Costco: member # 111845220937, login mgarcia@fastmail.com / Bulk-Buy-2023",
            [("Costco", "mgarcia@fastmail.com", "Bulk-Buy-2023")])
        // A short value ending a name with its colon is part of the name.
        Self.expect("Fidelity 401k: mgarcia85 / Ret1re-Early-55", [("Fidelity 401k", "mgarcia85", "Ret1re-Early-55")])
        // A date and the words run into it are no login and no password.
        let peacock = Self.items("Peacock - free trial, ends 6/30")
        #expect(peacock.first?.password == nil && peacock.first?.username == nil)
    }

    @Test func anITHandoversAccountsRolesModelsAndAbsentFields() {
        // A weak password label after a separator, before one password-like value.
        let wifi = Self.items("- Wi-Fi staff: GF-Staff / key Sm1le-Br1ght-2024")
        #expect(wifi.first?.password == "Sm1le-Br1ght-2024" && wifi.first?.username == nil)
        // Words naming an account's role, then its login and password.
        Self.expect(
            "- DC01 local admin: .\\Administrator / Gr33nf!eld-DC",
            [("DC01 local admin", ".\\Administrator", "Gr33nf!eld-DC")])
        Self.expect(
            "- Domain admin: GREENFIELD\\itadmin / Molar&Canine#7",
            [("Domain admin", "GREENFIELD\\itadmin", "Molar&Canine#7")])
        // A product's model in the title is no password: the title stays.
        Self.expect(
            "- NAS (Synology DS920+): https://192.168.10.20:5001  user: backupadmin  pass: Syn0-B4ckup=Nightly",
            [("NAS (Synology DS920+)", "backupadmin", "Syn0-B4ckup=Nightly")])
        // A name in brackets after the title is part of it, never the password.
        Self.expect(
            "- Domain registrar (123-reg): account 1188204 / Dom@in-Renew-25",
            [("Domain registrar (123-reg)", "1188204", "Dom@in-Renew-25")])
        // A code is a secret; "no password set" says there is none.
        let alarm = Self.items("- Alarm: code 2580, ADT account no. 55-0917")
        // (Beside the alarm's account number the code is what signs in, kept as its password.)
        #expect(alarm.first?.username != "2580" && alarm.first?.title == "Alarm")
        #expect(alarm.first?.password == "2580" || alarm.first?.customFields.contains { $0.value == "2580" } == true)
        let printer = Self.items("- Printer (Brother in reception): no password set")
        #expect(printer.first?.password == nil && printer.first?.username == nil)
        // A bank's login and its code alone: the code signs in.
        Self.expect(
            "Laposte banque   identifiant 1045723980   code 318274", [("Laposte banque", "1045723980", "318274")])
    }

    @Test func blocksOfANameALoginAndAPasswordWithoutLabels() {
        let items = Self.items(
            "Premium Bonds\n00419283311\nErnie-Picks-Me\n\nWikipedia\nBernardA\nencyclopaedia\n\n"
                + "Groceries\nmilk\neggs\n\nBackup codes Google\n4829-1038\n7711-2290\n")
        #expect(items.filter { $0.password != nil }.map(\.title) == ["Premium Bonds", "Wikipedia"])
        #expect(items[0].username == "00419283311" && items[0].password == "Ernie-Picks-Me")
        #expect(items[1].username == "BernardA" && items[1].password == "encyclopaedia")
        // A list and a block of codes stay what they are; no folder is made of a value.
        #expect(items.allSatisfy { $0.folder.isEmpty })
        #expect(!items.contains { $0.password == "eggs" || $0.password == "7711-2290" })
    }

    @Test func aPasswordWrittenBeforeItsServiceAndLogin() {
        Self.expect(
            "Blackpool1966  -  facebook (pauline@aol.com)\nTuesday!Bingo  -  the bingo site (pauline_a)\n"
                + "RoyalMail22  -  royal mail redirection, username pash1955\nKnit&Natter  -  hobbycraft, pauline@aol.com",
            [
                ("facebook", "pauline@aol.com", "Blackpool1966"), ("the bingo site", "pauline_a", "Tuesday!Bingo"),
                ("royal mail redirection", "pash1955", "RoyalMail22"), ("hobbycraft", "pauline@aol.com", "Knit&Natter"),
            ])
        // Short names joined by `&` stay names.
        Self.expect("AT&T  -  ana@x.com  -  Phone!Bill9", [("AT&T", "ana@x.com", "Phone!Bill9")])
    }

    @Test func aPastedWelcomeMessageIsTheRecordOfItsService() {
        let items = Self.items(
            """
            -----
            Welcome to Octopus Energy 🐙
            Your account number: A-4F2C91D0
            Your username is: dan@yahoo.co.uk
            Your temporary password is: tMp-8831-Qkz
            Please change this the first time you log in.
            -----
            (changed it to Octo-Dan-2024)

            -----
            Subject: Your Bupa Dental account
            Username: DOYELARAN7
            Temporary password: Bupa#4410xz
            Log in at https://www.bupa.co.uk/dental/login
            -----
            """)
        let logins = items.filter { $0.password != nil }
        #expect(logins.map(\.title) == ["Octopus Energy", "Bupa Dental"])
        #expect(logins[0].username == "dan@yahoo.co.uk" && logins[0].password == "Octo-Dan-2024")
        #expect(logins[0].customFields.contains { $0.concealed && $0.value == "tMp-8831-Qkz" })
        #expect(logins[0].customFields.contains { $0.concealed && $0.value == "A-4F2C91D0" })
        #expect(logins[1].username == "DOYELARAN7" && logins[1].urls == ["https://www.bupa.co.uk/dental/login"])
    }

    @Test func aSectionInBracketsAndARemoteLoginsAccount() {
        let items = Self.items(
            "[staging]\nssh deploy@10.0.4.21 -p 2222   pw: kT9#vR2q!mXw\n\n[prod]\nredis 10.0.4.22:6379 requirepass r3d1s-st4g1ng"
        )
        #expect(items.first?.username == "deploy" && items.first?.password == "kT9#vR2q!mXw")
        #expect(items.first?.folder.isEmpty == true || items.first?.folder == ["staging"])
        let redis = items.first { $0.password == "r3d1s-st4g1ng" }
        #expect(redis?.urls == ["10.0.4.22:6379"] && redis?.username == nil)
    }

    @Test func aLoginAndItsValueUnderAHeadingAndPointersAndMoreLanguages() {
        // A list of three or more under a heading is a list.
        #expect(Self.items("### Shopping\n- apples\n- bananas\n- cherries").allSatisfy { $0.password == nil })
        let items = Self.items(
            "### 500px\n- olliebirch\n- shutterbug\n\n### MPB (selling old lenses)\n- olliebirch\n- mpb.Trade.In\n")
        #expect(items.map(\.title) == ["500px", "MPB (selling old lenses)"])
        #expect(items.map(\.username) == ["olliebirch", "olliebirch"])
        #expect(items.map(\.password) == ["shutterbug", "mpb.Trade.In"])
        #expect(items.allSatisfy { $0.urls.isEmpty })
        let vpn = Self.items(
            "- Outlook: sam@x.co.uk — Freight!Desk2024\n- VPN (GlobalProtect): skowalczyk — same as outlook")
        #expect(vpn.last?.username == "skowalczyk" && vpn.last?.password == "Freight!Desk2024")
        // Polish and Swedish labels.
        Self.expect("Wifi: Dom_Nowak, hasło: zielonyogrod2020", [("Wifi Dom_Nowak", nil, "zielonyogrod2020")])
        Self.expect("SJ\nanvändarnamn: anderssj\nlösenord: Tåget-Är-Sent!", [("SJ", "anderssj", "Tåget-Är-Sent!")])
    }

    @Test func runOnLinesWithAdviceAfterThePasswordAndAPasswordForTheRecordAbove() {
        let phone = Self.items(
            "netflix acct is sarah@gmail.com pw Bubbles2019! dont change it the kids know it\n"
                + "amazon same email pw is Prime&Kids4eva")
        #expect(phone.map(\.title) == ["netflix", "amazon"])
        #expect(phone.map(\.username) == ["sarah@gmail.com", "sarah@gmail.com"])
        #expect(phone.map(\.password) == ["Bubbles2019!", "Prime&Kids4eva"])
        // A word saying the value is old still keeps a sentence from being read.
        #expect(Self.items("hulu pw Hulu#2019x was the old one").allSatisfy { $0.password == nil })
        let gran = Self.items("Email (the BT one): margaret@btinternet.com\npassword is Rosebud1948")
        #expect(gran.count == 1 && gran[0].password == "Rosebud1948" && gran[0].username == "margaret@btinternet.com")
        // A sentence naming another service is its own record, never the password of the one above.
        let bt = Self.items("Gmail: ana@gmail.com\nBT password is Bt!Home22")
        #expect(bt.first { $0.title == "Gmail" }?.password == nil)
        // An issuer's initials in brackets are no login.
        let bonds = Self.items("Premium bonds (NS&I) - holder number 117736521\npassword Winner!Winner")
        #expect(bonds.allSatisfy { $0.username != "NS&I" })
    }

    @Test func idsAndLoginsIndentedUnderAGamesTitle() {
        let items = Self.items(
            """
            Xbox / Microsoft
              gamertag NightOwl2006
              login kieran@outlook.com
              pass Halo-Infinite-117

            Riot (Valorant)
              riot id NightOwl#EUW1
              username kwalsh06
              pw: Sp1ke-Planted
            """)
        #expect(items.map(\.title) == ["Xbox / Microsoft", "Riot (Valorant)"])
        #expect(items.map(\.username) == ["kieran@outlook.com", "kwalsh06"])
        #expect(items.map(\.password) == ["Halo-Infinite-117", "Sp1ke-Planted"])
        // The ids shown to other players are fields of their records, never a title.
        #expect(items[0].customFields.contains { $0.value == "NightOwl2006" })
        #expect(items[1].customFields.contains { $0.value == "NightOwl#EUW1" })
    }

    @Test func codesUnderAHeadingNamingThemAreCodes() {
        let items = Self.items("## Recovery codes\n\nGitHub:\n```\n4f2a1-b7c93\n8e0d4-1a6f2\n```\n")
        #expect(items.allSatisfy { $0.username == nil && $0.password == nil })
        #expect(items.flatMap(\.customFields).filter(\.concealed).map(\.value) == ["4f2a1-b7c93", "8e0d4-1a6f2"])
    }

    @Test func reviewedMisreadingsStayFixed() {
        // Passwords in brackets are no section headings.
        Self.expect("Netflix\n[Summer2019]", [("Netflix", nil, "Summer2019")])
        // "no password": the login stays the login.
        #expect(Self.items("Printer: admin, no password").first?.username == "admin")
        #expect(Self.items("Printer: admin, no password").first?.password == nil)
        // A change with no password named and no record before is no login.
        #expect(Self.items("Dentist reset to 3pm-Tues").allSatisfy { $0.password == nil })
        // The change goes to the record whose old password it names.
        let gmail = Self.items(
            "Gmail ana@x.com Gm!ail-1\nGmail bob@y.com Gm!ail-2\nGmail: changed from Gm!ail-1 to Gm!ail-3")
        #expect(gmail.map(\.password) == ["Gm!ail-3", "Gm!ail-2"])
        // Names are not telling words; a remark without an older value stays.
        Self.expect("New York Times: nyt@x.com Old!pw1 -> Nyt!2024x", [("New York Times", "nyt@x.com", "Nyt!2024x")])
        let current = Self.items("Netflix ana@x.com Netfl1x!x (current)")
        #expect(current.first?.customFields.contains { $0.value.contains("current") } == true)
        // A three-word name in brackets is no passphrase.
        #expect(Self.items("Holiday villa (Costa-Del-Sol)\nana@x.com").allSatisfy { $0.password == nil })
    }
}
