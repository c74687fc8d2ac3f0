import Foundation
import Testing
import VaultModel

@testable import Converters

/// Shell commands pasted into notes (issue 10 §1: the variety people write): each signs in
/// somewhere, and is read for its address, user and password by what the program's options
/// mean. The command stays in the notes with its password left out.
@Suite struct NotesCommandLineTests {
    static func items(_ text: String) -> [VaultItem] { NotesImporterTests.items(text) }

    @Test(
        arguments: [
            (
                "mysql -h db1.corp.lan -u inventory_rw -p'Inv3nt0ry!RW' inventory", "db1.corp.lan", "inventory_rw",
                "Inv3nt0ry!RW", "mysql://db1.corp.lan"
            ),
            ("mysql -uroot -pS3cr3t-Root --host=10.0.0.5", "10.0.0.5", "root", "S3cr3t-Root", "mysql://10.0.0.5"),
            (
                "docker login -u kvasquez -p Reg1stry-Push-2 registry.corp.lan", "registry.corp.lan", "kvasquez",
                "Reg1stry-Push-2", "registry.corp.lan"
            ),
            (
                "curl -u admin:Jenk1ns-Adm1n https://jenkins.corp.lan/api/json", "jenkins.corp.lan", "admin",
                "Jenk1ns-Adm1n", "https://jenkins.corp.lan/api/json"
            ),
            (
                "sshpass -p 'Bastion#Hop-77' ssh kvasquez@bastion.corp.lan", "bastion.corp.lan", "kvasquez",
                "Bastion#Hop-77", "ssh://bastion.corp.lan"
            ),
            (
                "PGPASSWORD=Pg-Secret-9 psql -h pg.corp.lan -U reporting metrics", "pg.corp.lan", "reporting",
                "Pg-Secret-9", "postgresql://pg.corp.lan"
            ),
            ("redis-cli -h cache.lan -a 'R3dis Pass'", "cache.lan", nil, "R3dis Pass", "redis://cache.lan"),
            (
                "wget --user=ana --password=W-get-77 https://files.example.org/a.zip", "files.example.org", "ana",
                "W-get-77",
                "https://files.example.org/a.zip"
            ),
            (
                "net use Z: \\\\nas01\\share Sh4re-Pw /user:HOME\\ana", "nas01", "HOME\\ana", "Sh4re-Pw",
                "smb://nas01/share"
            ),
            ("xfreerdp /u:admin /p:Rdp-Pass-1 /v:10.1.2.3", "10.1.2.3", "admin", "Rdp-Pass-1", "rdp://10.1.2.3"),
            ("$ smbclient //fs1/docs -U ana%Smb-Pw-5", "fs1", "ana", "Smb-Pw-5", "smb://fs1/docs"),
        ] as [(String, String, String?, String, String)])
    func aCommandIsALogin(_ line: String, _ title: String, _ user: String?, _ password: String, _ url: String) throws {
        let items = Self.items(line)
        #expect(items.count == 1, "\(line)")
        let item = try #require(items.first)
        #expect(item.title.contains(title), "\(line): \(item.title)")
        #expect(item.username == user && item.password == password, "\(line)")
        #expect(item.urls.contains(url), "\(line): \(item.urls)")
        // The command is kept, its password never in sight.
        let visible = ([item.title, item.notes ?? ""] + item.customFields.filter { !$0.concealed }.map(\.value))
        #expect(!visible.contains { $0.contains(password) }, "\(line)")
        let kept = ([item.notes ?? ""] + item.customFields.map(\.value)).joined(separator: "\n")
        #expect(kept.contains(String(line.split(separator: " ").first { !$0.hasPrefix("$") && !$0.contains("=") }!)))
    }

    /// A title above, or a remark beside, reads as before.
    @Test func aCommandUnderATitleOrBesideARemark() {
        let items = Self.items(
            """
            staging db: psql -h db-stg.internal.example -U app_rw   (pw: Stg_Db#8812)
            prod cache
            redis-cli -h redis-prod.lan -a Rd!s-Pr0d-77
            """)
        #expect(items.count == 2)
        #expect(items.first?.title == "staging db" && items.first?.username == "app_rw")
        #expect(items.first?.password == "Stg_Db#8812" && items.first?.urls == ["postgresql://db-stg.internal.example"])
        #expect(items.last?.title == "prod cache" && items.last?.password == "Rd!s-Pr0d-77")
    }

    /// Commands that sign in with nothing are kept out of sight, never read as records.
    @Test func commandsWithoutALoginAreNoRecords() {
        let items = Self.items(
            """
            cd ~/projects/inventory
            git pull --rebase
            ls -la
            mysql -h db1.lan -u app -pApp-Pass-3 shop
            """)
        #expect(items.count == 1)
        #expect(items.first?.password == "App-Pass-3")
        #expect(!items.contains { $0.password == "~/projects/inventory" })
        // Counter-inputs: a program's name as a service's title, with labels, is no command.
        let titled = Self.items(
            """
            Docker Hub: user kvasquez pw Hub-Pass-1
            mysql root pw = root123
            git: ana / Git-Pass-2
            """)
        #expect(titled.map(\.password) == ["Hub-Pass-1", "root123", "Git-Pass-2"])
        // `mysql -p` alone asks for the password: the next word is the database.
        let asks = Self.items("mysql -h db.lan -u app -p shop")
        #expect(asks.first?.password == nil && asks.first?.username == "app")
    }

    @Test func shellWordsAreSplitAsAShellSplitsThem() {
        let words = ShellWords(#"a 'b c' "d \"e\"" f\ g \\nas\x  (h)"#).words
        #expect(words.map(\.text) == ["a", "b c", #"d "e""#, "f g", #"\\nas\x"#, "(h)"])
        #expect(words.map(\.closesSegment) == [false, false, false, false, false, true])
    }

    /// What a cold review found: each input keeps its password out of sight and its words.
    @Test func reviewedEdgesOfTheCommandReader() {
        // The echoed word before `--password-stdin` is the password, never a title.
        let piped = Self.items("echo Gh-Token-9 | docker login -u ana --password-stdin ghcr.io")
        #expect(piped.first?.password == "Gh-Token-9" && piped.first?.title == "ghcr.io")
        // A title before an arrow is a title, not a shell prompt.
        #expect(Self.items("Billing -> psql -h db.corp.lan -U app").first?.title == "Billing")
        // `\$` in an unquoted word is a dollar sign.
        #expect(Self.items(#"sshpass -p Pa\$\$w0rd ssh u@h.lan"#).first?.password == "Pa$$w0rd")
        // Words the program does not read (`sunshine` after psql's options) stay concealed.
        let item = Self.items("psql -h db.corp.lan -U report sunshine").first
        let visible =
            [item?.title ?? "", item?.notes ?? ""] + (item?.customFields.filter { !$0.concealed }.map(\.value) ?? [])
        #expect(!visible.contains { $0.contains("sunshine") })
        #expect(item?.customFields.contains { $0.concealed && $0.value.contains("sunshine") } == true)
    }
}
