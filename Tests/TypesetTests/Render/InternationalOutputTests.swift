import Diagnostics
import TypesetKit
import XCTest

/// International text through the whole pipeline: what a reader gets back from the PDF with
/// pdftotext, and the warning for characters no installed font has.
final class InternationalOutputTests: XCTestCase {
    private func typeset(_ markup: String) throws -> (pdf: String, report: TypesetReport) {
        let (report, path) = try typesetToPDF(markup)
        return (path, report)
    }

    /// pdftotext's text with white space and the directional marks it adds around
    /// right-to-left lines (U+202A–U+202E) taken out: what is left must be the document's
    /// characters in reading order.
    private func extractedCharacters(_ pdf: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw XCTSkip("pdftotext is not installed") }
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]))
        return Self.withoutSpacesOrMarks(text)
    }

    private static func withoutSpacesOrMarks(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !$0.properties.isWhitespace && !(0x202A ... 0x202E).contains($0.value) && !(0x2066 ... 0x2069).contains($0.value)
                && $0.value != 0x200E && $0.value != 0x200F
        }))
    }

    private static let chinese = """
    在一个寒冷的冬夜，城市的街道上空无一人。路灯昏黄的光芒洒在湿漉漉的石板路上，远处传来一阵低沉的呻吟声。\
    人们早已躲进家中，紧锁门窗，祈祷黎明早些到来。据说，这种“行尸”最初出现在北方的小镇，后来沿着铁路一路南下。
    """
    // Numbers, brackets and punctuation inside the Hebrew. (Not a number right beside a bracket,
    // "(מהדורה 3)": pdftotext's own reordering moves the bracket; see docs/international.md.)
    private static let hebrew = "שלום לכל הקוראים! המדריך לשרידות (מהדורה שלישית) מסביר בפרק 3 מתוך 12 איך לבנות מחסה, איך לאגור מזון ואיך לשמור על קור רוח כשהמתים מתעוררים."
    private static let arabic = "مرحبا بكم في مجلة الزومبي! في هذا العدد نشرح كيف تبني ملجأ آمنا، وكيف تخزن الطعام لمدة 72 ساعة، وكيف تبقى هادئا عندما يحل الظلام."

    func testChineseComesBackInOrder() throws {
        let (pdf, report) = try typeset(Self.chinese)
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(try extractedCharacters(pdf), Self.withoutSpacesOrMarks(Self.chinese))
    }

    func testHebrewComesBackInLogicalOrder() throws {
        let (pdf, _) = try typeset(Self.hebrew + "\n" + Self.hebrew)
        XCTAssertEqual(try extractedCharacters(pdf), Self.withoutSpacesOrMarks(Self.hebrew + Self.hebrew))
    }

    func testArabicComesBackInLogicalOrderLigaturesIncluded() throws {
        // "لا" (lam-alef) is one glyph standing for two letters.
        let text = Self.arabic + " لا إلا"
        let (pdf, _) = try typeset(text)
        XCTAssertEqual(try extractedCharacters(pdf), Self.withoutSpacesOrMarks(text))
    }

    func testVowelMarksComeBackOnTheirLetters() throws {
        // Each mark after its letter (poppler also puts a space between pointed letters: see
        // docs/international.md; white space is not compared here).
        let text = "<p dir=\"rtl\">مَرْحَبًا بِكُمْ\n<p dir=\"rtl\">שָׁלוֹם עֲלֵיכֶם"
        let (pdf, _) = try typeset(text)
        XCTAssertEqual(try extractedCharacters(pdf), Self.withoutSpacesOrMarks("مَرْحَبًا بِكُمْ שָׁלוֹם עֲלֵיכֶם"))
    }

    func testEveryScriptIsSetInAFaceThatHasIt() throws {
        let (pdf, report) = try typeset("你好 こんにちは 안녕하세요 مرحبا שלום नमस्ते 😀 and English.")
        // (The emoji is a colour bitmap, not an outline font: InternationalLayoutTests checks its face.)
        XCTAssertEqual(report.diagnostics, [], "every character has a face")
        let fonts = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdffonts", [pdf]))
        for family in ["NotoSerifCJKsc", "NotoSerifCJKjp", "NotoSerifCJKkr", "NotoNaskhArabic", "NotoSerifDevanagari",
                       "TeXGyrePagella"] {
            XCTAssertTrue(fonts.contains(family), "\(family) in\n\(fonts)")
        }
    }

    func testACharacterNoFontHasIsALocatedWarning() throws {
        let (pdf, report) = try typeset("Line one.\nA private \u{E000} sign, and another \u{E000}.")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf), "a warning does not stop the output")
        let warning = try XCTUnwrap(report.diagnostics.first)
        XCTAssertEqual(report.diagnostics.count, 1, "one warning per character, however often it occurs")
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 2)
        XCTAssertEqual(warning.location?.column, 11)
        XCTAssertTrue(warning.message.contains("U+E000"), warning.message)
        XCTAssertTrue(warning.message.contains("2 times"), warning.message)
    }
}
