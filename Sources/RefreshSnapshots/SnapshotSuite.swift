import ImageCodecs
import PixelDiff
@_spi(Tools) import RefreshFiles
@_spi(Tools) import RefreshGif
import RefreshImage
import RefreshModel
import RefreshRaster

/// A batch of snapshot cases (`refresh-render snapshot CASES.json`):
///
/// ```json
/// {"defaults": {"scale": 2, "width": 320},
///  "cases": [{"name": "header-idle", "state": "idle", "percent": 0.5},
///            {"name": "header-pulling-zh", "state": "pulling", "language": "zh-Hans"}]}
/// ```
///
/// Each case is a ``SceneDescription`` plus a unique `name` (its golden is `NAME.png`);
/// `defaults` apply to every case.
package struct SnapshotSuite: Decodable, Sendable {
    /// One named case.
    public struct Case: Decodable, Sendable {
        /// Unique name: letters, digits, `-`, `_` and `.`.
        public var name: String
        /// The scene, before the suite's defaults are merged in.
        public var scene: SceneDescription

        enum Keys: String, CodingKey { case name }

        /// Decodes a case: its name and scene fields.
        /// - Parameter decoder: the JSON decoder's container.
        /// - Throws: `DecodingError` for JSON of the wrong shape; ``RefreshGifError`` naming an unknown field.
        public init(from decoder: Decoder) throws {
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
            scene = try SceneDescription(from: decoder, alsoAllowing: ["name"])
        }
    }

    /// Settings shared by every case.
    public var defaults: SceneDescription?
    /// The cases, in file order.
    public var cases: [Case]

    enum CodingKeys: String, CodingKey, CaseIterable { case defaults, cases }

    /// Decodes a suite, rejecting unknown fields.
    /// - Parameter decoder: the JSON decoder's container.
    /// - Throws: `DecodingError` for JSON of the wrong shape; ``RefreshGifError`` naming an unknown field.
    public init(from decoder: Decoder) throws {
        try UnknownKeys.reject(in: decoder, known: CodingKeys.allCases.map(\.stringValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        defaults = try c.decodeIfPresent(SceneDescription.self, forKey: .defaults)
        cases = try c.decode([Case].self, forKey: .cases)
    }

    /// Reads and checks a suite file: names unique and file-name safe.
    /// - Parameter path: the JSON file.
    /// - Returns: the suite's defaults and cases.
    /// - Throws: ``RefreshGifError`` naming the file and the JSON path.
    public static func read(_ path: String) throws -> SnapshotSuite {
        let suite = try JSONInput.read(SnapshotSuite.self, from: path)
        var seen = Set<String>()
        for (i, item) in suite.cases.enumerated() {
            guard !item.name.isEmpty, item.name.count <= 200,
                item.name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
                !item.name.hasPrefix(".")
            else {
                throw RefreshGifError.badInput(
                    file: path, message: "$.cases[\(i)].name: use letters, digits, '-', '_' and '.' only, got '\(item.name)'")
            }
            guard seen.insert(item.name).inserted else {
                throw RefreshGifError.badInput(file: path, message: "$.cases[\(i)].name: '\(item.name)' is used twice")
            }
        }
        return suite
    }

    /// The cases of shard `index` (1-based) of `count`: every count-th case, in file order.
    /// - Parameters:
    ///   - index: the shard, from 1.
    ///   - count: the number of shards.
    /// - Returns: the shard's cases.
    /// - Throws: ``InvalidValue`` unless 1 ≤ `index` ≤ `count`.
    public func shard(_ index: Int, of count: Int) throws -> [Case] {
        guard count >= 1, (1...count).contains(index) else {
            throw InvalidValue(field: "shard", reason: "expected K/N with 1 ≤ K ≤ N, got \(index)/\(count)")
        }
        return cases.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
