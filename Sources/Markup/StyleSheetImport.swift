import Diagnostics
import Foundation
import Images

extension ParseState {
    /// `<import src="house.tss">`: a style sheet's declarations, as if written where the tag
    /// is. Before the text, since they concern all of it (one after the text is an error, and
    /// is read all the same). The path is beside the importing
    /// file and inside the pictures' folder (`--root`).
    mutating func importSheet(_ tag: Tag) {
        guard let source = fileSource(of: tag, example: "<import src=\"house.tss\">") else { return }
        if fileHasText {
            // The sheet is still read, so that the styles it defines are known to the text after
            // the tag: one error here, not one more at each use of them.
            let textLine = builder.sourceMap.sourceOffset(ofTextOffset: fileTextStart).map { diagnostics.source.location(of: $0).line }
            diagnostics.error("<import> must come before the text: the declarations it brings concern all of it; move it above "
                              + (textLine.map { "line \($0), where the text begins" } ?? "the text"), at: tag.offset)
        }
        guard let path = namedFilePath(source, kind: "style sheet") else { return }
        let name = Self.namedFileName(source.trimmedValue, namedIn: diagnostics.source.fileName(at: tag.offset))
        let values = values
        importSheet(at: path, name: name, root: images.root, at: tag.offset) { values.error($0, at: source) }
    }

    /// Reads the style sheet at `path` into the declarations in force, once. What the sheet holds is
    /// reported in the sheet; `problem` reports what stops it being read (a cycle, an unreadable
    /// file) where it is imported, at `offset` in this file.
    mutating func importSheet(at path: String, name: String, root: String, at offset: Int, problem: (String) -> Void) {
        let realPath = ImageLocator.realPath(path) ?? path
        if let found = chainProblem(realPath: realPath, name: name, verb: "import") { return problem(found) }
        // A sheet two others build on (a diamond) is read once: its declarations are in force
        // already, and reading it again would only replace them with themselves, with warnings.
        guard !importedSheets.contains(where: { (ImageLocator.realPath($0) ?? $0) == realPath }) else { return }
        let sheetSource: MarkupSource
        do {
            sheetSource = try MarkupSource(fileName: name, bytes: InputFile(path: path).readAll(limit: StyleSheet.maximumSize))
        } catch let invalid as Diagnostic {
            return diagnostics.include([invalid], at: offset)   // not UTF-8: located in the sheet
        } catch {
            // Gone since the command line was checked (`--style`), or unreadable: looked for all the same.
            images.files.noteMissing(path)
            return problem("style sheet \(name): \(error)")
        }
        var sheet = ParseState(source: sheetSource, defaults: defaults,
                               images: ImageLocator(baseDirectory: PathFolder.of(realPath), root: root, files: images.files),
                               diagnostics: MarkupDiagnostics(source: sheetSource))
        sheet.isStyleSheet = true
        sheet.importChain = importChain + [ImportingFile(realPath: realPath, name: name)]
        sheet.importedSheets = importedSheets + [path]
        sheet.sheetDeclarations = sheetDeclarations
        let bodyBefore = namedStyles["body"]
        let rulesBefore = rules.count
        sheet.readDeclarations()

        sheetDeclarations = sheet.sheetDeclarations
        importedSheets = sheet.importedSheets
        for read in importedSheets where !sheetsRead.contains(read) { sheetsRead.append(read) }
        diagnostics.include(sheet.diagnostics.finished(), at: offset)
        for face in sheet.builder.fontRequests.dropFirst() { builder.noteFace(face) }
        // The sheet's rules apply to this file's text: where they are written is in the sheet,
        // and the faces they choose are asked for here.
        for index in rulesBefore ..< rules.count { rules[index].moveOrigin(to: offset, in: sheetSource) }
        // After the text (an error at the `<import>`) the body's new look is not applied, and
        // not warned about again.
        if namedStyles["body"] != bodyBefore, !fileHasText { restyleBaseText(at: offset) }
        applyMetaLanguage()
    }

    /// A style sheet's tokens: declarations are handled as in a document; anything else, text
    /// or tag, is an error.
    mutating func readDeclarations() {
        var scanner = MarkupScanner(source: diagnostics.source, diagnostics: diagnostics)
        var text = SourcedText()
        while !diagnostics.isFull, let token = scanner.next(text: &text) {
            if openMaster != nil {
                readMasterContent(token, text: text)
                continue
            }
            switch token {
            case .text:
                guard let printing = text.units.firstIndex(where: { ![0x20, 0x09, 0x0A].contains($0) }),
                      let origin = text.origins.origin(of: printing) else { continue }
                diagnostics.error("a style sheet holds only declarations (\(StyleSheet.declarationTagList)), not text", at: origin.sourceOffset)
            case .tag(let tag):
                guard StyleSheet.declarationTags.contains(tag.name) else {
                    diagnostics.error("<\(tag.isClosing ? "/" : "")\(tag.name.clipped)> is not a declaration: a style sheet holds only "
                                      + StyleSheet.declarationTagList, at: tag.offset)
                    continue
                }
                handle(tag)
            case .comment:
                break
            }
        }
        if diagnostics.isFull { diagnostics.stop(at: min(scanner.position, max(0, diagnostics.source.units.count - 1))) } else { finishMaster() }
    }
}
