import CFontconfig
import RefreshImage
import RefreshModel
import Synchronization

/// Finds fonts with fontconfig: the primary bold sans (DejaVu Sans Bold) and, per
/// character, a fallback face that has the character (docs/text.md).
///
/// fontconfig's answers do not change while the process runs, so they are cached for the
/// whole process behind a lock and shared by every render context.
public enum FontResolver {
    private static let cache = Mutex<[String: FontLocation?]>([:])

    /// The primary font: a bold sans, DejaVu Sans Bold where installed.
    public static func primary() -> FontLocation? {
        lookup(key: "primary") { pattern in
            FcPatternAddString(pattern, FC_FAMILY, "DejaVu Sans")
            FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_BOLD)
            return nil
        }
    }

    /// A bold sans face that has `scalar`, or nil when no installed font has it.
    public static func fallback(for scalar: Unicode.Scalar) -> FontLocation? {
        lookup(key: "U+\(scalar.value)") { pattern in
            FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
            FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_BOLD)
            let charset = FcCharSetCreate()
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
            return scalar.value
        }
    }

    /// Runs one fontconfig match, configured by `configure` (which returns the character
    /// the match must contain, if any), and caches the answer under `key`.
    private static func lookup(key: String, configure: (OpaquePointer) -> UInt32?) -> FontLocation? {
        if let cached = cache.withLock({ $0[key] }) { return cached }
        var found: FontLocation?
        if FcInit() != 0, let pattern = FcPatternCreate() {
            let required = configure(pattern)
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let match = FcFontMatch(nil, pattern, &result) {
                found = location(of: match, containing: required)
                FcPatternDestroy(match)
            }
            FcPatternDestroy(pattern)
        }
        cache.withLock { $0[key] = .some(found) }
        return found
    }

    private static func location(of match: OpaquePointer, containing required: UInt32?) -> FontLocation? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if let required {
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch,
                  let charset, FcCharSetHasChar(charset, required) != 0 else { return nil }
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return FontLocation(path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: Int(index))
    }
}
