/// A picture placed in the text: one object-replacement character (U+FFFC) carries it,
/// with a `RunDelegate` that reserves its size.
public struct ImageAttachment: Hashable, Sendable {
    /// Absolute path of the image file.
    public var path: String
    /// Its `src` value as the document wrote it: what messages about the file name it by.
    public var writtenName: String?
    /// The page of a PDF shown (`page`, from 1); nil for the first, and for other pictures.
    public var page: Int?
    /// Its place among the document's pictures, from 1 (0: made without markup): what tells
    /// two pictures of one file apart, and what a message about it is located by
    /// (`ElementPlaces`). Where it was written is not part of it, so that an edit that moves
    /// its line leaves it alike, and the pages set from it are taken again (`typeset watch`).
    public var number: Int
    /// Set when the picture floats beside the text instead of sitting in its line.
    public var float: PictureFloat?
    /// Set when the picture spans columns at the top or bottom of a page instead.
    public var spanning: SpanningPicture?
    /// What the picture shows, in words, for a reader who cannot see it (`alt`): the tagged
    /// PDF's `/Alt`. Empty: the picture is decoration, with nothing to say. Nil: not described
    /// (a `<figure>`'s `alt` may describe it; see `BoxStyle.alternativeText`).
    public var alternativeText: String?
    /// How it fills a place of other proportions than its own (`fit`).
    public var fit: PictureFit
    /// What is cut off its sides (`crop`): it is drawn as if the rest were the whole picture.
    public var crop: PictureCrop
    /// The point kept in view where it is cut further to cover its place (`focus`).
    public var focus: PictureFocus

    /// Whether it is set apart from the line its character is in (floated beside the text, or
    /// across the columns): the character is only its anchor, and shows nothing in the line.
    public var isSetApart: Bool { float != nil || spanning != nil }

    /// Whether it asks to run off the page (`bleed="true"` on a floated or spanning picture).
    /// Such a picture is never distorted: it covers its place, proportions kept, and what falls
    /// outside is cut off, whether or not it stands at the page's edge.
    public var bleeds: Bool { spanning?.bleeds ?? float?.bleeds ?? false }

    /// How it is drawn in its place: one that bleeds always covers it.
    public var drawnFit: PictureFit { bleeds ? .cover : fit }

    /// What is loaded to draw it: the file, and the page of a PDF.
    public var source: PictureSource { PictureSource(path: path, page: page) }

    public init(path: String, number: Int = 0, float: PictureFloat? = nil,
                spanning: SpanningPicture? = nil, alternativeText: String? = nil, page: Int? = nil,
                fit: PictureFit = .fill, crop: PictureCrop = .none, focus: PictureFocus = .centre, writtenName: String? = nil) {
        self.path = path
        self.writtenName = writtenName
        self.page = page
        self.fit = fit
        self.crop = crop
        self.focus = focus
        self.number = number
        self.float = float
        self.spanning = spanning
        self.alternativeText = alternativeText
    }

    /// Everything but the written name, which the number already tells apart: the attributes
    /// of every picture are hashed, and a line with thousands of pictures would be hashed
    /// once for each of them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(page)
        hasher.combine(fit)
        hasher.combine(crop)
        hasher.combine(focus)
        hasher.combine(number)
        hasher.combine(float)
        hasher.combine(spanning)
        hasher.combine(alternativeText)
    }
}

/// A picture file and, for a PDF, its page shown: what a picture is loaded, checked and kept
/// by, once for every place it is shown.
public struct PictureSource: Hashable, Sendable {
    public var path: String
    public var page: Int?

    public init(path: String, page: Int? = nil) {
        self.path = path
        self.page = page
    }
}
