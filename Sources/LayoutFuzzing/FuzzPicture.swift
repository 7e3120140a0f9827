import Foundation

/// The pictures generated documents show: the zombie fixture's, copied beside each document
/// (`FuzzWorkspace`) so that its `<img src>` names resolve.
public struct FuzzPicture: Sendable {
    public var file: String
    public var pixelWidth: Double
    public var pixelHeight: Double
    /// Whether it has transparency, which `wrap="contour"` follows.
    public var hasAlpha: Bool
    public var alt: String

    /// The pictures in `Fixtures/zombies/`, with their sizes in pixels.
    public static let all = [
        FuzzPicture(file: "coffee.jpg", pixelWidth: 540, pixelHeight: 360, hasAlpha: false, alt: "An espresso in a red cup"),
        FuzzPicture(file: "rocket.jpg", pixelWidth: 600, pixelHeight: 400, hasAlpha: false, alt: "A rocket on its launch pad"),
        FuzzPicture(file: "chelsea.png", pixelWidth: 420, pixelHeight: 280, hasAlpha: true, alt: "A cat looking up"),
        FuzzPicture(file: "astronaut.png", pixelWidth: 400, pixelHeight: 400, hasAlpha: false, alt: "An astronaut in a white suit"),
        FuzzPicture(file: "cameraman.png", pixelWidth: 400, pixelHeight: 400, hasAlpha: false, alt: "A man behind a camera"),
    ]
}
