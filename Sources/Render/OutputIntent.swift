import Foundation

/// The printing condition a PDF/X file is made for: its output intent, whose ICC profile says
/// what the file's CMYK values look like on that press and paper.
///
/// By default the profile is Ghostscript's CMYK profile for SWOP-like coated offset (Debian's
/// `libgs-common`, see docs/pipeline.md): the only CMYK characterisation a Debian package
/// ships as an ICC profile. A print shop's own profile (FOGRA39, say) is given with
/// `--output-intent`. Either way the condition is written as a custom one, named by the
/// profile, which the file then carries whole.
public struct OutputIntent: Sendable {
    /// Where Debian's `libgs-common` installs the default CMYK profile.
    public static let defaultProfilePath = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    /// The profile's file.
    public var profilePath: String

    public init(profilePath: String = OutputIntent.defaultProfilePath) {
        self.profilePath = profilePath
    }

    /// The profile, read and checked to be a CMYK output profile.
    func profile() throws -> ICCProfile {
        let profile: ICCProfile
        do {
            profile = try ICCProfile(contentsOf: profilePath)
        } catch let problem as ICCProfile.Problem {
            let hint = profilePath == Self.defaultProfilePath ? " (Debian's libgs-common installs it)" : ""
            throw FinishingError(problem.description + hint)
        }
        guard profile.colourSpace == "CMYK" else {
            throw FinishingError("the output intent's profile \(profilePath) is for \(profile.colourSpace.trimmingCharacters(in: .whitespaces)) colour; a PDF/X-4 print profile must be CMYK")
        }
        return profile
    }

    /// Checks the profile without a PDF, for the command line to refuse a bad one early.
    public func check() throws {
        _ = try profile()
    }

    /// The catalog's `/OutputIntents`: one GTS_PDFX intent, its profile embedded in `writer`.
    func outputIntents(writer: PDFStreamingWriter) throws -> PDFValue {
        let profile = try profile()
        let name = profile.name.flatMap { $0.isEmpty ? nil : $0 } ?? URL(fileURLWithPath: profilePath).lastPathComponent
        let stream = writer.reserve()
        try writer.addStream(stream, dictionary: PDFDictionary([("/N", .integer(4)), ("/Alternate", .name("/DeviceCMYK"))]), bytes: [UInt8](profile.data))
        func text(_ string: String) -> PDFValue {
            var text = PDFObjectText()
            text.textString(string)
            return .string(text.bytes)
        }
        // Not a condition of the ICC's registry, whose names promise a characterisation this
        // profile may only approach: a custom one, named, with its profile.
        let intent = PDFDictionary([
            ("/Type", .name("/OutputIntent")), ("/S", .name("/GTS_PDFX")), ("/OutputConditionIdentifier", text("Custom")),
            ("/OutputCondition", text(name)), ("/Info", text(name)), ("/RegistryName", text("http://www.color.org")),
            ("/DestOutputProfile", .reference(stream)),
        ])
        return .array([.dictionary(intent)])
    }
}
