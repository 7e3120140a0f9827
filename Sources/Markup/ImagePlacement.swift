import Diagnostics
import Foundation
import Images
import Text

/// Where pictures are looked up, and the folder they must stay inside: a document from
/// elsewhere must not be able to embed any file the reader can read (`../../home/…`).
struct ImageLocator {
    /// Folder that relative `src` paths start from.
    let baseDirectory: String
    /// The allowed folder with symbolic links resolved.
    let root: String
    /// The pictures opened, each once: they are checked, and later read, by descriptor.
    let files: PictureFiles

    init(baseDirectory: String, root: String?, files: PictureFiles) {
        self.baseDirectory = baseDirectory
        self.files = files
        let allowed = root ?? baseDirectory
        self.root = Self.realPath(allowed) ?? URL(fileURLWithPath: allowed).standardizedFileURL.path
    }

    private init(baseDirectory: String, resolvedRoot: String, files: PictureFiles) {
        self.baseDirectory = baseDirectory
        root = resolvedRoot
        self.files = files
    }

    /// The same places, the pictures opened into `files`.
    func opening(into files: PictureFiles) -> ImageLocator {
        ImageLocator(baseDirectory: baseDirectory, resolvedRoot: root, files: files)
    }

    /// Whether the picture at `path` passes `pictureFile`'s checks again and is the very file a
    /// parse before opened there, unchanged (`fingerprint`): what that parse read of it holds.
    func opensAgain(_ path: String, as fingerprint: InputFile.Fingerprint) -> Bool {
        guard FileManager.default.fileExists(atPath: path), allows(path), let file = try? files.file(at: path) else { return false }
        return file.fingerprint == fingerprint && allows(file)
    }

    func path(for source: String) -> String {
        NamedFileLookUp.path(for: source, in: baseDirectory)
    }

    /// The file `source` names, as `NamedFileLookUp` finds it; nil when none is there, the
    /// path looked for noted, so that `typeset watch` waits for it to come.
    func existingPath(for source: String) -> String? {
        let path = path(for: source)
        guard let found = NamedFileLookUp.existingPath(path) else {
            files.noteMissing(path)
            return nil
        }
        return found
    }

    /// The message for a `src` value naming no file: where it was looked for, and the file of
    /// that folder it likely means (`cofee.jpg`, `Coffee.jpg`, `coffee.png` for `coffee.jpg`).
    func notFound(_ kind: String, _ source: String) -> String {
        let path = path(for: source)
        // A name that is there but cannot be followed (a loop of links, a file before a `/`) is
        // no misspelling: the system's reason says what is wrong with it.
        switch NamedFileLookUp.problem(path) {
        case ELOOP?: return "\(kind) \"\(source.clipped)\" is a loop of symbolic links (\(path) leads back to itself)"
        case ENOTDIR?: return "\(kind) \"\(source.clipped)\": Not a directory (\(NamedFileLookUp.fileOnTheWay(to: path)) is a file; "
            + "a name ending in / names a folder)"
        case let code?: return "\(kind) \"\(source.clipped)\" cannot be looked up: \(String(cString: strerror(code))) (looked for \(path))"
        case nil: break
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PathFolder.of(path))) ?? []
        let written = PathFolder.of(source)   // not NSString's: it traps on a one-character name (PathFolder)
        let likely = Suggestion.closest(to: (path as NSString).lastPathComponent, among: names)
            .map { " (did you mean '\(written.isEmpty ? $0 : (written as NSString).appendingPathComponent($0))'?)" } ?? ""
        return "\(kind) \"\(source.clipped)\" not found (looked for \(path))\(likely)"
    }

    /// Whether the file at `path` (which exists), links followed, lies inside the root.
    func allows(_ path: String) -> Bool {
        Self.realPath(path).map(isInsideRoot) ?? false
    }

    /// Whether the open `file` lies inside the root, as the system names its descriptor: a
    /// name pointed elsewhere after it was looked at does not move the file opened.
    func allows(_ file: InputFile) -> Bool {
        file.resolvedPath.map(isInsideRoot) ?? false
    }

    private func isInsideRoot(_ resolved: String) -> Bool {
        resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension ParseState {
    /// `<img src="…" width="…" height="…">`: one U+FFFC character whose run delegate reserves
    /// the picture's size, sitting on the baseline. A missing dimension keeps the picture's
    /// proportions; both missing, a JPEG's or PNG's pixel is 1 point and an SVG or PDF has its
    /// own size (`page` picks a PDF's page). The header is read here (an SVG or PDF parsed) so
    /// that a missing, foreign, truncated or oversized file is reported at the tag. With
    /// `float="left|right"` (and `margin`) the character takes no room in its line: the
    /// framesetter places the picture against that side of the column and wraps text round it;
    /// `wrap="contour"` wraps round its opaque pixels instead (traced before layout). With
    /// `float="top|bottom"` (and `span`) the paginator sets it across columns at a page's edge.
    /// `bleed="true"` lets a floated picture run off the page where it meets the page's edge.
    /// `crop` keeps part of the picture, which is then the picture as far as its size goes;
    /// `focus` is the point kept in view where it is cut further to cover its place.
    mutating func insertImage(_ tag: Tag) {
        if openBox?.kind == .figure { references.pictureMet() }
        var width: Double?
        var height: Double?
        var widthAttribute: TagAttribute?
        var heightAttribute: TagAttribute?
        var source: TagAttribute?
        var side: PictureFloat.Side?
        var edge: SpanningPicture.Edge?
        var span: TagAttribute?
        var spanned: Int?
        var margin: TagAttribute?
        var wrap: TagAttribute?
        var wrapShape = PictureFloat.Wrap.rectangle
        var alternativeText: String?
        var bleed: TagAttribute?
        var bleeds = false
        var pageAttribute: TagAttribute?
        var page: Int?
        var fit: PictureFit?
        var cropAttribute: TagAttribute?
        var focus = PictureFocus.centre
        var valid = true
        for attribute in tag.attributes {
            switch attribute.key {
            case "src": source = attribute
            case "width":
                widthAttribute = attribute
                width = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true)
                valid = valid && width != nil
            case "height":
                heightAttribute = attribute
                height = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true)
                valid = valid && height != nil
            case "float":
                switch values.choice(attribute, PicturePlacement.choices) {
                case .side(let value): side = value
                case .edge(let value): edge = value
                case nil: valid = false
                }
            case "span":
                span = attribute
                switch spannedColumns(attribute) {
                case .success(let columns): spanned = columns
                case .failure: valid = false
                }
            case "margin":
                margin = attribute
                valid = valid && values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) != nil
            case "wrap":
                wrap = attribute
                let shape = values.choice(attribute, ["rect": PictureFloat.Wrap.rectangle, "contour": .contour])
                wrapShape = shape ?? .rectangle
                valid = valid && shape != nil
            case "alt":
                alternativeText = AlternativeText.read(attribute)
            case "fit":
                fit = values.choice(attribute, ["fill": PictureFit.fill, "contain": .contain, "cover": .cover])
                valid = valid && fit != nil
            case "crop":
                cropAttribute = attribute
            case "focus":
                let value = values.focus(attribute)
                focus = value ?? .centre
                valid = valid && value != nil
            case "page":
                pageAttribute = attribute
                page = values.wholeNumber(attribute, in: 1 ... Double(Int32.max))
                valid = valid && page != nil
            case "bleed":
                bleed = attribute
                let value = values.boolean(attribute)
                bleeds = value ?? false
                valid = valid && value != nil
            default:
                warnUnknown(attribute, of: tag, known: ["src", "width", "height", "float", "margin", "span", "wrap", "bleed", "alt", "page", "fit", "crop", "focus"])
            }
        }
        guard let source, !source.trimmedValue.isEmpty else {
            return diagnostics.error("<img> needs a src attribute naming a JPEG, PNG, SVG or PDF file", at: tag.offset)
        }
        guard let (path, file) = pictureFile(source) else { return }
        let info: PictureInfo
        do {
            info = try PictureInfo.probe(file, page: page)
        } catch {
            // A page the PDF does not have is the page value's mistake.
            let mistaken = if case VectorFileError.pageOutOfRange = error { pageAttribute ?? source } else { source }
            return values.error("image \"\(source.value.clipped)\": \(error)", at: mistaken)
        }
        // A crop is read against the picture's own size, in its own units.
        let crop: PictureCrop? = if let cropAttribute { values.crop(cropAttribute, of: info) } else { PictureCrop.none }
        guard valid, let crop else { return }
        warnAboutSource(of: info, source: source, page: pageAttribute)
        if alternativeText == nil, builder.box?.alternativeText == nil {
            reportUndescribedPicture(source, tag: tag)
        }
        // What the crop keeps is the picture as far as its size and proportions go.
        let natural = crop.kept(of: info.naturalSize)
        let aspect = natural.width / natural.height
        let finalWidth = width ?? height.map { $0 * aspect } ?? natural.width
        let finalHeight = height ?? width.map { $0 / aspect } ?? natural.height
        // A size not given follows from the other and the picture's proportions, or from its
        // own: it too must be printable, and not so small that Cairo cannot scale to it.
        let derived = [("width", finalWidth, width == nil ? heightAttribute : nil),
                       ("height", finalHeight, height == nil ? widthAttribute : nil)]
        for (name, size, given) in derived where !(ValueReader.smallestPositive ... ParagraphStyleChange.maximumLength).contains(size) {
            let pixels = info.sizeDescription
            guard let given else {
                let ownSize = if case .raster = info { "at 1 pixel a point" } else { "at its own size" }
                return values.error("image \"\(source.value.clipped)\" (\(pixels)) would be \(ValueReader.format(size)) pt in \(name) "
                                    + "\(ownSize); give its width or height", at: source)
            }
            return values.error("with \(given.name.clipped) \"\(given.value.clipped)\" the picture (\(pixels)) would be \(ValueReader.format(size)) pt in \(name) "
                                + "(\(ValueReader.format(ValueReader.smallestPositive)) to \(ValueReader.format(ParagraphStyleChange.maximumLength)) pt); give its \(name) too",
                                at: given)
        }
        // Given other proportions than its own and no `fit`, a picture is fitted whole inside
        // its place, with a warning: never squashed unasked. One that bleeds covers its place.
        let bleedsOutOfLine = bleeds && (side != nil || edge != nil) && openBox == nil
        let proportions = PictureProportions(given: finalWidth / finalHeight, own: aspect)
        if width != nil, height != nil, fit == nil, !bleedsOutOfLine, let contained = proportions.warning {
            diagnostics.warning("picture \"\(source.value.clipped)\" (\(info.sizeDescription)) \(contained)", at: tag.offset)
        }
        let chosenFit = fit ?? (proportions.differ ? .contain : .fill)
        if let box = openBox, side != nil || edge != nil, let float = tag.attribute("float") {
            // The box is what floats: its pictures are set in its lines, with its caption.
            diagnostics.warning("a picture in \(box.kind.tagWithArticle) is set in the box's lines; float ignored (give float to the <\(box.kind.rawValue)>)",
                                at: float.nameOffset)
            side = nil
            edge = nil
        }
        if let span, edge == nil {
            diagnostics.warning("span has no effect without float=\"top\" or float=\"bottom\"", at: span.nameOffset)
        }
        if let margin, side == nil {
            diagnostics.warning("margin has no effect without float=\"left\" or float=\"right\"", at: margin.nameOffset)
        }
        if let wrap, side == nil {
            diagnostics.warning("wrap has no effect without float=\"left\" or float=\"right\"", at: wrap.nameOffset)
        }
        if let bleed, bleeds, side == nil, edge == nil {
            // Only a picture out of its line can reach the page's edge; one in a box bleeds with it.
            let remedy = openBox.map { "give bleed to the <\($0.kind.rawValue)>" } ?? "give float"
            diagnostics.warning("bleed has no effect on a picture in its line; \(remedy)", at: bleed.nameOffset)
        }
        let float = side.map {
            PictureFloat(side: $0, width: finalWidth, height: finalHeight,
                         margin: margin.flatMap { values.points($0, in: 0 ... ParagraphStyleChange.maximumLength) } ?? PictureFloat.defaultMargin,
                         wrap: wrapShape, bleeds: bleeds)
        }
        // Later messages about the file (it may fail to decode) point at its name.
        pictureNames.append(source.valueOffset)
        let attachment = ImageAttachment(path: path, number: pictureNames.count, float: float,
                                         spanning: edge.map { SpanningPicture(edge: $0, columns: spanned, aspect: finalWidth / finalHeight,
                                                                                               bleeds: bleeds) },
                                         alternativeText: alternativeText, page: page, fit: chosenFit,
                                         crop: crop, focus: focus, writtenName: source.value)
        // A floated picture's character takes no room in the line: the float carries its size.
        let delegate = float == nil && edge == nil ? RunDelegate(ascent: finalHeight, descent: 0, width: finalWidth) : RunDelegate(ascent: 0, width: 0)
        builder.appendAttachment(attachment, delegate: delegate, madeAt: tag.offset)
    }

    /// The file `source` names, beside the file being read and inside the pictures' folder; nil
    /// after an error at the value. An `<img>` in the text and one on a master page alike.
    func pictureFile(_ source: TagAttribute) -> (path: String, file: InputFile)? {
        guard let path = images.existingPath(for: source.value) else {
            values.error(images.notFound("image", source.value), at: source)
            return nil
        }
        // The name is looked at before anything outside the root is opened, and the file opened
        // is looked at again: its name may have been pointed elsewhere in between.
        let outside = "image \"\(source.value.clipped)\" is outside the folder \(images.root); pictures must be inside it (use --root FOLDER to allow another folder)"
        guard images.allows(path) else {
            values.error(outside, at: source)
            return nil
        }
        do {
            let file = try images.files.file(at: path)
            guard images.allows(file) else {
                values.error(outside, at: source)
                return nil
            }
            return (path, file)
        } catch {
            values.error("image \"\(source.value.clipped)\": \(error)", at: source)
            return nil
        }
    }

    /// Warnings about what the file holds: an SVG's references to files and URLs, which are
    /// not loaded; a `page` given to a picture that is not a PDF.
    private func warnAboutSource(of info: PictureInfo, source: TagAttribute, page: TagAttribute?) {
        if case .vector(let vector) = info, let first = vector.externalReferences.first {
            let others = vector.externalReferences.count - 1
            let more = others > 0 ? " and \(others) other\(others == 1 ? "" : "s")" : ""
            diagnostics.warning("image \"\(source.value.clipped)\": the SVG refers to \"\(first.clipped)\"\(more) outside itself, "
                                + "which is not loaded (files and URLs are never fetched; put pictures and styles inside the SVG)",
                                at: source.valueOffset)
        }
        let isPDF = if case .vector(let vector) = info { vector.kind == .pdf } else { false }
        if let page, !isPDF {
            diagnostics.warning("page has no effect on a picture that is not a PDF", at: page.nameOffset)
        }
    }
}
