/// The one loop that reads a file's tokens into the text: the document's, and each file it
/// includes (`IncludeTag`), with the same handling of declaration lines and master pages.
extension ParseState {
    /// `afterDeclaration`: the scanner starts on a line after a declaration (the rest of a story
    /// after its `<jump>`), whose end makes no empty paragraph. True when it stopped at a
    /// story's `<jump>`, before the file's end.
    @discardableResult
    mutating func read(_ scanner: inout MarkupScanner, afterDeclaration: Bool = false) -> Bool {
        var lines = DeclarationLines()
        if afterDeclaration { lines.declaration() }
        var noCheckpoints: ParseCheckpoints?
        return read(&scanner, lines: lines, checkpoints: &noCheckpoints)
    }

    /// The same with the declaration lines as they stand, taking `checkpoints` as paragraphs
    /// start when there are (the document's own file, read from its start or a checkpoint).
    @discardableResult
    mutating func read(_ scanner: inout MarkupScanner, lines: DeclarationLines, checkpoints: inout ParseCheckpoints?) -> Bool {
        var lines = lines
        // One buffer for every text token: the builder copies what it keeps.
        var text = SourcedText()
        while !diagnostics.isFull, let token = scanner.next(text: &text) {
            // A master's furniture is its own, not the text's (see MasterTags).
            if openMaster != nil {
                if case .tag(let tag) = token, tag.isClosing, tag.name == "master" { lines.declaration() }
                readMasterContent(token, text: text)
                continue
            }
            switch token {
            case .text:
                appendText(lines.text(text))
                // Asked before the state is handed over: handing it over copies it.
                if checkpoints?.isDue(at: scanner.position) == true, scanner.isAtLineStart,
                   let checkpoint = checkpoint(at: scanner.position, lines: lines) {
                    checkpoints!.take(checkpoint)
                }
            case .tag(let tag):
                if DeclarationLines.isDeclaration(tag) { lines.declaration() } else { appendText(lines.otherTag()) }
                handle(tag)
                // A story's jump: the rest of its file is read at its resume (StoryJumps).
                if jumps.isStopping {
                    jumps.stop(scanner)
                    appendText(lines.finish())
                    return true
                }
            case .comment:
                lines.declaration()
            }
        }
        appendText(lines.finish())
        return false
    }
}
