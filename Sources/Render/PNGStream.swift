import CCairo

/// Writes a Cairo image surface as PNG into an atomic file's temporary, with the system's
/// reason when the write fails (Cairo's own file writer says only "error while writing to
/// output stream"). The caller commits the file.
enum PNGStream {
    static func write(_ surface: OpaquePointer, into file: AtomicFile) throws {
        let sink = try file.open()
        let status = cairo_surface_write_to_png_stream(surface, FileSink.cairoWrite, sink.cairoClosure)
        do {
            try sink.close()
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cannotWrite(path: file.destination, reason: String(cString: cairo_status_to_string(status)))
            }
        } catch let error as SystemError {
            file.discard()
            throw RenderError.cannotWrite(path: file.destination, reason: "\(error)")
        } catch {
            file.discard()
            throw error
        }
    }
}
