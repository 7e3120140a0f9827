import Foundation
import Text

/// How a colour printed with inks looks on a screen, worked out once, where the colour is read:
/// a process mix (`cmyk()`, a process swatch, a spot's CMYK alternate) converted by LittleCMS
/// from the CMYK of the press typeset's PDF/X-4 files are made for by default (Ghostscript's
/// SWOP-like coated profile, `OutputIntent.defaultProfilePath`) to sRGB, relative colorimetric
/// with black-point compensation, as InDesign and Acrobat show CMYK on a screen. PNG pages and
/// the layout JSON show that look; a PDF paints the inks themselves. A grey
/// is shown as its level (`PrintedInk.shownAsRGB`), as DeviceGray is: through the press
/// profile, 100 % black ink alone is a dark grey, (35, 31, 32), and so would every text be.
///
/// LittleCMS is opened with `dlopen` the first time a process colour is read (a document
/// without one loads nothing); without it or the profile the look is the naive conversion,
/// red = (1 − c)(1 − k) (`CMYK.shownAsRGB`).
enum ProcessInkLook {
    /// The colour printed with `ink`, its look worked out through the profile.
    static func color(printed ink: PrintedInk) -> Color {
        var color = Color(printed: ink)
        let mix: CMYK
        switch ink {
        case .gray: return color
        case .cmyk(let inks): mix = inks
        case .spot(let spot, let tint):
            let alternate = spot.alternate
            mix = CMYK(cyan: alternate.cyan * tint, magenta: alternate.magenta * tint, yellow: alternate.yellow * tint, black: alternate.black * tint)
        }
        guard let transform = shared else { return color }
        (color.red, color.green, color.blue) = transform.rgb(of: mix)
        return color
    }

    /// The default output intent's profile (`Render`'s `OutputIntent.defaultProfilePath`).
    static let profilePath = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    /// The conversion, made once a process; nil without LittleCMS or the profile.
    private static let shared = LittleCMSTransform(profilePath: profilePath)
}

/// A LittleCMS transform from a CMYK profile's colours to sRGB, in doubles. Made without
/// LittleCMS's one-colour cache (`cmsFLAGS_NOCACHE`), which would make it unsafe to use from
/// the threads of a batch at once.
private final class LittleCMSTransform: @unchecked Sendable {
    private typealias OpenProfile = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> OpaquePointer?
    private typealias CreateSRGB = @convention(c) () -> OpaquePointer?
    private typealias CreateTransform = @convention(c) (OpaquePointer?, UInt32, OpaquePointer?, UInt32, UInt32, UInt32) -> OpaquePointer?
    private typealias DoTransform = @convention(c) (OpaquePointer?, UnsafeRawPointer, UnsafeMutableRawPointer, UInt32) -> Void
    private typealias CloseProfile = @convention(c) (OpaquePointer?) -> Int32

    private let transform: OpaquePointer
    private let doTransform: DoTransform

    // lcms2.h's formats and constants (LittleCMS 2).
    private static let cmykDoubles: UInt32 = 1 << 22 | 6 << 16 | 4 << 3, rgbDoubles: UInt32 = 1 << 22 | 4 << 16 | 3 << 3
    private static let relativeColorimetric: UInt32 = 1, blackPointCompensation: UInt32 = 0x2000, noCache: UInt32 = 0x40

    init?(profilePath: String) {
        guard let library = dlopen("liblcms2.so.2", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let open = function("cmsOpenProfileFromFile", as: OpenProfile.self),
              let sRGB = function("cmsCreate_sRGBProfile", as: CreateSRGB.self),
              let create = function("cmsCreateTransform", as: CreateTransform.self),
              let close = function("cmsCloseProfile", as: CloseProfile.self),
              let doTransform = function("cmsDoTransform", as: DoTransform.self),
              let press = open(profilePath, "r") else { return nil }
        let screen = sRGB()
        defer { _ = close(press); _ = close(screen) }
        guard let transform = create(press, Self.cmykDoubles, screen, Self.rgbDoubles, Self.relativeColorimetric,
                                     Self.blackPointCompensation | Self.noCache) else { return nil }
        self.transform = transform
        self.doTransform = doTransform
    }

    /// The sRGB look, each channel 0...1, of `inks`.
    func rgb(of inks: CMYK) -> (red: Double, green: Double, blue: Double) {
        // LittleCMS takes CMYK doubles in percent.
        let input = inks.components.map { $0 * 100 }
        var output = [0.0, 0.0, 0.0]
        input.withUnsafeBytes { source in output.withUnsafeMutableBytes { doTransform(transform, source.baseAddress!, $0.baseAddress!, 1) } }
        let clamped = output.map { min(1, max(0, $0)) }
        return (clamped[0], clamped[1], clamped[2])
    }
}
