import Foundation

/// Lottie documents made for tests, one feature at a time: the shapes, precompositions,
/// repeaters, dashes and image assets whose cost the Lottie check bounds.
public enum LottieMaker {
    /// A document of `layers` and `assets` (JSON texts); the numbers are JSON texts too, so a
    /// test can write `1e-300`.
    public static func document(
        frameRate: String = "30", inPoint: String = "0", outPoint: String = "30", width: Int = 100,
        height: Int = 100, layers: [String] = [shapeLayer([rectangle()])], assets: [String] = []
    ) -> String {
        #"{"v": "5.5.2", "fr": \#(frameRate), "ip": \#(inPoint), "op": \#(outPoint), "w": \#(width), "h": \#(height), "#
            + #""assets": [\#(assets.joined(separator: ", "))], "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    /// A valid document of about `megabytes` MB that is mostly numbers under a key the check
    /// and rlottie do not read (`"unused"` in a shape layer): what once made the checker hold
    /// a tree of every number.
    public static func unusedNumbers(megabytes: Int) -> String {
        let count = megabytes * 1_000_000 / 2
        let numbers = [String](repeating: "0", count: count).joined(separator: ",")
        let layer = #"{"ty": 4, "ip": 0, "op": 30, "st": 0, "ks": \#(transform), "unused": [\#(numbers)], "shapes": [\#(rectangle())]}"#
        return document(layers: [layer])
    }

    /// A document whose one shape is a closed path of `vertices` points (about 25 bytes each).
    public static func longPath(vertices: Int) -> String {
        let points = (0..<vertices).map { i -> String in
            let angle = Double(i) / Double(vertices) * 2 * .pi
            return "[\(Int(50 + 40 * cos(angle))),\(Int(50 + 40 * sin(angle)))]"
        }
        let zeros = [String](repeating: "[0,0]", count: vertices).joined(separator: ",")
        let path =
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [\#(points.joined(separator: ","))], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        return document(layers: [shapeLayer([#"{"ty": "gr", "it": [\#(path), \#(fill), \#(groupTransform)]}"#])])
    }

    /// A shape layer holding `shapes`.
    public static func shapeLayer(_ shapes: [String]) -> String {
        #"{"ty": 4, "ip": 0, "op": 30, "st": 0, "ks": \#(transform), "shapes": [\#(shapes.joined(separator: ", "))]}"#
    }

    /// A layer showing the precomposition `id`.
    public static func precompLayer(_ id: String) -> String {
        #"{"ty": 0, "refId": "\#(id)", "ip": 0, "op": 30, "st": 0, "w": 100, "h": 100, "ks": \#(transform)}"#
    }

    /// A layer showing the image asset `id`.
    public static func imageLayer(_ id: String) -> String {
        #"{"ty": 2, "refId": "\#(id)", "ip": 0, "op": 30, "st": 0, "ks": \#(transform)}"#
    }

    /// A precomposition asset.
    public static func precomp(_ id: String, layers: [String]) -> String {
        #"{"id": "\#(id)", "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    /// An image asset read from `folder` + `name` beside the file.
    public static func imageAsset(_ id: String, folder: String = "", name: String) -> String {
        #"{"id": "\#(id)", "w": 10, "h": 10, "u": "\#(folder)", "p": "\#(name)", "e": 0}"#
    }

    /// An image asset embedded as a base64 `data:` URL.
    public static func embeddedImage(_ id: String, bytes: [UInt8]) -> String {
        #"{"id": "\#(id)", "w": 10, "h": 10, "u": "", "p": "data:image/png;base64,\#(Data(bytes).base64EncodedString())", "e": 1}"#
    }

    /// A filled 50 × 50 rectangle.
    public static func rectangle() -> String {
        #"{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [50, 50]}, "p": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 0}}, "#
            + #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, \#(groupTransform)]}"#
    }

    /// A group of `shapes` followed by a repeater of `copies` (a JSON number text).
    public static func repeated(_ shapes: [String], copies: String) -> String {
        let repeater =
            #"{"ty": "rp", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": 0}, "m": 1, "#
            + #""tr": {"ty": "tr", "p": {"a": 0, "k": [1, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
        return #"{"ty": "gr", "it": [\#((shapes + [repeater, groupTransform]).joined(separator: ", "))]}"#
    }

    /// A circle `diameter` points across stroked with the dash pattern `dash`, `gap` (JSON
    /// number texts).
    public static func dashedCircle(dash: String, gap: String, diameter: Int = 80) -> String {
        #"{"ty": "gr", "it": [{"ty": "el", "d": 1, "s": {"a": 0, "k": [\#(diameter), \#(diameter)]}, "p": {"a": 0, "k": [50, 50]}}, "#
            + #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 1, "lj": 1, "#
            + #""d": [{"n": "d", "nm": "dash", "v": {"a": 0, "k": \#(dash)}}, {"n": "g", "nm": "gap", "v": {"a": 0, "k": \#(gap)}}, "#
            + #"{"n": "o", "nm": "offset", "v": {"a": 0, "k": 0}}]}, \#(groupTransform)]}"#
    }

    /// A 300 × 300 rounded square near (500, 500), stroked 3 pt wide, turned `angle` degrees, at 10 % opacity:
    /// thousands of them are slow for rlottie to draw, though each is an ordinary shape.
    public static func strokedSquare(angle: Int) -> String {
        #"{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"a": 0, "k": [300, 300]}, "p": {"a": 0, "k": [\#(500 + angle % 50), \#(500 + angle % 37)]}, "r": {"a": 0, "k": 20}}, "#
            + #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 3}, "lc": 2, "lj": 2}, "#
            + #"{"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": \#(angle)}, "o": {"a": 0, "k": 10}}]}"#
    }

    /// Precompositions `depth` levels deep, each showing the next `fanOut` times: the top
    /// expands to fanOut^depth shape layers from a file of a few KB.
    public static func nestedPrecomps(depth: Int, fanOut: Int) -> String {
        let assets = (0..<depth).map { level in
            precomp(
                "p\(level)",
                layers: level + 1 == depth
                    ? [shapeLayer([rectangle()])]
                    : Array(repeating: precompLayer("p\(level + 1)"), count: fanOut))
        }
        return document(layers: [precompLayer("p0")], assets: assets)
    }

    /// The first 33 bytes of a PNG of `width × height` (signature and IHDR): enough for any
    /// header check, never decoded.
    public static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func word(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + word(13) + Array("IHDR".utf8) + word(width) + word(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    private static let transform =
        #"{"o": {"a": 0, "k": 100}, "p": {"a": 0, "k": [0, 0, 0]}, "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}, "r": {"a": 0, "k": 0}}"#
    private static let groupTransform =
        #"{"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
}
