import ImageCodecs
import PixelDiff
@_spi(Tools) import RefreshFiles
import RefreshImage

/// The two PNGs `diff` compares, read and compared inside one memory budget that covers the whole
/// command: both files, both decoded pictures, and with a diff picture that picture and what
/// encoding it holds. What cannot fit is refused from the files' headers, before any pixel is
/// decoded (docs/robustness.md, "Limits").
@_spi(Tools) public enum DiffInputs {
    /// What a compared pixel costs at the command's peak, in bytes: the two decoded inputs (4
    /// each); with a diff picture, 4 more for it and 4 for what the allocator keeps between the
    /// comparison and the encoding — the inputs are released before the picture is encoded, and
    /// encoding holds its filtered rows and compressed data (at most 4 each) beside it. Measured:
    /// a 2048² diff picture peaks at 69 MiB of the 64 this gives, an 8192² one at 772 of 1024.
    /// - Parameter drawDiff: true when the diff picture is drawn and written.
    /// - Returns: bytes a pixel.
    public static func bytesPerPixel(drawDiff: Bool) -> Int { drawDiff ? 16 : 8 }

    /// What comparing two pictures gave: their sizes differ, or the comparison.
    public enum Outcome: Sendable {
        /// The sizes differ: nothing was compared.
        case sizesDiffer(expected: (width: Int, height: Int), actual: (width: Int, height: Int))
        /// The comparison of two `width`×`height` pictures.
        case compared(ImageDiff.Result, width: Int, height: Int)
    }

    /// Reads, checks and compares the PNGs at `expected` and `actual`. The decoded inputs are
    /// released when this returns, so that the diff picture is encoded without them.
    /// - Parameters:
    ///   - expected: the expected PNG's path.
    ///   - actual: the actual PNG's path.
    ///   - diff: how they are compared.
    ///   - limits: the budget (``DecodeLimits/maxTotalPixels``, 4 bytes a pixel) and the file limit.
    ///   - drawDiff: true to draw the diff picture.
    /// - Returns: what the comparison gave.
    /// - Throws: ``RefreshGifError`` naming the file for a bad or missing input, or the budget
    ///   (``DecodeLimits/Violation/memory(what:mebibytes:budgetMiB:)``) when the whole command
    ///   cannot fit.
    public static func compare(
        _ expected: String, _ actual: String, with diff: ImageDiff, limits: DecodeLimits, drawDiff: Bool
    ) throws -> Outcome {
        let files = try ParallelMap.map(count: 2, jobs: 2) { i in
            Result { try FileIO.read(i == 0 ? expected : actual, maxBytes: limits.maxFileBytes) }
        }.map { try $0.get() }
        let headers = try zip([expected, actual], files).map { path, bytes in
            try RefreshGifError.translating(file: path) { try ImageInspection.inspect(bytes) }
        }
        guard headers[0].width == headers[1].width, headers[0].height == headers[1].height else {
            return .sizesDiffer(
                expected: (headers[0].width, headers[0].height), actual: (headers[1].width, headers[1].height))
        }
        let (width, height) = (headers[0].width, headers[0].height)
        try checkBudget(
            width: width, height: height, fileBytes: files[0].count + files[1].count, limits: limits, drawDiff: drawDiff, file: actual)
        let images = try ParallelMap.map(count: 2, jobs: 2) { i in
            Result {
                try RefreshGifError.translating(file: i == 0 ? expected : actual) {
                    try PNGDecoder(limits: limits).decodeStraight(files[i])
                }
            }
        }.map { try $0.get() }
        let result = try diff.compare(images[0], images[1], drawDiff: drawDiff)
        return .compared(result, width: width, height: height)
    }

    /// Refuses, naming `file` and the budget, a comparison of two `width`×`height` pictures that
    /// cannot fit it with `fileBytes` of files read.
    static func checkBudget(width: Int, height: Int, fileBytes: Int, limits: DecodeLimits, drawDiff: Bool, file: String) throws {
        let budget = limits.maxTotalPixels.multipliedReportingOverflow(by: 4)
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (work, o2) = pixels.multipliedReportingOverflow(by: bytesPerPixel(drawDiff: drawDiff))
        let (needed, o3) = work.addingReportingOverflow(fileBytes)
        guard budget.overflow || (!o1 && !o2 && !o3 && needed <= budget.partialValue) else {
            let mebibytes = o1 || o2 || o3 ? Int.max >> 20 : (needed + (1 << 20) - 1) >> 20
            let what =
                "comparing two \(width)×\(height) pictures" + (drawDiff ? " and writing their diff picture" : "")
            throw RefreshGifError.limitExceeded(
                file: file, violation: .memory(what: what, mebibytes: mebibytes, budgetMiB: limits.maxTotalPixels >> 18))
        }
    }
}
