import CFreeType
import RefreshImage
import RefreshModel

/// Fills and strokes ``VectorPath``s with anti-aliasing, through FreeType's outline
/// renderer (`FT_Outline_Get_Bitmap`) and stroker (`FT_Stroker`). Paths are in device
/// pixels, y downward, at their exact sub-pixel positions.
final class VectorRasterizer {
    /// How an open stroke ends.
    enum LineCap {
        case butt, round
    }

    private let library: FreeTypeLibrary

    init(library: FreeTypeLibrary) {
        self.library = library
    }

    /// The coverage of the path's interior (non-zero winding).
    func fill(_ path: VectorPath) -> CoverageMask? {
        guard let box = Self.pixelBox(path, margin: 1) else { return nil }
        let points = path.contours.reduce(0) { $0 + $1.points.count }
        guard points > 0, points < Int(Int16.max) else { return nil }
        var outline = FT_Outline()
        guard FT_Outline_New(library.handle, FT_UInt(points), FT_Int(path.contours.count), &outline) == 0 else { return nil }
        defer { FT_Outline_Done(library.handle, &outline) }
        var index = 0
        for (c, contour) in path.contours.enumerated() {
            for p in contour.points {
                outline.points[index] = Self.vector(p, box)
                outline.tags[index] = CChar(FT_CURVE_TAG_ON)
                index += 1
            }
            outline.contours[c] = Int16(index - 1)
        }
        return render(&outline, box)
    }

    /// The coverage of the path stroked `width` pixels wide with round joins.
    func stroke(_ path: VectorPath, width: Double, cap: LineCap = .round) -> CoverageMask? {
        guard width > 0, let box = Self.pixelBox(path, margin: width / 2 + 2) else { return nil }
        var stroker: FT_Stroker?
        guard FT_Stroker_New(library.handle, &stroker) == 0, let stroker else { return nil }
        defer { FT_Stroker_Done(stroker) }
        let capStyle = cap == .round ? FT_STROKER_LINECAP_ROUND : FT_STROKER_LINECAP_BUTT
        FT_Stroker_Set(stroker, FT_Fixed((width / 2 * 64).rounded()), capStyle, FT_STROKER_LINEJOIN_ROUND, 4 << 16)
        for contour in path.contours where contour.points.count >= 2 {
            // A contour that is one point in FreeType's 1/64 pixels (a rectangle of no size)
            // has no direction: FreeType's stroker dereferences null on it. It draws nothing.
            let vectors = contour.points.map { Self.vector($0, box) }
            guard vectors.contains(where: { $0.x != vectors[0].x || $0.y != vectors[0].y }) else { continue }
            var start = vectors[0]
            FT_Stroker_BeginSubPath(stroker, &start, contour.closed ? 0 : 1)
            for vector in vectors.dropFirst() {
                var v = vector
                FT_Stroker_LineTo(stroker, &v)
            }
            if contour.closed {
                FT_Stroker_LineTo(stroker, &start)
            }
            FT_Stroker_EndSubPath(stroker)
        }
        var pointCount: FT_UInt = 0, contourCount: FT_UInt = 0
        guard FT_Stroker_GetCounts(stroker, &pointCount, &contourCount) == 0, pointCount > 0,
            pointCount < FT_UInt(Int16.max)
        else { return nil }
        var outline = FT_Outline()
        guard FT_Outline_New(library.handle, pointCount, FT_Int(contourCount), &outline) == 0 else { return nil }
        defer { FT_Outline_Done(library.handle, &outline) }
        outline.n_points = 0
        outline.n_contours = 0
        FT_Stroker_Export(stroker, &outline)
        return render(&outline, box)
    }

    private struct PixelBox {
        var x: Int, y: Int, width: Int, height: Int
    }

    private static func pixelBox(_ path: VectorPath, margin: Double) -> PixelBox? {
        guard let b = path.bounds, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite else { return nil }
        let x0 = Int((b.minX - margin).rounded(.down)), y0 = Int((b.minY - margin).rounded(.down))
        let x1 = Int((b.maxX + margin).rounded(.up)), y1 = Int((b.maxY + margin).rounded(.up))
        guard x1 > x0, y1 > y0, x1 - x0 < 8192, y1 - y0 < 8192 else { return nil }
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A y-down pixel point as a FreeType 26.6 vector, y up, relative to the box.
    private static func vector(_ p: RefreshPoint, _ box: PixelBox) -> FT_Vector {
        FT_Vector(
            x: FT_Pos(((p.x - Double(box.x)) * 64).rounded()),
            y: FT_Pos(((Double(box.y + box.height) - p.y) * 64).rounded()))
    }

    private func render(_ outline: inout FT_Outline, _ box: PixelBox) -> CoverageMask? {
        var coverage = [UInt8](repeating: 0, count: box.width * box.height)
        let status = coverage.withUnsafeMutableBufferPointer { buffer -> FT_Error in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(box.height)
            bitmap.width = UInt32(box.width)
            bitmap.pitch = Int32(box.width)
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library.handle, &outline, &bitmap)
        }
        guard status == 0 else { return nil }
        return try? CoverageMask(width: box.width, height: box.height, originX: box.x, originY: box.y, coverage: coverage)
    }
}
