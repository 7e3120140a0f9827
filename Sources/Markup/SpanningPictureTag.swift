import Text

/// Where `float` puts a picture: beside the text in its column, or across columns at a page's edge.
enum PicturePlacement {
    case side(PictureFloat.Side)
    case edge(SpanningPicture.Edge)

    static let choices: KeyValuePairs<String, PicturePlacement> = [
        "left": .side(.left), "right": .side(.right), "top": .edge(.top), "bottom": .edge(.bottom),
    ]
}

extension ParseState {
    /// `span="all"` (nil) or `span="N"`: a whole number of columns from 1 to the open section's
    /// columns (outside a section the page's columns are not known here: the paginator takes
    /// at most as many as there are). `.failure` after an error.
    func spannedColumns(_ attribute: TagAttribute) -> Result<Int?, SpanError> {
        if attribute.trimmedValue.lowercased() == "all" { return .success(nil) }
        let most = builder.section?.columns ?? Int(Self.maximumSectionColumns)
        guard let value = values.number(attribute, in: 1 ... Double(most)) else { return .failure(SpanError()) }
        guard value == value.rounded() else {
            values.error("span must be all or a whole number of columns, not \"\(attribute.value.clipped)\"", at: attribute)
            return .failure(SpanError())
        }
        return .success(Int(value))
    }

    struct SpanError: Error {}
}
