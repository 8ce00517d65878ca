import FoundationEssentials
@_spi(Tools) import RefreshFiles
@_spi(Tools) import RefreshGif
import RefreshRaster

/// The `fonts.json` kept beside golden images: the default faces they were recorded with.
package enum FontRecord {
    static let fileName = "fonts.json"

    /// Writes the installed faces' fingerprint into the golden's folder when it is missing or
    /// differs (recording with other fonts re-records the fingerprint too).
    package static func store(besideGoldenAt goldenPath: String) throws {
        let path = URL(fileURLWithPath: goldenPath).deletingLastPathComponent().appendingPathComponent(fileName).path
        let installed = FontFingerprint.installed()
        if let recorded = read(path), recorded == installed { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileIO.write(Array(try encoder.encode(installed)) + [0x0A], to: path)
    }

    /// " The goldens were recorded with other fonts: …" when the folder's record differs from
    /// the installed faces; "" otherwise.
    package static func note(forGoldenAt goldenPath: String) -> String {
        let path = URL(fileURLWithPath: goldenPath).deletingLastPathComponent().appendingPathComponent(fileName).path
        guard let recorded = read(path) else { return "" }
        let differences = recorded.differences(from: FontFingerprint.installed())
        guard !differences.isEmpty else { return "" }
        return ". The goldens were recorded with other fonts (\(differences.joined(separator: "; "))): install the "
            + "recorded faces (Debian: fonts-inter, fonts-noto-cjk-extra) or record the goldens again on this machine "
            + "(REFRESH_RECORD=failed for Swift tests, --record for refresh-render snapshot)"
    }

    private static func read(_ path: String) -> FontFingerprint? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(FontFingerprint.self, from: data)
    }
}
