import ArgumentParser
import CMalloc
import Dispatch
import FoundationEssentials
@_spi(Tools) import RefreshGif
import RefreshImage

extension ImageDiff.Blend: ExpressibleByArgument {}
extension ImageDiff.Method: ExpressibleByArgument {}

/// A colour option: `#RRGGBB` or `#RRGGBBAA`; anything else is a usage error naming the option.
extension RGBAColor: ExpressibleByArgument {
    public init?(argument: String) { self.init(hex: argument) }
    public var defaultValueDescription: String { hexText }
}

/// pixelmatch options shared by `diff` and `snapshot`. The defaults are exact, as the Swift
/// assertions' (``SnapshotTolerance``): a pixel whose colour moves by one level differs;
/// pixelmatch's own leniency is opt-in (`--threshold 0.1 --no-include-aa`).
struct DiffOptions: ParsableArguments {
    @Option(help: "Matching threshold 0–1: 0 is exact, pixelmatch's own default is 0.1.")
    var threshold: Double = SnapshotTolerance().threshold

    @Flag(
        name: .customLong("include-aa"), inversion: .prefixedNo,
        help: "Count anti-aliased pixels as differences (--no-include-aa: skip them, as pixelmatch does).")
    var includeAA = SnapshotTolerance().includeAA

    @Option(help: "Opacity of the unchanged image in the diff picture, 0–1.")
    var alpha: Double = 0.1

    @Option(help: ArgumentHelp("Colour of differing pixels.", valueName: "#RRGGBB[AA]"))
    var diffColor: RGBAColor = ImageDiff.Options().diffColor

    @Option(help: ArgumentHelp("Colour of differing pixels where the second image is darker.", valueName: "#RRGGBB[AA]"))
    var diffColorAlt: RGBAColor?

    @Option(help: ArgumentHelp("Colour of anti-aliased pixels.", valueName: "#RRGGBB[AA]"))
    var aaColor: RGBAColor = ImageDiff.Options().aaColor

    @Flag(help: "Draw only the differences, over transparency.")
    var diffMask = false

    @Option(help: "Semi-transparent pixels: checkerboard (pixelmatch 7) or white (pixelmatch ≤ 6).")
    var blend: ImageDiff.Blend = .checkerboard

    @Option(help: "How pixels are compared: pixelmatch (YIQ delta, anti-aliasing aware) or perceptual (CIEDE2000).")
    var compare: ImageDiff.Method = .pixelmatch

    @Option(help: "With --compare perceptual: the largest ΔE₀₀ a pixel may change by and match.")
    var maxDeltaE: Double = 2

    @Option(help: "Share of pixels, 0–1, that must match (sets --max-diff-ratio to 1 − it).")
    var perceptualPrecision: Double?

    @Option(help: "Differing pixels allowed.")
    var maxDiffPixels: Int = 0

    @Option(help: "Share of differing pixels allowed, 0–1.")
    var maxDiffRatio: Double = 0

    func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1") }
        guard alpha.isFinite, (0...1).contains(alpha) else { throw ValidationError("--alpha must be between 0 and 1") }
        guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels must be ≥ 0") }
        guard maxDiffRatio.isFinite, (0...1).contains(maxDiffRatio) else {
            throw ValidationError("--max-diff-ratio must be between 0 and 1")
        }
        guard maxDeltaE.isFinite, (0...100).contains(maxDeltaE) else { throw ValidationError("--max-delta-e must be between 0 and 100") }
        if let perceptualPrecision, !(perceptualPrecision.isFinite && (0...1).contains(perceptualPrecision)) {
            throw ValidationError("--perceptual-precision must be between 0 and 1")
        }
    }

    var diff: ImageDiff {
        var options = ImageDiff.Options()
        options.threshold = threshold
        options.includeAA = includeAA
        options.alpha = alpha
        options.diffColor = diffColor
        options.diffColorAlt = diffColorAlt
        options.aaColor = aaColor
        options.diffMask = diffMask
        options.blend = blend
        options.method = compare
        options.maxDeltaE = maxDeltaE
        return ImageDiff(options: options)
    }

    var tolerance: DiffTolerance {
        DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: perceptualPrecision.map { 1 - $0 } ?? maxDiffRatio)
    }
}

/// Compares two PNGs the way pixelmatch does.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs (pixelmatch semantics); exit 0 within tolerance, 1 beyond it.")

    @Argument(help: "The expected PNG.")
    var expected: String

    @Argument(help: "The actual PNG.")
    var actual: String

    @Option(name: [.short, .long], help: "Write the diff picture here.")
    var output: String?

    @OptionGroup var options: DiffOptions

    @OptionGroup var limits: LimitOptions

    func run() throws {
        var passed = true
        try reportingErrors {
            if let output { try OutputPaths.check(output, against: [expected, actual], option: "--output") }
            // Both files, both pictures and the diff picture inside the one budget (refused from
            // the headers when they cannot fit); the inputs are released before the encoding.
            let outcome = try DiffInputs.compare(
                expected, actual, with: options.diff, limits: limits.limits, drawDiff: output != nil)
            switch outcome {
            case let .sizesDiffer(first, second):
                try Console.line(
                    "sizes differ: \(expected) is \(first.width)×\(first.height), \(actual) is \(second.width)×\(second.height)")
                passed = false
            case let .compared(result, width, height):
                if let output, let image = result.diffImage {
                    // The inputs were decoded on worker threads, whose malloc arenas keep their
                    // freed pages: handed back, so encoding reuses them within the budget.
                    _ = malloc_trim(0)
                    // A picture to look at, not to ship: libdeflate's fastest level (at 4096²
                    // of photo-like pixels 0.5 s of encoding against 1.3 s at the default level,
                    // the file a sixth larger; docs/benchmarks.md).
                    try FileIO.write(try PNGEncoder(settings: .init(level: 1)).encode(image), to: output)
                }
                try Console.line(
                    "\(result.differingPixels) pixels differ (" + CFormat.fixed(result.ratio * 100, 4)
                        + " % of \(width)×\(height))")
                passed = options.tolerance.accepts(result)
            }
        }
        if !passed { throw ExitCode(1) }
    }
}
