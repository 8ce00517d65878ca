import ArgumentParser
import RefreshGif

/// How PNG files are compressed (`PNGEncoder.Settings`): fast by default, smaller on request.
struct PNGOptions: ParsableArguments {
    /// Row filters by name.
    enum Filter: String, ExpressibleByArgument, CaseIterable {
        case none, sub, up, average, paeth, adaptive

        var filters: PNGEncoder.Settings.Filters {
            switch self {
            case .none: return .none
            case .sub: return .sub
            case .up: return .up
            case .average: return .average
            case .paeth: return .paeth
            case .adaptive: return .all
            }
        }
    }

    @Option(name: .customLong("png-level"), help: "zlib level of PNG files, 0–9 (1: fast; 9: smallest).")
    var level: Int = 1

    @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, average, paeth or adaptive.")
    var filter: Filter = .none

    func validate() throws {
        guard (0...9).contains(level) else { throw ValidationError("--png-level must be between 0 and 9, got \(level)") }
    }

    var encoder: PNGEncoder {
        PNGEncoder(settings: PNGEncoder.Settings(level: level, filters: filter.filters, strategy: .default))
    }
}
