/// Prose of ordinary English words for the justification tests, long enough for many lines at
/// 160 pt.
enum JustificationText {
    static let prose = """
        The keepers of the light climbed the iron stair each evening before the fog came in from the \
        sea, carrying oil, wicks, a kettle and whatever news the supply boat had brought that week. \
        Nobody on the mainland remembered when the lamp had last gone dark, and the three volunteers \
        meant to keep it that way through the whole of the winter, whatever the weather or the tides \
        decided to do. They logged the wind every hour, cleaned the great lens with soft cloths and \
        vinegar, and argued in good humour about whose turn it was to cook the lentils. On calm nights \
        the beam reached twenty miles across the water; on rough ones it barely cleared the rocks below \
        the tower, and the keepers listened for ships' horns until the grey morning came.
        """
}
