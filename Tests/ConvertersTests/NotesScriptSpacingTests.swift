import Foundation
import Testing
import VaultModel

@testable import Converters

/// Lines written without spaces (Chinese, Japanese, Thai; Korean glued to Latin) are spaced
/// where a value or a label meets the script, never inside a name or a value.
@Suite struct NotesScriptSpacingTests {
    @Test func valuesAndLabelsGluedToTheScriptAreSpaced() {
        #expect(NotesScriptSpacing.spaced("淘宝账号lihua_1982密码Alipay_Li82") == "淘宝 账号 lihua_1982 密码 Alipay_Li82")
        #expect(
            NotesScriptSpacing.spaced("楽天ID:tanaka_y1980パスワード:Rakuten2020") == "楽天 ID:tanaka_y1980 パスワード:Rakuten2020")
        #expect(NotesScriptSpacing.spaced("LINE：メアドx@y.jp、パスワードはLine2018yoko").hasSuffix("パスワード: Line2018yoko"))
        #expect(NotesScriptSpacing.spaced("배민 아이디minji_eats비번baemin2020") == "배민 아이디 minji_eats 비번 baemin2020")
    }

    /// Counter-inputs: names of letters, counts, and lines in other scripts stay as written.
    @Test func namesCountsAndOtherScriptsStayAsWritten() {
        for line in [
            "会社のVPN", "SMBCダイレクト", "更新 2023年10月", "B站", "Netflix: ana@x.org / pw", "Пароль: x1", "我爱你1314",
            "사랑해2020!", "さくら2020", "https://ja.wikipedia.org/wiki/東京",
        ] {
            #expect(NotesScriptSpacing.spaced(line) == line, "\(line)")
        }
    }

    @Test func aLineWithoutSpacesIsReadAsItsLogins() {
        let items = NotesImporterTests.items("京东账号jd_wanglei密码Jd2020wanglei\n12306用户名wanglei_0823密码Train12306!\n")
            .filter { $0.password != nil }
        #expect(items.map(\.username) == ["jd_wanglei", "wanglei_0823"])
        #expect(items.map(\.password) == ["Jd2020wanglei", "Train12306!"])
        #expect(items.first?.title == "京东")
        // A katakana word ending in a label's letters is one word; a bank key's `U` is no label.
        #expect(NotesScriptSpacing.spaced("キャンパスID:s1234567") == "キャンパス ID:s1234567")
        #expect(NotesScriptSpacing.spaced("工行U盾密码Gh123456").hasPrefix("工行U盾"))
    }
}
