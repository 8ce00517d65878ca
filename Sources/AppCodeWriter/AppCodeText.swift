import RefreshImage
@_spi(Tools) import RefreshModel

/// The images one state shows, as exported for the app: the names in the order the array
/// lists them (a frame held longer appears more than once) and the array's duration.
package struct AppImages: Sendable, Equatable {
    /// Asset names (`refresh_pulling_000`), in array order.
    public var names: [String]
    /// Seconds for one pass through the array.
    public var duration: Double

    /// One state's images.
    /// - Parameters:
    ///   - names: asset names in array order.
    ///   - duration: seconds a pass.
    public init(names: [String], duration: Double) {
        self.names = names
        self.duration = duration
    }
}

extension AppCode {
    /// Array items on one line, or four a line below the opening bracket when there are more
    /// than four (indented for a statement in the setup function).
    static func listed(_ items: [String]) -> String {
        guard items.count > 4 else { return items.joined(separator: ", ") }
        let rows = stride(from: 0, to: items.count, by: 4).map { items[$0..<min($0 + 4, items.count)].joined(separator: ", ") }
        return "\n        " + rows.joined(separator: ",\n        ") + "\n    "
    }

    /// A colour channel as a fraction with up to four decimals (`0.4784`).
    static func unit(_ channel: UInt8) -> String {
        SceneValue.shortest((Double(channel) / 255 * 10_000).rounded() / 10_000)
    }

    /// The name `UIFont(name:)` takes for a font: a file's base name (an app registers the
    /// file and names it by its PostScript name, most often the file's name), else the family.
    static func fontName(_ family: String) -> String {
        guard LabelFonts.Font(family: family).namesFile else { return family }
        let file = family.split(separator: "/").last.map(String.init) ?? family
        return file.split(separator: ".").dropLast().joined(separator: ".")
    }
}
