import RefreshImage

/// An animation's frames as one picture, `columns` frames a row with no gaps: how an animation
/// snapshot is stored. A grid read from a golden has its picture and no frames.
public struct FrameGrid: Sendable {
    /// The frames, in order (empty for a grid read from a file).
    public var frames: [RenderedFrame]
    /// Frames per row.
    public var columns: Int
    /// The grid picture.
    public var picture: RGBAImage

    /// The grid of `frames`, at most `columns` a row.
    /// - Parameters:
    ///   - frames: the frames, all of the first one's size.
    ///   - columns: frames per row (held between 1 and the number of frames).
    /// - Throws: ``ImageBufferError`` when the grid is too large to hold.
    public init(frames: [RenderedFrame], columns: Int) throws {
        self.frames = frames
        self.columns = max(1, min(columns, frames.count))
        picture = try Self.grid(frames.map(\.image), columns: self.columns)
    }

    /// A grid read from a picture (a golden).
    /// - Parameter picture: the grid picture.
    public init(picture: RGBAImage) {
        frames = []
        columns = 0
        self.picture = picture
    }

    /// Every frame of `animation`, drawn in order, at most `columns` a row.
    /// - Parameters:
    ///   - animation: the frames to draw.
    ///   - columns: frames per row (held between 1 and the number of frames).
    /// - Throws: the renderer's errors; ``ImageBufferError`` when the grid is too large to hold.
    public init(of animation: RefreshAnimation, columns: Int) throws {
        var walk = animation.frames()
        var frames: [RenderedFrame] = []
        while let frame = try walk.next() { frames.append(frame) }
        try self.init(frames: frames, columns: columns)
    }

    /// Where the frames of a grid picture are: `count` frames of `width`×`height` px,
    /// `columns` a row.
    public struct Layout: Sendable, Codable, Equatable {
        /// Frames per row.
        public var columns: Int
        /// Frames.
        public var count: Int
        /// A frame's width in pixels.
        public var width: Int
        /// A frame's height in pixels.
        public var height: Int

        /// A layout.
        /// - Parameters:
        ///   - columns: frames per row.
        ///   - count: frames.
        ///   - width: a frame's width in pixels.
        ///   - height: a frame's height in pixels.
        public init(columns: Int, count: Int, width: Int, height: Int) {
            self.columns = columns
            self.count = count
            self.width = width
            self.height = height
        }
    }

    /// Pictures side by side, `columns` a row, no gaps (1×1 transparent for none).
    /// - Parameters:
    ///   - images: the pictures, all of the first one's size.
    ///   - columns: pictures per row (held between 1 and the number of pictures).
    /// - Returns: the grid.
    /// - Throws: ``ImageBufferError`` when the grid is too large to hold.
    public static func grid(_ images: [RGBAImage], columns: Int) throws -> RGBAImage {
        guard let first = images.first else { return try RGBAImage(width: 1, height: 1) }
        let columns = max(1, min(columns, images.count))
        let rows = (images.count + columns - 1) / columns
        var sheet = try RGBAImage(width: first.width * columns, height: first.height * rows)
        for (index, image) in images.enumerated() {
            sheet.draw(image, atX: (index % columns) * first.width, y: (index / columns) * first.height)
        }
        return sheet
    }

    /// The cell `index` of a grid picture of `width`×`height` frames, `columns` a row.
    static func cell(of sheet: StraightImage, index: Int, columns: Int, width: Int, height: Int) throws -> StraightImage {
        let x0 = (index % columns) * width, y0 = (index / columns) * height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = ((y0 + y) * sheet.width + x0) * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: sheet.pixels[from..<from + width * 4])
        }
        return try StraightImage(width: width, height: height, pixels: pixels)
    }
}
