import Foundation

/// A temporary folder holding a generated document's pictures, removed when it is let go.
public final class FuzzWorkspace {
    public let directory: URL

    /// A new folder with the pictures of `pictureFolder` (the repository's
    /// `Fixtures/zombies`) copied into it.
    public init(pictureFolder: URL) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("layout-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for picture in FuzzPicture.all {
            try FileManager.default.copyItem(at: pictureFolder.appendingPathComponent(picture.file),
                                             to: directory.appendingPathComponent(picture.file))
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}
