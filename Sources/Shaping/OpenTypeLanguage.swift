import CHarfBuzz

/// Whether HarfBuzz knows a language: maps its BCP 47 tag to an OpenType language system,
/// whose rules a face may hold (Serbian's, Turkish's `i`, …). A tag it cannot map is shaped
/// by its script's default rules.
public enum OpenTypeLanguage {
    public static func isKnown(_ tag: String) -> Bool {
        var tags = [hb_tag_t](repeating: 0, count: 4)
        var count = UInt32(tags.count)
        let language = tag.withCString { hb_language_from_string($0, -1) }
        hb_ot_tags_from_script_and_language(HB_SCRIPT_UNKNOWN, language, nil, nil, &count, &tags)
        return count > 0
    }
}
