import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// examples/layers/brand-header.json written as an app writes it: a bare `MJRefreshHeader`
/// with a track and a progress ring of `CAShapeLayer`s (the ring a whole turn trimmed by
/// `strokeEnd`, as apps draw progress), a logo that grows with the pull and a title.
final class BrandRingHeader: MJRefreshHeader {
    let track = CAShapeLayer()
    let progress = CAShapeLayer()
    let logo = UIImageView(image: UIImage(named: "Logo"))
    let title = UILabel()

    override func prepare() {
        super.prepare()
        mj_h = 72
        for ring in [track, progress] {
            ring.fillColor = nil
            ring.lineWidth = 3
            layer.addSublayer(ring)
        }
        track.strokeColor = UIColor(red: 0xE5 / 255.0, green: 0xE5 / 255.0, blue: 0xEA / 255.0, alpha: 1).cgColor
        progress.strokeColor = UIColor(red: 1, green: 0x6B / 255.0, blue: 0x35 / 255.0, alpha: 1).cgColor
        progress.lineCap = .round
        logo.contentMode = .scaleAspectFit
        addSubview(logo)
        title.font = .boldSystemFont(ofSize: 13)
        title.textAlignment = .center
        title.textColor = UIColor(red: 0x3A / 255.0, green: 0x3A / 255.0, blue: 0x3C / 255.0, alpha: 1)
        addSubview(title)
    }

    override func placeSubviews() {
        super.placeSubviews()
        let ring = CGRect(x: mj_w / 2 - 20, y: 8, width: 40, height: 40)
        track.frame = ring
        track.path = UIBezierPath(ovalIn: track.bounds).cgPath
        progress.frame = ring
        progress.path =
            UIBezierPath(
                arcCenter: CGPoint(x: 20, y: 20), radius: 20 - 1.5, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true
            ).cgPath
        logo.bounds = CGRect(x: 0, y: 0, width: 32, height: 20)
        logo.center = CGPoint(x: mj_w / 2, y: 28)
        title.frame = CGRect(x: 0, y: 52, width: mj_w, height: 16)
    }

    override var state: MJRefreshState {
        didSet {
            let texts: [MJRefreshState: String] = [.idle: "Pull to sync", .pulling: "Release to sync", .refreshing: "Syncing…"]
            title.text = texts[state] ?? ""
            update()
        }
    }

    override var pullingPercent: CGFloat {
        didSet { update() }
    }

    private func update() {
        let pull = min(max(pullingPercent, 0), 1)
        progress.strokeEnd = state == .idle ? pull : 1
        let grow = state == .idle ? 0.5 + 0.5 * pull : 1
        logo.transform = CGAffineTransform(scaleX: grow, y: grow)
    }
}

/// Every shape a path gives — a stroked rounded rectangle, a filled oval, a pie wedge, an arc
/// drawn counter-clockwise, a star of lines — and a plain layer's background, on a bare header.
final class ShapesHeader: MJRefreshHeader {
    override func prepare() {
        super.prepare()
        mj_h = 60
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
        card.backgroundColor = UIColor(red: 0, green: 0.5, blue: 1, alpha: 1).cgColor
        card.cornerRadius = 6
        layer.addSublayer(card)
        let badge = CAShapeLayer()
        badge.frame = CGRect(x: 80, y: 10, width: 60, height: 40)
        badge.path = UIBezierPath(roundedRect: CGRect(x: 2, y: 2, width: 56, height: 36), cornerRadius: 8).cgPath
        badge.fillColor = UIColor(red: 1, green: 1, blue: 0, alpha: 1).cgColor
        badge.strokeColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
        badge.lineWidth = 4
        layer.addSublayer(badge)
        let dot = CAShapeLayer()
        dot.frame = CGRect(x: 150, y: 15, width: 30, height: 30)
        dot.path = UIBezierPath(ovalIn: dot.bounds).cgPath
        layer.addSublayer(dot)
        let wedge = CAShapeLayer()
        wedge.frame = CGRect(x: 190, y: 10, width: 40, height: 40)
        let pie = UIBezierPath()
        pie.move(to: CGPoint(x: 20, y: 20))
        pie.addArc(withCenter: CGPoint(x: 20, y: 20), radius: 18, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        pie.close()
        wedge.path = pie.cgPath
        wedge.fillColor = UIColor(red: 0.8, green: 0, blue: 0.2, alpha: 1).cgColor
        layer.addSublayer(wedge)
        let back = CAShapeLayer()
        back.frame = CGRect(x: 240, y: 10, width: 40, height: 40)
        back.path =
            UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 16, startAngle: 0, endAngle: -.pi / 2, clockwise: false).cgPath
        back.fillColor = UIColor.clear.cgColor
        back.strokeColor = UIColor(red: 0, green: 0.6, blue: 0, alpha: 1).cgColor
        back.lineWidth = 5
        layer.addSublayer(back)
        // A six-pointed star drawn counter-clockwise from its top point: corners every 30°,
        // alternating 14 and 7 points from (20, 20).
        let star = CAShapeLayer()
        star.frame = CGRect(x: 285, y: 10, width: 40, height: 40)
        let corners = UIBezierPath()
        for corner in 0..<12 {
            let distance: CGFloat = corner % 2 == 0 ? 14 : 7
            let degrees = -90 - 30 * CGFloat(corner)
            let point = CGPoint(x: 20 + distance * cos(degrees * .pi / 180), y: 20 + distance * sin(degrees * .pi / 180))
            if corner == 0 { corners.move(to: point) } else { corners.addLine(to: point) }
        }
        corners.close()
        star.path = corners.cgPath
        star.fillColor = UIColor(red: 1, green: 0.6, blue: 0, alpha: 1).cgColor
        layer.addSublayer(star)
    }
}

/// A ring left with Core Animation's black fill, and a path of lines.
final class FilledArcHeader: MJRefreshHeader {
    override func prepare() {
        super.prepare()
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 18, startAngle: 0, endAngle: .pi, clockwise: true).cgPath
        ring.strokeColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        layer.addSublayer(ring)
    }
}

final class TriangleHeader: MJRefreshHeader {
    override func prepare() {
        super.prepare()
        let addView = UIView()
        addSubview(addView)
        let triangle = CAShapeLayer()
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 5, y: 8))
        path.close()
        triangle.path = path.cgPath
        addView.layer.addSublayer(triangle)
    }
}

extension AppCodeTests {
    @Test("a header of CAShapeLayers and UIBezierPaths draws what brand-header.json's shape layers draw, at each pull and state")
    func shapeLayersAreTheSceneFile() throws {
        AppResources.folders = [Self.layers]
        AppDevice.language = "en"
        AppDevice.now = nil
        let scene = try SceneDescription(contentsOfFile: Self.layers + "/brand-header.json")
        for (state, word, percent) in [
            (MJRefreshState.idle, "idle", 0.0), (.idle, "idle", 0.35), (.idle, "idle", 0.8), (.pulling, "pulling", 1.0),
        ] {
            var expected = scene
            expected[.state] = .text(word)
            expected[.percent] = .number(percent)
            try Self.drawnAlike(
                try BrandRingHeader {}.scene(state: state, percent: percent), try expected.makeScene(), "brand-ring-\(word)-\(percent)")
        }
        #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
    }

    @Test(
        "each path a shape layer takes becomes the scene's shape: rounded rectangle, oval, pie wedge, an arc drawn the other way, a star"
    )
    func everyPathIsItsShape() throws {
        AppResources.folders = []
        let description = try ShapesHeader {}.sceneDescription(state: .idle, percent: 0)
        let layers = description.layers.map(\.jsonText)
        // The plain layer's background; the badge's frame grown by half its 4-pt line (the
        // scene strokes a rectangle inside its frame); the dot filled black, as Core Animation
        // fills; the wedge about its centre; the arc from 12 o'clock clockwise to 3 o'clock
        // (drawn counter-clockwise from 3 o'clock by the app).
        #expect(
            layers == [
                ##"{"kind": "shape", "name": "v1", "cornerRadius": 6, "fillColor": "#0080FF", "height": 40, "shape": "rectangle", "width": 60, "x": 10, "y": 10}"##,
                ##"{"kind": "shape", "name": "v2", "cornerRadius": 8, "fillColor": "#FFFF00", "height": 40, "lineWidth": 4, "shape": "rectangle", "strokeColor": "#000000", "width": 60, "x": 80, "y": 10}"##,
                ##"{"kind": "shape", "name": "v3", "fillColor": "#000000", "height": 30, "shape": "oval", "width": 30, "x": 150, "y": 15}"##,
                ##"{"kind": "shape", "name": "v4", "endAngle": 90, "fillColor": "#CC0033", "height": 36, "radius": 18, "shape": "sector", "startAngle": 0, "width": 36, "x": 192, "y": 12}"##,
                ##"{"kind": "shape", "name": "v5", "endAngle": 0, "height": 32, "lineWidth": 5, "radius": 16, "shape": "arc", "startAngle": -90, "strokeColor": "#009900", "width": 32, "x": 244, "y": 14}"##,
                ##"{"kind": "shape", "name": "v6", "fillColor": "#FF9900", "height": 28, "innerRadius": 0.5, "points": 6, "radius": 14, "shape": "star", "width": 28, "x": 291, "y": 16}"##,
            ], "\(layers.joined(separator: "\n"))")
        let picture = try RefreshRenderer().render(try description.makeScene())
        if let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] { try picture.writePNG(to: look + "/shapes.png") }
    }

    @Test("a shape the scene cannot draw is an error naming the class and the layer: an arc left with the black fill, a path of lines")
    func undrawableShapesAreNamed() throws {
        AppResources.folders = []
        let filled = #expect(throws: AppCodeError.self) { _ = try FilledArcHeader {}.scene(state: .idle, percent: 0) }
        #expect(filled?.description.hasPrefix("FilledArcHeader (/CAShapeLayer[0]): an arc filled") == true, "\(filled?.description ?? "")")
        let lines = #expect(throws: AppCodeError.self) { _ = try TriangleHeader {}.scene(state: .idle, percent: 0) }
        #expect(
            lines?.description.hasPrefix("TriangleHeader (/UIView[0]/CAShapeLayer[0]): a path of lines") == true,
            "\(lines?.description ?? "")")
    }
}
