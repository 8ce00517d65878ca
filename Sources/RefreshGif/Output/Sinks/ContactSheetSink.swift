import ImageCodecs
@_spi(Tools) import RefreshFiles
import RefreshImage
import RefreshModel
import RefreshRaster

/// A contact sheet: every `every`-th frame in a grid, labelled with its time and state.
public final class ContactSheetSink: FrameSink {
    /// The sheet's path.
    public let path: String
    private let every: Int
    private let scale: Int
    private let settings: PNGEncoder.Settings
    private var cells: [ContactSheet.Cell] = []

    /// A sheet at `path` of every `every`-th frame (≥ 1), captions at `scale`.
    /// - Parameters:
    ///   - path: the sheet's PNG file.
    ///   - every: put every n-th frame on it.
    ///   - scale: the captions' scale.
    ///   - settings: the PNG compression.
    /// - Throws: ``RefreshGifError`` for `every` below 1 or a file that cannot be created.
    public init(path: String, every: Int, scale: Int, settings: PNGEncoder.Settings = .default) throws {
        guard every >= 1 else { throw RefreshGifError.invalidSetting(field: "sheetEvery", message: "must be ≥ 1, got \(every)") }
        self.path = path
        self.every = every
        self.scale = scale
        self.settings = settings
    }

    /// The picture of a frame that goes on the sheet.
    public var prepare: @Sendable (SinkFrame) throws -> RGBAImage? {
        { [every] frame in frame.index % every == 0 ? frame.image : nil }
    }

    /// Keeps the picture as a captioned cell.
    public func add(_ prepared: RGBAImage?, info: FrameInfo) throws {
        guard let image = prepared else { return }
        cells.append(Self.cell(image, info.report))
    }

    /// Composes and writes the sheet.
    public func finish(endMicroseconds: Int64) throws {
        try FileIO.write(try PNGEncoder(settings: settings).encode(try Self.sheet(of: cells, scale: scale)), to: path)
    }

    /// A frame as a sheet cell, captioned with its time and state.
    static func cell(_ image: RGBAImage, _ report: FrameReport) -> ContactSheet.Cell {
        ContactSheet.Cell(image: image, caption: CFormat.fixed(report.time, 2) + " s · " + report.state)
    }

    /// Cells in a grid of at most six columns, as square as it gets.
    static func sheet(of cells: [ContactSheet.Cell], scale: Int) throws -> RGBAImage {
        let columns = max(1, min(6, Int(Double(cells.count).squareRoot().rounded(.up))))
        let rows = stride(from: 0, to: cells.count, by: columns).map { Array(cells[$0..<min(cells.count, $0 + columns)]) }
        return try ContactSheet(rows: rows, scale: scale).render(with: try RefreshRenderer())
    }
}
