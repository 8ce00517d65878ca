// The stand-ins' record: every call the generated setup code makes, as the scene settings
// it means (docs/export.md, "Proof"). Compiled with the stand-ins and the generated code by
// AppCodeProofTests; never part of the package.
import Foundation

enum Record {
    nonisolated(unsafe) static var settings: [String: Any] = [:]

    static func set(_ key: String, _ value: Any) { settings[key] = value }

    static func set(_ key: String, state: String, _ value: Any) {
        var map = settings[key] as? [String: Any] ?? [:]
        map[state] = value
        settings[key] = map
    }

    /// `#RRGGBBAA` from a colour's fractions.
    static func hex(_ color: UIColor) -> String {
        let parts = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
        return "#" + parts.map { String(format: "%02X", $0) }.joined()
    }

    /// `bold 14`, or `regular 14 @font:DejaVuSans-Bold` for a face asked for by name (the
    /// proof finds it among the exported fonts).
    static func font(_ font: UIFont) -> String {
        (font.bold ? "bold " : "regular ") + String(format: "%g", font.pointSize) + (font.name.map { " @font:" + $0 } ?? "")
    }

    static func write() {
        let data = try! JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])
        FileHandle.standardOutput.write(data)
    }
}
