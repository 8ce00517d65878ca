import FoundationEssentials

/// The fields of a Lottie file's top-level object that are checked before rlottie sees it,
/// read leniently: a field of the wrong type counts as absent (the checks then name it), and
/// everything else in the file — the layers' contents above all — is left to rlottie.
struct LottieHeader: Decodable {
    /// An image asset: its file name (`p`), folder (`u`) and whether it is embedded (`e` = 1).
    struct Asset: Decodable {
        var p: String?, u: String?, e: Int?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            p = c.lenient(String.self, "p")
            u = c.lenient(String.self, "u")
            e = c.lenient(Int.self, "e") ?? c.lenient(Bool.self, "e").map { $0 ? 1 : 0 }
        }
    }

    /// A marker: its name (`cm`), first frame (`tm`) and length in frames (`dr`).
    struct Marker: Decodable {
        var cm: String?, tm: Double?, dr: Double?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            cm = c.lenient(String.self, "cm")
            tm = c.lenient(Double.self, "tm")
            dr = c.lenient(Double.self, "dr")
        }
    }

    /// Frame rate, in and out points, and size; nil when missing or not numbers.
    var fr: Double?, ip: Double?, op: Double?, w: Double?, h: Double?
    /// Whether `layers` is an array.
    var hasLayers: Bool
    /// The image assets that are objects; other entries are skipped.
    var assets: [Asset]
    /// The markers that are objects; other entries are skipped.
    var markers: [Marker]

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        fr = c.lenient(Double.self, "fr")
        ip = c.lenient(Double.self, "ip")
        op = c.lenient(Double.self, "op")
        w = c.lenient(Double.self, "w")
        h = c.lenient(Double.self, "h")
        hasLayers = (try? c.nestedUnkeyedContainer(forKey: Key("layers"))) != nil
        assets = c.lenientObjects(Asset.self, "assets")
        markers = c.lenientObjects(Marker.self, "markers")
    }

    /// Any key, by name.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// An element of a JSON array that may be of any type: decoded as `T` when it is one, and
/// consumed either way.
private struct MaybeElement<T: Decodable>: Decodable {
    var value: T?

    init(from decoder: Decoder) throws {
        value = try? decoder.singleValueContainer().decode(T.self)
    }
}

extension KeyedDecodingContainer where Key == LottieHeader.Key {
    /// The value at `name` when it is a `T`, else nil.
    fileprivate func lenient<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
        (try? decodeIfPresent(T.self, forKey: Key(name))) ?? nil
    }

    /// The elements of the array at `name` that are `T`s; none when it is not an array.
    fileprivate func lenientObjects<T: Decodable>(_ type: T.Type, _ name: String) -> [T] {
        guard let items = try? decodeIfPresent([MaybeElement<T>].self, forKey: Key(name)) else { return [] }
        return items.compactMap(\.value)
    }
}
