/// The links of a running-head template as it is read (`RunningTemplate(parsing:)`): each
/// `{link href=…}` opens one, which `{/link}` closes in the same part, round the text a reader
/// clicks. Its address is checked as an `<a>`'s is (`LinkAddress`).
struct RunningTemplateLinks {
    /// The link open: where its `{` is, and whether it has text to click yet.
    private var open: (offset: Int, hasText: Bool)?

    /// The piece a placeholder opening or closing a link makes; nil for any other placeholder.
    /// `words` are the placeholder's `name` split at spaces, and `offset` where its `{` is.
    mutating func read(_ words: [Substring], of name: String, at offset: Int) throws(RunningTemplateError) -> RunningTemplate.Piece? {
        switch words.first?.lowercased() {
        case "link":
            guard open == nil else {
                throw RunningTemplateError(message: "a link cannot hold another link: end the one before with {/link} first", offset: offset)
            }
            var address: String?
            for option in words.dropFirst() {
                let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].lowercased() == "href" else {
                    throw RunningTemplateError(message: "a link takes only its address, {link href=https://example.com}, not \"\(option.prefix(20))\"",
                                               offset: offset)
                }
                address = String(parts[1])
            }
            guard let address, !address.isEmpty else {
                throw RunningTemplateError(message: "a link needs its address: {link href=https://example.com}text to click{/link}", offset: offset)
            }
            if let problem = LinkAddress.problem(with: address) {
                // At the address itself: the placeholder's text starts after its `{`.
                let before = name.range(of: "=" + address).map { name[..<$0.upperBound].utf16.count - address.utf16.count } ?? 0
                throw RunningTemplateError(message: problem, offset: offset + 1 + before)
            }
            open = (offset, false)
            return .link(address)
        case "/link":
            guard words.count == 1 else {
                throw RunningTemplateError(message: "{/link} takes nothing: the address goes in the {link href=…} that opens the link", offset: offset)
            }
            guard let link = open else {
                throw RunningTemplateError(message: "{/link} ends no link: open one before it with {link href=https://example.com}", offset: offset)
            }
            guard link.hasText else {
                throw RunningTemplateError(message: "the link has no text to click: write it between {link href=…} and {/link}", offset: link.offset)
            }
            open = nil
            return .linkEnd
        default:
            return nil
        }
    }

    /// Text to click has come: a character other than a space, or a placeholder.
    mutating func noteText() {
        open?.hasText = true
    }

    /// The part ends (at a `|` or the template's end): a link opened in it must be closed.
    mutating func endPart() throws(RunningTemplateError) {
        if let open {
            throw RunningTemplateError(message: "the link is not closed: end it with {/link} before the part ends", offset: open.offset)
        }
    }
}
