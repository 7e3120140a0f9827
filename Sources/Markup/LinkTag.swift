import Text

extension ParseState {
    /// `<a href="…">`: the text up to `</a>` is a link to the address. It changes nothing in
    /// how the text looks. Links do not nest; a bad address is an error at the address, and
    /// the tag still opens, so that its `</a>` closes it.
    mutating func openLink(_ tag: Tag) {
        var href: TagAttribute?
        for attribute in tag.attributes {
            if attribute.key == "href" { href = attribute } else { warnUnknown(attribute, of: tag, known: ["href"]) }
        }
        let outer = openTagOffset(of: .a)
        open(.a, at: tag.offset)
        if let outer {
            let line = diagnostics.source.location(of: outer).line
            return diagnostics.error("a link cannot be inside another link (the <a> of line \(line) is still open); "
                                     + "end that one with </a> first", at: tag.offset)
        }
        guard let href else {
            return diagnostics.error("<a> needs an href attribute with the address, e.g. <a href=\"https://example.com\">", at: tag.offset)
        }
        let address = href.trimmedValue
        if let problem = LinkAddress.problem(with: address) { return values.error(problem, at: href) }
        builder.attributes.link = address
        linkTags.append(tagAt: tag.offset)
    }

    /// A link left open runs to the end of the document or the article: almost surely a
    /// forgotten `</a>`.
    func warnAboutUnclosedLink(at end: FileEnd) {
        guard let offset = openTagOffset(of: .a) else { return }
        diagnostics.warning("<a> is never closed; the link runs to the end of \(end.phrase)", at: offset)
    }
}
