import FoundationEssentials
import RefreshImage
import RefreshModel
import RefreshRaster

/// A refresh control over time: a list of planned frames (a scene and an instant each),
/// rendered only when asked, one at a time or all to files.
///
/// Make one with ``sequence(of:fps:loops:)``, ``sequence(of:fps:length:)``,
/// ``sweep(of:frames:fps:)`` or ``gesture(_:scene:fps:showContent:wholeView:appearance:)``; then render
/// ``frame(at:renderer:)``, walk ``frames()`` lazily, or ``write(_:jobs:png:inputs:progress:)`` numbered PNGs,
/// a GIF, an APNG and a contact sheet. The command line's `sequence` and `simulate` are this
/// type and nothing more. Times are seconds from the animation's start (docs/motion.md).
public struct RefreshAnimation: Sendable {
    /// One frame before it is drawn.
    package struct PlannedFrame: Sendable {
        /// The instant in microseconds from the start.
        package var timeMicroseconds: Int64
        /// The scene drawn at that instant.
        public var scene: RefreshScene
        /// Where the control sits on the screen (gestures), or nil for the control alone.
        package var window: ScreenWindow?
        /// The scroll offset (gestures).
        public var offset: Double?
        /// What the control adds to the scroll view's insets (gestures).
        package var insets: InsetChange?

        /// Seconds from the start.
        public var time: Double { Double(timeMicroseconds) / 1_000_000 }
    }

    /// The frames, in order.
    package let planned: [PlannedFrame]
    /// The frame rate.
    public let fps: Int
    /// When the last frame stops showing, in microseconds.
    package let endMicroseconds: Int64

    /// The number of frames.
    public var count: Int { planned.count }
    /// The animation's length in seconds: the last frame shows until then.
    public var duration: Double { Double(endMicroseconds) / 1_000_000 }

    /// The frame rates an animation may have.
    package static let frameRates = 1...240
    /// The longest animation, in seconds.
    package static let maxLength = 3600.0

    package init(planned: [PlannedFrame], fps: Int, endMicroseconds: Int64) throws {
        guard !planned.isEmpty else {
            throw RefreshGifError.invalidSetting(field: "length", message: "no frame to render: the animation is shorter than one frame")
        }
        guard planned.count <= GesturePlayer.maxFrames else {
            throw RefreshGifError.invalidSetting(
                field: "fps",
                message:
                    "\(planned.count) frames (length × fps) are more than the \(GesturePlayer.maxFrames) a run may plan; shorten the animation or lower the frame rate"
            )
        }
        self.planned = planned
        self.fps = fps
        self.endMicroseconds = endMicroseconds
    }

    private static func checkRate(_ fps: Int) throws {
        try Limits.fps.check(fps, field: "fps")
    }

    /// `scene`'s state over `loops` of its animation at `fps`: one loop is the state's image
    /// sequence (the built-in animation's included), or one spinner turn (1 s) for the
    /// other styles. The scene's ``RefreshScene/time`` is where the animation starts.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - fps: frames per second (`Limits/fps`).
    ///   - loops: loops of the state's animation (`Limits/loops`).
    /// - Returns: the animation, planned; frames are drawn when asked for.
    /// - Throws: ``InvalidValue`` for a rate, loop count or scene out of range.
    public static func sequence(of scene: RefreshScene, fps: Int = 60, loops: Int = 1) throws -> RefreshAnimation {
        try Limits.loops.check(loops, field: "loops")
        try scene.validate()
        let loop = try loopMicroseconds(of: scene)
        return try timed(scene, fps: fps, total: Int64(loops) * max(loop, 1))
    }

    /// `scene`'s state for `length` seconds at `fps`.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - fps: frames per second (`Limits/fps`).
    ///   - length: seconds, more than 0 and at most an hour.
    /// - Returns: the animation, planned.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for a length out of range,
    ///   ``InvalidValue`` for a rate or scene out of range.
    public static func sequence(of scene: RefreshScene, fps: Int = 60, length: Double) throws -> RefreshAnimation {
        guard length.isFinite, length > 0, length <= maxLength else {
            throw RefreshGifError.invalidSetting(field: "length", message: "must be seconds between 0 and \(Int(maxLength)), got \(length)")
        }
        try scene.validate()
        return try timed(scene, fps: fps, total: Int64((length * 1_000_000).rounded()))
    }

    /// `frames` frames of a pull sweep: percent 1/N … N/N, one frame every 1/`fps` s (Idle
    /// picks its image by percent; docs/images.md).
    /// - Parameters:
    ///   - scene: the control; its percent is replaced frame by frame.
    ///   - frames: the number of frames, 1 to 100 000.
    ///   - fps: frames per second (`Limits/fps`).
    /// - Returns: the animation, planned.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for a frame count out of
    ///   range, ``InvalidValue`` for a rate or scene out of range.
    public static func sweep(of scene: RefreshScene, frames: Int, fps: Int = 60) throws -> RefreshAnimation {
        try checkRate(fps)
        guard (1...100_000).contains(frames) else {
            throw RefreshGifError.invalidSetting(field: "sweep", message: "must be between 1 and 100000 frames, got \(frames)")
        }
        try scene.validate()
        let step = 1_000_000 / Int64(fps)
        let plan = (0..<frames).map { i -> PlannedFrame in
            var frame = scene
            frame.pullingPercent = Double(i + 1) / Double(frames)
            return PlannedFrame(timeMicroseconds: Int64(i) * step, scene: frame)
        }
        return try RefreshAnimation(planned: plan, fps: fps, endMicroseconds: Int64(frames) * step)
    }

    /// A gesture played through MJRefresh's state machine (docs/motion.md), `scene` being the
    /// control as the app set it up: every frame where the control would be on screen, in a
    /// window of the scroll view (with a plain list that moves with the offset when
    /// `showContent`; the whole scroll view when `wholeView`).
    /// - Parameters:
    ///   - gesture: the finger's path and the app's calls.
    ///   - scene: the control as the app set it up.
    ///   - fps: frames per second (`Limits/fps`).
    ///   - showContent: true draws a plain list that moves with the scroll offset.
    ///   - wholeView: true draws the whole scroll view, not only the control's window.
    ///   - appearance: the list's colours, the phone's light or dark appearance.
    /// - Returns: the animation, planned.
    /// - Throws: ``InvalidValue`` for a gesture, rate or scene the state machine refuses.
    public static func gesture(
        _ gesture: Gesture, scene: RefreshScene, fps: Int = 60,
        showContent: Bool = false, wholeView: Bool = false, appearance: ListAppearance = .light
    ) throws -> RefreshAnimation {
        try self.gesture(
            gesture, scene: scene, fps: fps, showContent: showContent, wholeView: wholeView, appearance: appearance, lastOnly: false)
    }

    /// The gesture's last frame alone, as frame 0 (the preview page's live picture): the state
    /// machine runs through the whole gesture, but only the end is planned.
    /// - Parameters:
    ///   - gesture: the finger's path and the events.
    ///   - scene: the control.
    ///   - fps: the frame rate the state machine is stepped at.
    ///   - showContent: draw the list behind the control.
    ///   - wholeView: draw the whole scroll view, not the window around the control.
    ///   - appearance: the list's colours, the phone's light or dark appearance.
    /// - Returns: an animation of one frame.
    /// - Throws: a ``RefreshGifError`` when the gesture cannot be played.
    @_spi(Tools) public static func gestureEnd(
        _ gesture: Gesture, scene: RefreshScene, fps: Int, showContent: Bool, wholeView: Bool, appearance: ListAppearance = .light
    ) throws -> RefreshAnimation {
        try self.gesture(
            gesture, scene: scene, fps: fps, showContent: showContent, wholeView: wholeView, appearance: appearance, lastOnly: true)
    }

    /// A gesture whose every frame's scene is passed through `restage` first: app code drawn
    /// again for each frame's state, pull and time (RefreshGifTesting's app-code gestures).
    package static func gesture(
        _ gesture: Gesture, scene: RefreshScene, fps: Int, showContent: Bool, restage: (RefreshScene) throws -> RefreshScene
    ) throws -> RefreshAnimation {
        try self.gesture(
            gesture, scene: scene, fps: fps, showContent: showContent, wholeView: false, appearance: .light, lastOnly: false,
            restage: restage)
    }

    private static func gesture(
        _ gesture: Gesture, scene: RefreshScene, fps: Int, showContent: Bool, wholeView: Bool, appearance: ListAppearance,
        lastOnly: Bool, restage: (RefreshScene) throws -> RefreshScene = { $0 }
    ) throws -> RefreshAnimation {
        try checkRate(fps)
        let player = try GesturePlayer(gesture: gesture, scene: scene)
        var window = ScreenWindow(kind: scene.kind, geometry: gesture.geometry, showContent: showContent)
        window.appearance = appearance
        window.ignoredInset = scene.family.ignoredInset(kind: scene.kind)
        window.showsWholeView = wholeView
        let frames = lastOnly ? try player.lastFrame(fps: fps).map { [$0] } ?? [] : try player.frames(fps: fps)
        let plan = try frames.map { frame in
            PlannedFrame(
                timeMicroseconds: frame.timeMicroseconds, scene: try restage(frame.scene), window: window,
                offset: frame.offset, insets: frame.insets)
        }
        return try RefreshAnimation(planned: plan, fps: fps, endMicroseconds: player.durationMicroseconds + 1_000_000 / Int64(fps))
    }

    /// The length of one loop of `scene`'s state, in microseconds.
    private static func loopMicroseconds(of scene: RefreshScene) throws -> Int64 {
        guard scene.style == .gif else { return 1_000_000 }
        let images = scene.images.isBuiltIn ? try RefreshRenderer().images(of: scene) : scene.images
        return images[scene.state.drawnAs]?.durationMicroseconds ?? 1_000_000
    }

    private static func timed(_ scene: RefreshScene, fps: Int, total: Int64) throws -> RefreshAnimation {
        try checkRate(fps)
        let rate = Int64(fps)
        let count = Int(min(Int64(GesturePlayer.maxFrames + 1), (total * rate + 999_999) / 1_000_000))
        guard count <= GesturePlayer.maxFrames else {
            throw RefreshGifError.invalidSetting(
                field: "fps",
                message: "more than \(GesturePlayer.maxFrames) frames (length × fps); shorten the animation or lower the frame rate")
        }
        let start = scene.timeMicroseconds
        let plan = (0..<max(1, count)).map { i -> PlannedFrame in
            let t = Int64(i) * 1_000_000 / rate
            var frame = scene
            frame.timeMicroseconds = start + t
            return PlannedFrame(timeMicroseconds: t, scene: frame)
        }
        return try RefreshAnimation(planned: plan, fps: fps, endMicroseconds: total)
    }

    /// Draws frame `index` with `renderer` (a new one when nil): the control, placed in its
    /// screen window for gestures.
    /// - Parameters:
    ///   - index: the frame, from 0.
    ///   - renderer: the renderer to draw with; a new one when nil.
    /// - Returns: the picture and what it shows.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for an index out of range;
    ///   the renderer's errors (no usable font).
    public func frame(at index: Int, renderer: RefreshRenderer? = nil) throws -> RenderedFrame {
        guard planned.indices.contains(index) else {
            throw RefreshGifError.invalidSetting(field: "index", message: "frame \(index) does not exist (0..<\(count))")
        }
        return try render(index, with: try renderer ?? RefreshRenderer())
    }

    package func render(_ index: Int, with renderer: RefreshRenderer) throws -> RenderedFrame {
        let frame = planned[index]
        let drawn = try renderer.plan(for: frame.scene)
        var image = try renderer.render(frame.scene, drawingLayers: frame.window == nil)
        if let window = frame.window {
            let control = image
            image = try placed(control, of: frame, height: drawn.height, in: window, region: nil, renderer: renderer)
            renderer.recycle(control)
        }
        return RenderedFrame(index: index, image: image, report: report(index, plan: drawn))
    }

    /// `control` (its picture `height` points tall) placed in `window` for `frame`'s offset:
    /// the `region` of the window's pixels (nil: all of them).
    private func placed(
        _ control: RGBAImage, of frame: PlannedFrame, height: Double, in window: ScreenWindow,
        region: (x: Int, y: Int, width: Int, height: Int)?, renderer: RefreshRenderer
    ) throws -> RGBAImage {
        try window.compose(
            control: control, controlHeight: height, offset: frame.offset ?? 0, scale: frame.scene.scale,
            background: frame.scene.background, region: region, renderer: renderer, layers: frame.scene.layers.isEmpty ? nil : frame.scene)
    }

    /// Draws only the part of gesture frame `index`'s screen window that the control covers
    /// (its picture's rectangle, cut to the window): what changes while the plain list alone
    /// stays still, so a viewer that draws the list itself (the preview page) needs only these
    /// pixels.
    /// - Parameters:
    ///   - index: the frame, from 0.
    ///   - renderer: the renderer to draw with; a new one when nil.
    /// - Returns: the band, where it goes in the window, and what the frame shows.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for an index out of range
    ///   or an animation that is not a gesture; the renderer's errors.
    @_spi(Tools) public func band(at index: Int, renderer: RefreshRenderer? = nil) throws -> RenderedBand {
        guard planned.indices.contains(index), let window = planned[index].window else {
            throw RefreshGifError.invalidSetting(field: "index", message: "frame \(index) is not a frame of a gesture")
        }
        let renderer = try renderer ?? RefreshRenderer()
        let frame = planned[index]
        let drawn = try renderer.plan(for: frame.scene)
        let control = try renderer.render(frame.scene, drawingLayers: false)
        defer { renderer.recycle(control) }
        var box = window.controlBand(control: control, controlHeight: drawn.height, offset: frame.offset ?? 0, scale: frame.scene.scale)
        // Layers beyond the control (a logo above a header) are in the band too.
        if !frame.scene.layers.isEmpty, !frame.scene.hidden {
            let extent = try Self.layersExtent(
                frame.scene, renderer: renderer, window: window, controlHeight: drawn.height, offset: frame.offset ?? 0)
            if let extent {
                let x0 = min(box.width > 0 ? box.x : extent.x0, extent.x0), y0 = min(box.height > 0 ? box.y : extent.y0, extent.y0)
                let x1 = max(box.width > 0 ? box.x + box.width : extent.x1, extent.x1)
                let y1 = max(box.height > 0 ? box.y + box.height : extent.y1, extent.y1)
                box = (x0, y0, x1 - x0, y1 - y0)
            }
        }
        let image =
            box.width > 0 && box.height > 0
            ? try placed(control, of: frame, height: drawn.height, in: window, region: box, renderer: renderer) : nil
        return RenderedBand(image: image, x: box.x, y: box.y, report: report(index, plan: drawn))
    }

    /// The pixels of `window` the scene's visible layers may cover at `offset`, cut to the
    /// window: each layer's ``PlacedLayer/extent``;
    /// nil when none is in sight.
    static func layersExtent(
        _ scene: RefreshScene, renderer: RefreshRenderer, window: ScreenWindow, controlHeight: Double, offset: Double
    ) throws -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let s = Double(scene.scale)
        let size = window.size(controlHeight: controlHeight)
        let (width, height) = ((size.width * s).rounded(), (size.height * s).rounded())
        let origin = window.controlOrigin(controlHeight: controlHeight, offset: offset)
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 1e7, abs(origin.y) < 1e7 else { return nil }
        var out: (x0: Double, y0: Double, x1: Double, y1: Double)?
        for placed in try renderer.placeLayers(of: scene) where !placed.invisible {
            let f = placed.extent
            guard [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite), abs(f.x) < 1e6, abs(f.y) < 1e6, f.width < 1e5, f.height < 1e5
            else { continue }
            // A point more each way for edges and strokes that fall past the frame.
            let x0 = max(0, ((origin.x + f.x - 1) * s).rounded(.down)), y0 = max(0, ((origin.y + f.y - 1) * s).rounded(.down))
            let x1 = min(width, ((origin.x + f.maxX + 1) * s).rounded(.up)), y1 = min(height, ((origin.y + f.maxY + 1) * s).rounded(.up))
            guard x1 > x0, y1 > y0 else { continue }
            out = out.map { (min($0.x0, x0), min($0.y0, y0), max($0.x1, x1), max($0.y1, y1)) } ?? (x0, y0, x1, y1)
        }
        return out.map { (Int($0.x0), Int($0.y0), Int($0.x1), Int($0.y1)) }
    }

    /// The frames, drawn one at a time as they are asked for (one renderer for them all).
    /// - Returns: a walk through the frames, from the first.
    public func frames() -> Frames { Frames(animation: self) }

    /// A lazy walk through an animation's frames: `while let frame = try frames.next() { … }`.
    public struct Frames {
        let animation: RefreshAnimation
        var index = 0
        var renderer: RefreshRenderer?

        /// The next frame, drawn now; nil after the last.
        /// - Returns: the frame, or nil after the last.
        /// - Throws: the renderer's errors.
        public mutating func next() throws -> RenderedFrame? {
            guard index < animation.count else { return nil }
            if renderer == nil { renderer = try RefreshRenderer() }
            guard let renderer else { return nil }
            defer { index += 1 }
            return try animation.render(index, with: renderer)
        }
    }

    /// What every frame shows, without drawing pixels (the lines of `simulate --json`).
    /// - Returns: one report per frame.
    /// - Throws: the renderer's errors (no usable font to measure the labels).
    public func reports() throws -> [FrameReport] {
        let renderer = try RefreshRenderer()
        return try planned.indices.map { index in report(index, plan: try renderer.plan(for: planned[index].scene)) }
    }

    /// Frame `index`'s report line, from the plan its picture is (or would be) drawn from.
    /// `value` rounded to 4 decimals, with no negative zero (a pull a hair above rest would
    /// otherwise report `-0`).
    private static func fourDecimals(_ value: Double) -> Double {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == 0 ? 0 : rounded
    }

    private func report(_ index: Int, plan drawn: RenderPlan) -> FrameReport {
        let frame = planned[index]
        return FrameReport(
            index: index, time: frame.time, state: frame.scene.state.rawValue,
            percent: Self.fourDecimals(frame.scene.pullingPercent), alpha: Self.fourDecimals(frame.scene.alpha),
            imageFrame: drawn.image?.index, offset: frame.offset.map { $0 == 0 ? 0 : $0 }, insets: frame.insets,
            libraryState: frame.scene.family.ownStateName(frame.scene.state, percent: frame.scene.pullingPercent))
    }
}

/// One drawn frame of a ``RefreshAnimation``.
public struct RenderedFrame: Sendable {
    /// Its number, from 0.
    public var index: Int
    /// The picture (premultiplied RGBA at the scene's scale).
    public var image: RGBAImage
    /// What it shows: state, percent, alpha, image frame, offset.
    public var report: FrameReport
}

/// The part of a gesture frame's window that the control covers
/// (`RefreshAnimation/band(at:renderer:)`).
public struct RenderedBand: Sendable {
    /// The pixels, exactly as the whole window has them there; nil when the control is out
    /// of sight.
    public var image: RGBAImage?
    /// The band's left column in the window's pixels.
    public var x: Int
    /// The band's top row in the window's pixels.
    public var y: Int
    /// What the frame shows: state, percent, alpha, image frame, offset.
    public var report: FrameReport
}

/// What one frame of an animation shows: a line of `simulate --json` and `sequence --json`.
public struct FrameReport: Codable, Sendable, Equatable {
    /// Frame number from 0.
    public var index: Int
    /// Seconds from the start.
    public var time: Double
    /// The state drawn (its command-line name).
    public var state: String
    /// `pullingPercent`, rounded to 4 decimals.
    public var percent: Double
    /// The group alpha, rounded to 4 decimals.
    public var alpha: Double
    /// The index of the image frame shown, when a GIF-style control shows one.
    public var imageFrame: Int?
    /// The scroll offset (gestures).
    public var offset: Double?
    /// What the control adds to the insets (gestures).
    package var insets: InsetChange?
    /// The state under its own library's name (SVPullToRefresh, ZJRefresh), e.g. `triggered`.
    public var libraryState: String?

    /// The report as one line of JSON with sorted keys.
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
