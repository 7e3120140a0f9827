import Text
import XCTest

/// The running-head template syntax: parts, placeholders, escapes and the errors.
final class RunningTemplateTests: XCTestCase {
    private func parse(_ template: String) throws -> RunningTemplate {
        try RunningTemplate(parsing: template)
    }

    private func failure(_ template: String) -> RunningTemplateError? {
        do throws(RunningTemplateError) {
            _ = try RunningTemplate(parsing: template)
            return nil
        } catch {
            return error
        }
    }

    func testOneTwoAndThreeParts() throws {
        XCTAssertEqual(try parse("{page}"), RunningTemplate(center: [.field(.page)]), "one part is centred")
        XCTAssertEqual(try parse("{title}|{page}"), RunningTemplate(left: [.field(.title)], right: [.field(.page)]))
        XCTAssertEqual(try parse("{title}||{page}"), RunningTemplate(left: [.field(.title)], right: [.field(.page)]))
        XCTAssertEqual(try parse("Zombie Monthly|March|{page} of {pages}"),
                       RunningTemplate(left: [.text("Zombie Monthly")], center: [.text("March")],
                                       right: [.field(.page), .text(" of "), .field(.pages)]))
        let parts = try parse("{title}|Issue 3|{page} of {pages}").expanded(page: 2, pages: 12, title: "Zombie Monthly")
        XCTAssertEqual(parts.left, "Zombie Monthly")
        XCTAssertEqual(parts.center, "Issue 3")
        XCTAssertEqual(parts.right, "2 of 12")
        XCTAssertTrue(try parse("").isEmpty)
        XCTAssertTrue(try parse("||").isEmpty)
    }

    func testPlaceholdersIgnoreCaseAndEscapesPrintTheCharacter() throws {
        XCTAssertEqual(try parse("{PAGE} {Pages}"), RunningTemplate(center: [.field(.page), .text(" "), .field(.pages)]))
        XCTAssertEqual(try parse(#"Zombie Monthly \| March \{1\} \\ C:\dir"#),
                       RunningTemplate(center: [.text(#"Zombie Monthly | March {1} \ C:\dir"#)]))
        XCTAssertTrue(try parse("{title}").uses(.title))
        XCTAssertFalse(try parse("{title}").uses(.pages))
        XCTAssertTrue(try parse("|{pages}").uses(.pages))
    }

    func testUnknownPlaceholderIsLocatedWithASuggestion() throws {
        let error = try XCTUnwrap(failure("Page {pgae} of {pages}"))
        XCTAssertEqual(error.offset, 5, "at the brace")
        XCTAssertTrue(error.message.contains("unknown placeholder {pgae}"), error.message)
        XCTAssertTrue(error.message.contains("did you mean {page}?"), error.message)
        XCTAssertTrue(error.message.contains("{page}, {pages}, {title}, {author} and {section}"), error.message)
        XCTAssertTrue(try XCTUnwrap(failure("{titel}")).message.contains("did you mean {title}?"))
        XCTAssertFalse(try XCTUnwrap(failure("{chapter}")).message.contains("did you mean"))
        XCTAssertTrue(try XCTUnwrap(failure("{}")).message.contains("unknown placeholder {}"))
    }

    func testUnterminatedPlaceholderAndTooManyParts() throws {
        let open = try XCTUnwrap(failure("é {page"))
        XCTAssertEqual(open.offset, 2)
        XCTAssertTrue(open.message.contains("unterminated placeholder"), open.message)
        let bars = try XCTUnwrap(failure("a|b|c|d"))
        XCTAssertEqual(bars.offset, 5, "at the third bar")
        XCTAssertTrue(bars.message.contains("at most three parts"), bars.message)
        XCTAssertNil(failure(#"a|b|c\|d"#), "an escaped bar is text")
    }

    func testALinkHoldsTheTextAndPlaceholdersBetweenItsTags() throws {
        let template = try parse("{title}|{link href=https://zombie.example/subscribe}Subscribe, {page}{/link} now")
        XCTAssertEqual(template.right, [.link("https://zombie.example/subscribe"), .text("Subscribe, "), .field(.page), .linkEnd, .text(" now")])
        let runs = template.runs(page: 4, pages: nil, title: "Zombies").right
        XCTAssertEqual(runs.map(\.text), ["Subscribe, ", "4", " now"])
        XCTAssertEqual(runs.map(\.link), ["https://zombie.example/subscribe", "https://zombie.example/subscribe", nil])
        XCTAssertEqual(template.linkAddresses, ["https://zombie.example/subscribe"])
    }

    /// Each mistake a designer can make in a link is an error at its place: the address at
    /// the address, the rest at the brace of the placeholder at fault (or of the link's opening).
    func testALinksMistakesAreLocated() throws {
        let cases: [(template: String, offset: Int, message: String)] = [
            ("ab{link}x{/link}", 2, "a link needs its address"),
            ("{link href=}x{/link}", 0, "a link needs its address"),
            ("{link href=www.zombie.example}x{/link}", 11, "is not a complete address"),
            ("{link href=javascript:alert(1)}x{/link}", 11, "not javascript:"),
            ("{link url=https://a.example}x{/link}", 0, "a link takes only its address"),
            ("x {/link}", 2, "{/link} ends no link"),
            ("{link href=https://a.example}a{link href=https://b.example}b{/link}", 30, "a link cannot hold another link"),
            ("{title}|{link href=https://a.example}a|b{/link}", 8, "the link is not closed"),
            ("{link href=https://a.example}a", 0, "the link is not closed"),
            ("{link href=https://a.example} {/link}", 0, "the link has no text to click"),
        ]
        for (template, offset, message) in cases {
            let error = try XCTUnwrap(failure(template), template)
            XCTAssertEqual(error.offset, offset, "\(template): \(error.message)")
            XCTAssertTrue(error.message.contains(message), "\(template): \(error.message)")
        }
    }
}
