import FoundationEssentials

/// The fields of a Lottie file's top-level object that are checked before rlottie sees it,
/// read leniently: a field or array entry of the wrong type counts as absent (the checks then
/// name it), and everything else in the file — the layers' contents above all — is left to
/// rlottie. Only the top level must be an object.
struct LottieHeader: Decodable {
    /// An image asset: its file name (`p`), folder (`u`) and whether it is embedded (`e`).
    struct Asset: Decodable {
        var p: Lenient<String>?, u: Lenient<String>?, e: Lenient<EmbeddedFlag>?
    }

    /// A marker: its name (`cm`), first frame (`tm`) and length in frames (`dr`).
    struct Marker: Decodable {
        var cm: Lenient<String>?, tm: Lenient<Double>?, dr: Lenient<Double>?
    }

    /// Frame rate, in and out points, and size.
    var fr: Lenient<Double>?, ip: Lenient<Double>?, op: Lenient<Double>?, w: Lenient<Double>?, h: Lenient<Double>?
    /// The layers, present when an array (their contents are rlottie's to read).
    var layers: Lenient<[Skipped]>?
    /// The image assets and the markers.
    var assets: Lenient<[Lenient<Asset>]>?, markers: Lenient<[Lenient<Marker>]>?
}

/// A JSON value read as `T` when it is one, and as nothing (not an error) when it is not.
struct Lenient<T: Decodable>: Decodable {
    /// The value, when it was a `T`.
    var value: T?

    init(from decoder: Decoder) {
        value = try? decoder.singleValueContainer().decode(T.self)
    }
}

/// Any JSON value, not looked into.
struct Skipped: Decodable {
    init(from decoder: Decoder) {}
}

/// Bodymovin's `e` of an asset: 1 (or `true`) when the image is embedded in the file.
struct EmbeddedFlag: Decodable {
    /// Whether the image is embedded.
    var isSet: Bool

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        isSet = (try? c.decode(Int.self)) == 1 || (try? c.decode(Bool.self)) == true
    }
}
