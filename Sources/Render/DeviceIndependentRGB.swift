import CQPDF
import Foundation

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
enum DeviceIndependentRGB {
    static let profilePath = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// Labels every RGB colour of the open PDF as sRGB.
    static func apply(to pdf: qpdf_data) throws {
        let profile: ICCProfile
        do {
            profile = try ICCProfile(contentsOf: profilePath)
        } catch let problem as ICCProfile.Problem {
            throw FinishingError(problem.description + " (Debian's libgs-common installs it)")
        }
        guard profile.colourSpace == "RGB " else { throw FinishingError("\(profilePath) is not an RGB profile") }
        // Counted before the profile is added: only the draft's objects need looking at.
        let count = QPDFObjects.objectCount(in: pdf)
        let stream = QPDFObjects.newStream(profile.data, entries: [("/N", "3"), ("/Alternate", "/DeviceRGB")], in: pdf)
        let streamID = qpdf_oh_get_object_id(pdf, stream)
        for number in 1 ..< max(1, count) {
            let object = qpdf_get_object_by_id(pdf, Int32(number), 0)
            let dictionary = qpdf_oh_is_stream(pdf, object) != QPDF_FALSE ? qpdf_oh_get_dict(pdf, object) : object
            if qpdf_oh_is_dictionary(pdf, dictionary) != QPDF_FALSE {
                label(dictionary, profile: streamID, in: pdf, depth: 0)
            }
            // A book has tens of thousands of objects: their handles are not kept.
            qpdf_oh_release_all(pdf)
        }
    }

    /// Direct values nested deeper than this are not looked into (Cairo nests two or three).
    private static let deepestNesting = 8

    /// Labels `dictionary` and the direct dictionaries and arrays inside it; an indirect value
    /// is an object of its own, labelled when its turn comes.
    private static func label(_ dictionary: qpdf_oh, profile: Int32, in pdf: qpdf_data, depth: Int) {
        if qpdf_oh_has_key(pdf, dictionary, "/Resources") != QPDF_FALSE {
            let resources = qpdf_oh_get_key(pdf, dictionary, "/Resources")
            if qpdf_oh_is_dictionary(pdf, resources) != QPDF_FALSE {
                let spaces = QPDFObjects.subdictionary("/ColorSpace", of: resources, in: pdf)
                qpdf_oh_replace_key(pdf, spaces, "/DefaultRGB", iccBased(profile, in: pdf))
            }
        }
        for key in ["/ColorSpace", "/CS"] where isDeviceRGB(qpdf_oh_get_key(pdf, dictionary, key), in: pdf) {
            // `/CS` is a transparency group's blending space; `/ColorSpace` a picture's or a shading's.
            guard key == "/ColorSpace" || qpdf_oh_is_name_and_equals(pdf, qpdf_oh_get_key(pdf, dictionary, "/S"), "/Transparency") != QPDF_FALSE else { continue }
            qpdf_oh_replace_key(pdf, dictionary, key, iccBased(profile, in: pdf))
        }
        guard depth < deepestNesting else { return }
        for key in QPDFObjects.keys(of: dictionary, in: pdf) {
            visit(qpdf_oh_get_key(pdf, dictionary, key), profile: profile, in: pdf, depth: depth + 1)
        }
    }

    private static func visit(_ value: qpdf_oh, profile: Int32, in pdf: qpdf_data, depth: Int) {
        guard qpdf_oh_is_indirect(pdf, value) == QPDF_FALSE else { return }
        if qpdf_oh_is_dictionary(pdf, value) != QPDF_FALSE {
            label(value, profile: profile, in: pdf, depth: depth)
        } else if qpdf_oh_is_array(pdf, value) != QPDF_FALSE, depth < deepestNesting {
            for index in 0 ..< qpdf_oh_get_array_n_items(pdf, value) {
                visit(qpdf_oh_get_array_item(pdf, value, index), profile: profile, in: pdf, depth: depth + 1)
            }
        }
    }

    private static func isDeviceRGB(_ value: qpdf_oh, in pdf: qpdf_data) -> Bool {
        qpdf_oh_is_name_and_equals(pdf, value, "/DeviceRGB") != QPDF_FALSE
    }

    /// `[/ICCBased profile]`, a new direct array each time it is written.
    private static func iccBased(_ profile: Int32, in pdf: qpdf_data) -> qpdf_oh {
        QPDFObjects.array([qpdf_oh_new_name(pdf, "/ICCBased"), qpdf_get_object_by_id(pdf, profile, 0)], in: pdf)
    }
}
