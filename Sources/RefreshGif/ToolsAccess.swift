// What the command line's tools (the live preview) read of a scene beyond the adopter's API:
// plain values behind `@_spi(Tools)`, so the types they come from stay the package's own.

@_spi(Tools) extension SceneField {
    /// The files the setting takes (its declared file types, as the panel's catalog gives
    /// them), nil when it names none.
    public var files: SettingsCatalog.Files? { accepts.map(SettingsCatalog.Files.init) }

    /// A description of the first control of the standard libraries that has this setting:
    /// its library, kind and style, and nothing else; nil when no control has it.
    public var firstControl: SceneDescription? {
        let classes = SceneSchema.standard.families.flatMap(\.classes)
        guard let control = classes.first(where: applies(to:)) else { return nil }
        var given = SceneDescription()
        given[.library] = .text(control.library)
        given[.kind] = .text(control.kind.rawValue)
        given[.style] = .text(control.style.rawValue)
        return given
    }
}

@_spi(Tools) extension LayerProperty {
    /// A value of this property naming `path` (a font's file as `15 PATH`), by the rule every
    /// declaration shares; nil for a property that names no file.
    /// - Parameter path: a file's path.
    /// - Returns: the value.
    public func value(naming path: String) -> SceneValue? { valueNaming(path) }
}

@_spi(Tools) extension RefreshScene {
    /// How long the scroll view's inset takes to open and to close, in µs.
    public var insetMicroseconds: (open: Int64, close: Int64) { (family.motion.insetIn, family.motion.insetOut) }

    /// The pixels the scene's images, its layers' images and its arrow image hold (an upper
    /// bound: frames drawn lazily count as drawn).
    public var imagePixels: Int {
        let sequences = Array(images.sequences.values) + Array(layerImages.values)
        let arrow = arrowImage.map { $0.pixelWidth * $0.pixelHeight } ?? 0
        return sequences.reduce(arrow) { total, sequence in
            sequence.frames.reduce(total) { $0 + $1.pixelWidth * $1.pixelHeight }
        }
    }
}

@_spi(Tools) extension Gesture {
    /// The offset at which a control of `kind` rests while refreshing (its inset open), in points.
    /// - Parameter kind: the control's kind.
    /// - Returns: the offset.
    public func restingOffset(for kind: ComponentKind) -> Double { geometry.restingOffset(for: kind) }
}

@_spi(Tools) extension RefreshAnimation {
    /// The size in points of the first frame's scroll view (nil without one) and its scale.
    public var firstView: (width: Double, height: Double, scale: Int)? {
        guard let first = planned.first else { return nil }
        let geometry = first.window?.geometry
        return (max(geometry?.viewWidth ?? 0, first.scene.width), geometry?.viewHeight ?? 0, first.scene.scale)
    }
}

@_spi(Tools) extension AppExport {
    /// Whether the export writes a setup function (a stock class configured).
    public var hasSetup: Bool { setup != nil }
    /// Whether the export writes a subclass (the control's own layers).
    public var isSubclassed: Bool { subclass != nil }
}

@_spi(Tools) extension FrameReport {
    /// What the control adds to the scroll view's insets, in points (top, bottom and right
    /// together), nil when the frame is no gesture's.
    public var insetAdded: Double? { insets.map { $0.top + $0.bottom + $0.right } }
}

@_spi(Tools) extension RefreshLibrary {
    /// Whether the library has a state of this name (its own names included).
    /// - Parameter name: the state's name.
    /// - Returns: true when the library's family knows the name.
    public func hasState(named name: String) -> Bool { family.state(named: name) != nil }
}

@_spi(Tools) extension SceneField {

    /// The section of the panel and the docs the setting is listed in (`control`, `images`, …, `limits`).
    public var groupName: String { group.rawValue }

    /// Whether the setting takes a value per state (`idle=…,pulling=…`).
    public var isByState: Bool {
        if case .byState = valueKind { return true }
        return false
    }

    /// Whether the setting is a flag (`--hidden`: given without a value).
    public var isFlag: Bool { valueKind == .flag }

    /// Whether the setting is one of the limits (memory, time, pixels) rather than the control's.
    public var isLimit: Bool { group == .limits }

    /// Whether a value of the setting may name a file, whole (`namesFile`) or in part (a label's
    /// font file).
    public var mayNameFile: Bool { fileForm != nil }

    /// The paths a value of the setting names (empty when it names none).
    /// - Parameter value: a value of the setting.
    /// - Returns: the paths, as the value holds them.
    public func paths(namedBy value: SceneValue) -> [String] { fileForm?.paths(in: value) ?? [] }

    /// Whether the class `scene` draws has this setting.
    /// - Parameter scene: the scene.
    /// - Returns: true when the setting applies to the scene's library, kind and style.
    public func applies(toClassOf scene: RefreshScene) -> Bool { applies(to: scene.controlClass) }
}

/// What the tools check of a file before they keep it.
@_spi(Tools) public enum ToolsFiles {
    /// A PNG's or GIF's size and frame count read from its headers alone, nil for any other file.
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the size in pixels, the frame count and whether it is a GIF.
    public static func pictureHeader(_ bytes: [UInt8]) -> (width: Int, height: Int, frames: Int, isGIF: Bool)? {
        guard let header = try? ImageInspection.inspect(bytes) else { return nil }
        return (header.width, header.height, header.frameCount, header.format == .gif)
    }

    /// Loads a state's images as a render would (the file, the folder of frames or the Lottie
    /// animation at `path`) within `limits`, and drops them: the check that they can be drawn.
    /// - Parameters:
    ///   - path: the images' path.
    ///   - limits: the decoders' limits.
    /// - Throws: what loading throws (``ImageCodecError``, ``RefreshGifError``).
    public static func checkStateImages(at path: String, limits: DecodeLimits) throws {
        _ = try ImageLoader(defaultScale: 1, limits: limits).load(path)
    }

    /// A PNG decoded as the renderer reads one (premultiplied RGBA).
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the image.
    /// - Throws: ``ImageCodecError`` when the bytes are not a PNG the decoder reads.
    public static func decodePNG(_ bytes: [UInt8]) throws -> RGBAImage { try PNGDecoder().decode(bytes) }
}
