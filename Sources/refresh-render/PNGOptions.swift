import ArgumentParser
@_spi(Tools) import RefreshGif

/// How PNG files are compressed (`PNGEncoder.Settings`): fast by default, smaller on request.
extension PNGEncoder.Settings.Compressor: ExpressibleByArgument {}
extension PNGEncoder.Settings.Colors: ExpressibleByArgument {}

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

    @Option(
        name: .customLong("png-level"),
        help: ArgumentHelp(
            "PNG compression level, 0–12 (zlib and libpng: 0–9); more is smaller and slower: 10 is within 3 % of "
                + "oxipng -o2's bytes for four times the time. (default: \(PNGEncoder.Settings.Compressor.libdeflate.defaultLevel); "
                + "zlib and libpng: \(PNGEncoder.Settings.Compressor.zlib.defaultLevel); export's assets: 10)"))
    var level: Int?

    @Option(name: .customLong("png-filter"), help: "PNG row filter: none, sub, up, average, paeth or adaptive.")
    var filter: Filter = .none

    @Option(name: .customLong("png-encoder"), help: "PNG compressor: libdeflate, zlib, or libpng (the reference writer).")
    var compressor: PNGEncoder.Settings.Compressor = PNGEncoder.Settings.default.compressor

    @Option(
        name: .customLong("png-colors"),
        help:
            "How PNG and APNG files store pixels: reduced (the smallest lossless form: RGB, palette, grey; the default) or rgba (faster, larger)."
    )
    var colors: PNGEncoder.Settings.Colors?

    func validate() throws {
        if colors != nil, compressor == .libpng {
            throw ValidationError("--png-colors does not apply to --png-encoder libpng, whose files are always 8-bit RGBA")
        }
        guard let level else { return }
        let limit = Limits.pngLevel(compressor)
        guard limit.range.contains(level) else {
            throw ValidationError("--png-level must be \(limit.phrase) for \(compressor.rawValue), got \(level)")
        }
    }

    var encoder: PNGEncoder {
        // An animated PNG's frames take the files' level (the default's is the same quick one).
        PNGEncoder(
            settings: PNGEncoder.Settings(
                level: level ?? compressor.defaultLevel, filters: filter.filters, compressor: compressor,
                colors: colors ?? PNGEncoder.Settings.default.colors))
    }
}
