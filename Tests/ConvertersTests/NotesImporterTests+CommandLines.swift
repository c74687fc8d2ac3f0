import Foundation
import Testing
import VaultModel

@testable import Converters

/// Shell commands pasted into notes, their logins in their options (`NotesCommandLine`).
extension NotesImporterTests {
    @Test func aCommandsOptionsAreItsLogin() {
        let items = Self.items(
            """
            Reporting DB
            mysql -h db.internal.example.com -u report_ro -p'Rep0rt!ng-2024' analytics

            Staging API
            curl -u deploy:Dep1oy#Key https://staging.example.com/api/health

            NAS backup
            sshpass -p 'N4s-B4ckup!' ssh backup@nas.local
            """)
        #expect(items.map(\.title) == ["Reporting DB", "Staging API", "NAS backup"])
        #expect(items.map(\.username) == ["report_ro", "deploy", "backup"])
        #expect(items.map(\.password) == ["Rep0rt!ng-2024", "Dep1oy#Key", "N4s-B4ckup!"])
        #expect(
            items.map(\.urls) == [
                ["mysql://db.internal.example.com"], ["https://staging.example.com/api/health"], ["ssh://nas.local"],
            ])
        // The tool and the words no option took (the database) stay with the record.
        #expect(items[0].notes == "analytics")
    }

    @Test func eachToolsOwnOptionsAndQuoting() {
        Self.expect(
            "$ PGPASSWORD='Pg#Env-9' psql -h db2.example.com -U reporter -d sales",
            [("db2.example.com", "reporter", "Pg#Env-9")])
        // No host and no name: the title falls back to the login, as for any record.
        Self.expect("mysql -uroot -p\"My S3cret\" shop", [("root", "root", "My S3cret")])
        Self.expect(
            "wget --user=ana --password='W-get!42' https://files.example.org/b.tar",
            [("files.example.org", "ana", "W-get!42")])
        Self.expect("smbclient -U office%Sm8-Share! //fileserver/office", [("fileserver", "office", "Sm8-Share!")])
        Self.expect(
            "docker login -u ci-bot -p Dk-Tok3n! registry.example.com",
            [("registry.example.com", "ci-bot", "Dk-Tok3n!")])
        Self.expect("lftp -u webmaster,Ftp-Upl0ad! ftp.example.net", [("ftp.example.net", "webmaster", "Ftp-Upl0ad!")])
        Self.expect("Mongo\nmongosh --host m1.example.com -u admin -p 'M0ngo!Adm'", [("Mongo", "admin", "M0ngo!Adm")])
        let cache = Self.items("Cache\nredis-cli -h cache.internal -p 6379 -a R3dis-Pa55")
        #expect(cache.map(\.password) == ["R3dis-Pa55"] && cache.map(\.username) == [nil])
    }

    /// mysql's `-p` before a separate word asks for the password: that word is the database.
    /// A sentence naming a tool, or `ssh user@host` alone, is no command login.
    @Test func whatIsNoCommandLoginStaysAsItWas() {
        let prompt = Self.items("Shop DB\nmysql -u shop -p shopdb")
        #expect(prompt.allSatisfy { $0.password == nil || $0.password != "shopdb" })
        #expect(prompt.first?.username == "shop")
        let prose = Self.items("ssh into the box with root@10.0.0.5 then sudo")
        #expect(prose.allSatisfy { $0.username == nil && $0.password == nil })
        let server = Self.items("Server\nssh deploy@203.0.113.17")
        #expect(server.first?.urls == ["ssh://deploy@203.0.113.17"])
        #expect(NotesCommandLine.labelled("curl https://example.com") == nil)
        #expect(NotesCommandLine.labelled("mysql is the database we use") == nil)
    }

    /// A comment after the command names what it opens; sshpass hands the options after its
    /// command (`ssh -p 2222`, a port) to that command; a port is a note, not the password.
    @Test func aCommentTitlesTheCommandAndPortsAreNoPasswords() {
        Self.expect(
            "notes from today:\n$ mysql -u root -pR00tPass9 -h 10.0.0.12    # old dev box",
            [("old dev box", "root", "R00tPass9")])
        let nas = Self.items("NAS\nsshpass -p Syn0ssh77 ssh -p 2222 root@nas.home.arpa")
        #expect(nas.map(\.password) == ["Syn0ssh77"] && nas.map(\.username) == ["root"])
        #expect(nas.first?.urls == ["ssh://nas.home.arpa"])
        let kept = (nas.first?.notes ?? "") + (nas.first?.customFields.map(\.value).joined() ?? "")
        #expect(kept.contains("port 2222"), "\(kept)")
        let maria = Self.items("Galera\nmariadb -h galera-01.dc2.lan -u maxscale -pMxScale77 --port=3306")
        #expect(maria.map(\.password) == ["MxScale77"] && maria.first?.urls == ["mysql://galera-01.dc2.lan"])
        #expect(NotesCommandLine.shellWordsAndComment("a 'b # c' d#e # f g").comment == "f g")
        #expect(NotesCommandLine.shellWordsAndComment("a 'b # c' d#e # f g").words == ["a", "b # c", "d#e"])
    }

    @Test func shellWordsAreSplitAsAShellSplitsThem() {
        #expect(NotesCommandLine.shellWords(#"a -p'b c' "d\"e" f\ g  'h'"#) == ["a", "-pb c", "d\"e", "f g", "h"])
        #expect(NotesCommandLine.shellWords(#"x '' y"#) == ["x", "", "y"])
    }
}
