import CFontconfig
import RefreshImage
import RefreshLocking
import RefreshModel

/// Finds fonts with fontconfig: the primary bold sans and, per character, a fallback face
/// that has the character. The default faces were chosen by measurement against a device
/// capture (docs/fonts.md): Inter SemiBold for Latin, Cyrillic and Greek; Noto Sans CJK
/// Medium for Chinese (SC), Korean (KR) and Japanese kana (JP). Where those are not
/// installed, DejaVu Sans Bold and fontconfig's own choice (WenQuanYi Micro Hei) stand in.
///
/// fontconfig's answers do not change while the process runs, so they are cached for the
/// whole process behind a lock and shared by every render context.
package enum FontResolver {
    private static let cache = Locked<[String: FontLocation?]>([:])

    /// The primary font: Inter SemiBold, else DejaVu Sans Bold, else fontconfig's bold sans.
    /// - Returns: the face, or nil when fontconfig finds none.
    public static func primary() -> FontLocation? {
        lookup(key: "primary") {
            for (family, weight) in [("Inter", FC_WEIGHT_DEMIBOLD), ("DejaVu Sans", FC_WEIGHT_BOLD)] {
                if let found = match(family: family, weight: weight, character: nil, requireFamily: true) { return found }
            }
            return match(family: "sans-serif", weight: FC_WEIGHT_BOLD, character: nil, requireFamily: false)
        }
    }

    /// The regular-weight face of the system font at its normal weight (SVPullToRefresh's
    /// subtitle, ZJRefresh's labels): Inter Regular, else DejaVu Sans, else fontconfig's sans.
    /// - Returns: the face, or nil when fontconfig finds none.
    public static func regular() -> FontLocation? {
        lookup(key: "regular") {
            for family in ["Inter", "DejaVu Sans"] {
                if let found = match(family: family, weight: FC_WEIGHT_REGULAR, character: nil, requireFamily: true) { return found }
            }
            return match(family: "sans-serif", weight: FC_WEIGHT_REGULAR, character: nil, requireFamily: false)
        }
    }

    /// The face of an installed family at the bold or regular weight, as `UIFont(name:size:)`
    /// finds a font by name: only a face whose family is `family` (any of its names, case
    /// ignored) counts.
    /// - Parameters:
    ///   - family: the family's name, as `fc-list : family` lists it.
    ///   - bold: the bold weight; false for the regular one.
    /// - Returns: the face, or nil when no installed face has that family.
    public static func face(family: String, bold: Bool) -> FontLocation? {
        lookup(key: "family \(bold ? "bold" : "regular") \(family.lowercased())") {
            match(family: family, weight: bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR, character: nil, requireFamily: true)
        }
    }

    /// The installed face fontconfig would draw for `family` when none has that name: what to
    /// use instead of a phone's own font (Georgia → DejaVu Serif on Debian).
    /// - Parameters:
    ///   - family: the family asked for.
    ///   - bold: the bold weight; false for the regular one.
    /// - Returns: the nearest face, or nil when no font is installed.
    public static func nearest(family: String, bold: Bool) -> FontLocation? {
        lookup(key: "nearest \(bold ? "bold" : "regular") \(family.lowercased())") {
            match(family: family, weight: bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR, character: nil, requireFamily: false)
        }
    }

    /// The colour emoji face that has `scalar` (fontconfig's `emoji` family: Noto Color Emoji
    /// on Debian); nil when none is installed or it lacks the character.
    /// - Parameter scalar: the character to draw as an emoji.
    /// - Returns: the face, or nil.
    public static func emoji(for scalar: Unicode.Scalar) -> FontLocation? {
        lookup(key: "emoji U+\(scalar.value)") {
            match(family: "emoji", weight: FC_WEIGHT_REGULAR, character: scalar.value, requireFamily: false)
        }
    }

    /// A regular-weight face that has `scalar`: Noto Sans CJK Regular for CJK and Hangul
    /// where installed, else fontconfig's sans that has it.
    /// - Parameter scalar: the character to draw.
    /// - Returns: the face, or nil when no installed font has it.
    public static func regularFallback(for scalar: Unicode.Scalar) -> FontLocation? {
        fallback(for: scalar, key: "regular U+\(scalar.value)", cjkWeight: FC_WEIGHT_REGULAR, sansWeight: FC_WEIGHT_REGULAR)
    }

    /// A face that has `scalar`: Noto Sans CJK Medium for CJK and Hangul where installed,
    /// else fontconfig's bold sans that has it; nil when no installed font has it.
    /// - Parameter scalar: the character to draw.
    /// - Returns: the face, or nil.
    public static func fallback(for scalar: Unicode.Scalar) -> FontLocation? {
        fallback(for: scalar, key: "U+\(scalar.value)", cjkWeight: FC_WEIGHT_MEDIUM, sansWeight: FC_WEIGHT_BOLD)
    }

    /// The Noto Sans CJK face at `cjkWeight` for CJK and Hangul, else fontconfig's sans at
    /// `sansWeight` that has `scalar`; cached under `key`.
    private static func fallback(for scalar: Unicode.Scalar, key: String, cjkWeight: Int32, sansWeight: Int32) -> FontLocation? {
        lookup(key: key) {
            if let family = preferredCJKFamily(for: scalar),
                let found = match(family: family, weight: cjkWeight, character: scalar.value, requireFamily: true)
            {
                return found
            }
            return match(family: "sans-serif", weight: sansWeight, character: scalar.value, requireFamily: false)
        }
    }

    /// The default faces as the renderer picks them, for the font fingerprint: the primary
    /// face, the Chinese face (for 正) and the Korean face (for 로).
    /// - Returns: each role with its face (nil where none is installed).
    public static func defaultFaces() -> [(role: String, location: FontLocation?)] {
        [("primary", primary()), ("chinese", fallback(for: "正")), ("korean", fallback(for: "로"))]
    }

    /// The Noto Sans CJK family for a character's script, if it is CJK.
    static func preferredCJKFamily(for scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: return "Noto Sans CJK KR"
        case 0x3040...0x30FF, 0x31F0...0x31FF: return "Noto Sans CJK JP"
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
            0x20000...0x2FA1F:
            return "Noto Sans CJK SC"
        default: return nil
        }
    }

    /// The installed face whose PostScript name is `name` (as `UIFont(name:size:)` finds a
    /// font the phone has); nil when none is.
    /// - Parameter name: a PostScript name, e.g. `DejaVuSerif-Bold`.
    /// - Returns: its file.
    public static func installed(postScriptName name: String) -> FontLocation? {
        lookup(key: "postscript " + name) {
            guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(objects)
            }
            FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, name)
            FcObjectSetAdd(objects, FC_FILE)
            FcObjectSetAdd(objects, FC_INDEX)
            guard let list = FcFontList(nil, pattern, objects) else { return nil }
            defer { FcFontSetDestroy(list) }
            guard list.pointee.nfont > 0, let first = list.pointee.fonts?[0] else { return nil }
            return location(of: first, containing: nil)
        }
    }

    /// Caches the answer of `find` under `key`.
    private static func lookup(key: String, find: () -> FontLocation?) -> FontLocation? {
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let found = FcInit() != 0 ? find() : nil
        cache.withLock { $0[key] = .some(found) }
        return found
    }

    /// One fontconfig match for `family` at `weight`; with `requireFamily`, only a face of
    /// that family counts; with `character`, only a face that has it.
    private static func match(family: String, weight: Int32, character: UInt32?, requireFamily: Bool) -> FontLocation? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        if let character {
            let charset = FcCharSetCreate()
            FcCharSetAddChar(charset, character)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        if requireFamily {
            // A face lists its family under several names (`Inter`, `Inter Semi Bold`).
            var names: [String] = []
            var name: UnsafeMutablePointer<FcChar8>?
            while names.count < 16, FcPatternGetString(found, FC_FAMILY, Int32(names.count), &name) == FcResultMatch, let name {
                names.append(String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)).lowercased())
            }
            guard names.contains(family.lowercased()) else { return nil }
        }
        return location(of: found, containing: character)
    }

    private static func location(of match: OpaquePointer, containing required: UInt32?) -> FontLocation? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if let required {
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch,
                let charset, FcCharSetHasChar(charset, required) != 0
            else { return nil }
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return FontLocation(path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: Int(index))
    }
}
