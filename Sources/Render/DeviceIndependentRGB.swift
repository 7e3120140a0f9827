/// Makes the RGB colour Cairo writes (`/DeviceRGB`, for text, rules, boxes and RGB pictures)
/// device-independent by saying it is sRGB, without changing a single colour value: PDF/X-4
/// accepts any colour that says what it means, and the press's RIP converts it to the output
/// intent's CMYK. Converting here instead would fix the conversion before the print shop has
/// chosen its paper.
///
/// Every resource dictionary (pages, forms, patterns, Type 3 fonts) gets a `/DefaultRGB`
/// colour space, an ICCBased sRGB profile, which PDF readers substitute for DeviceRGB on what
/// the content draws; pictures, shadings and transparency groups that name DeviceRGB
/// themselves are given the profile directly. The profile is Ghostscript's sRGB
/// (Debian's `libgs-common`, with the CMYK one).
struct DeviceIndependentRGB {
    static let profilePath = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// `[/ICCBased profile]`.
    private let iccBased: PDFValue

    /// Writes the profile into `writer`; `label` then labels the draft's objects with it.
    init(writer: PDFStreamingWriter) throws {
        let profile: ICCProfile
        do {
            profile = try ICCProfile(contentsOf: Self.profilePath)
        } catch let problem as ICCProfile.Problem {
            throw FinishingError(problem.description + " (Debian's libgs-common installs it)")
        }
        guard profile.colourSpace == "RGB " else { throw FinishingError("\(Self.profilePath) is not an RGB profile") }
        let number = writer.reserve()
        try writer.addStream(number, dictionary: PDFDictionary([("/N", .integer(3)), ("/Alternate", .name("/DeviceRGB"))]), bytes: [UInt8](profile.data))
        iccBased = .array([.name("/ICCBased"), .reference(number)])
    }

    /// Direct values nested deeper than this are not looked into (Cairo nests two or three).
    private static let deepestNesting = 8

    /// `value`, an object of the draft (a stream's dictionary for a stream), with every RGB
    /// colour it says labelled; an indirect value is an object of its own, labelled when its
    /// turn comes. `isResources`: the object is a resource dictionary some dictionary names.
    func label(_ value: PDFValue, isResources: Bool) -> PDFValue {
        guard isResources, case .dictionary(let resources) = value else { return visit(value, depth: 0) }
        return visit(.dictionary(PDFDictionary([("/Resources", .dictionary(resources))])), depth: 0).dictionary?["/Resources"] ?? value
    }

    /// The objects the draft's dictionaries name as their `/Resources`.
    static func resourceObjects(in reader: PDFDraftReader) throws -> Set<Int> {
        var numbers = Set<Int>()
        for number in reader.numbersInFileOrder {
            if let resources = try reader.object(number)?.value.dictionary?["/Resources"]?.referencedNumber { numbers.insert(resources) }
        }
        return numbers
    }

    private func visit(_ value: PDFValue, depth: Int) -> PDFValue {
        switch value {
        case .dictionary(let dictionary): return .dictionary(label(dictionary, depth: depth))
        case .array(let items) where depth < Self.deepestNesting: return .array(items.map { visit($0, depth: depth + 1) })
        default: return value
        }
    }

    private func label(_ dictionary: PDFDictionary, depth: Int) -> PDFDictionary {
        var dictionary = dictionary
        if case .dictionary(var resources)? = dictionary["/Resources"] {
            var spaces = resources["/ColorSpace"]?.dictionary ?? PDFDictionary()
            spaces["/DefaultRGB"] = iccBased
            resources["/ColorSpace"] = .dictionary(spaces)
            dictionary["/Resources"] = .dictionary(resources)
        }
        for key in ["/ColorSpace", "/CS"] where dictionary[key]?.name == "/DeviceRGB" {
            // `/CS` is a transparency group's blending space; `/ColorSpace` a picture's or a shading's.
            guard key == "/ColorSpace" || dictionary["/S"]?.name == "/Transparency" else { continue }
            dictionary[key] = iccBased
        }
        guard depth < Self.deepestNesting else { return dictionary }
        var labelled = PDFDictionary()
        for entry in dictionary.entries { labelled[entry.key] = visit(entry.value, depth: depth + 1) }
        return labelled
    }
}
