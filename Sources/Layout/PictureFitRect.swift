import Text

extension PictureFit {
    /// Where a picture of `own` size is drawn to fit `place` this way, in the place's units,
    /// centred (`PictureFraming` moves it toward its focus and crops it).
    public func drawnRect(own: (width: Double, height: Double), in place: Rect) -> Rect {
        let across = place.width / own.width, down = place.height / own.height
        let (scaleX, scaleY) = switch self {
        case .fill: (across, down)
        case .contain: (Swift.min(across, down), Swift.min(across, down))
        case .cover: (Swift.max(across, down), Swift.max(across, down))
        }
        let width = own.width * scaleX, height = own.height * scaleY
        return Rect(x: place.minX + (place.width - width) / 2, y: place.minY + (place.height - height) / 2,
                    width: width, height: height)
    }
}
