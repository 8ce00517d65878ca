import RefreshGif
import RefreshGifUIKit
import Testing

/// A control's tree of views as hostile code builds it (docs/robustness.md, "App code"): deep
/// chains, huge fans, cycles. The tree's bounds hold as it is built, each add costs a walk of at
/// most 64 holders, a refusal is said when the control is drawn, and freeing any tree returns.
extension AppCodeTests {
    @Suite("App code: the view tree's bounds, as it is built")
    struct TreeBounds {
        /// A bare header whose `prepare` runs `build` on it.
        final class Built: MJRefreshHeader {
            nonisolated(unsafe) static var build: (UIView) -> Void = { _ in }
            override func prepare() {
                super.prepare()
                Self.build(self)
            }
        }

        /// The message drawing `control` throws, or nil when it draws.
        static func drawingError(_ control: MJRefreshComponent) -> String? {
            do {
                _ = try control.scene(state: .idle, percent: 0)
                return nil
            } catch {
                return "\(error)"
            }
        }

        /// A view with a background colour: one drawn layer.
        static func dot() -> UIView {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            view.backgroundColor = .systemBlue
            return view
        }

        @Test("a chain of 40 000 nested views, built down or up, is refused past 64 levels and freed without a crash")
        func deepChains() {
            // Down: each view added to the last one added.
            var header: MJRefreshHeader? = MJRefreshHeader {}
            var tip: UIView = header!
            for _ in 0..<40_000 {
                let next = Self.dot()
                tip.addSubview(next)
                if next.superview != nil { tip = next }
            }
            let message = Self.drawingError(header!)
            #expect(message?.contains("nested more than 64 deep") == true, "\(message ?? "drawn")")
            header = nil // freed: the tree is at most 64 levels, so this returns

            // Up: a chain grown from its leaf, then put in a control.
            var leaf = Self.dot()
            for _ in 0..<40_000 {
                let holder = Self.dot()
                holder.addSubview(leaf)
                if leaf.superview != nil { leaf = holder }
            }
            let control = MJRefreshHeader {}
            control.addSubview(leaf)
            #expect(Self.drawingError(control)?.contains("nested more than 64 deep") == true)
        }

        @Test("100 000 subviews are added in linear time; past 1 000 each add is refused and said when drawn")
        func wideFans() {
            let header = MJRefreshHeader {}
            var added = 0
            for _ in 0..<100_000 {
                let view = UIView()
                header.addSubview(view)
                if view.superview != nil { added += 1 }
            }
            // The control's own layer counts as one of the tree's 1 000.
            #expect(added == 999)
            #expect(header.subviews.count == 999)
            let message = Self.drawingError(header)
            #expect(message?.contains("more than 1000 views and layers") == true, "\(message ?? "drawn")")
        }

        @Test("between 65 and 1 000 views to draw: the error says the control's limit in views, not the scene's layers")
        func moreThanTheSceneDraws() {
            Built.build = { control in for _ in 0..<100 { control.addSubview(Self.dot()) } }
            defer { Built.build = { _ in } }
            let message = Self.drawingError(Built {})
            #expect(message == "Built: 100 views and layers to draw; a control draws at most 64", "\(message ?? "drawn")")
        }

        @Test("a view added as its own subview, or under its own subview, is refused as UIKit refuses it")
        func cycles() {
            let own = MJRefreshHeader {}
            let view = Self.dot()
            own.addSubview(view)
            view.addSubview(view)
            #expect(view.subviews.isEmpty)
            #expect(Self.drawingError(own)?.contains("added as its own subview") == true)

            let cycle = MJRefreshHeader {}
            let outer = Self.dot(), inner = Self.dot()
            cycle.addSubview(outer)
            outer.addSubview(inner)
            inner.addSubview(outer)
            #expect(inner.subviews.isEmpty && outer.superview === cycle)
            let message = Self.drawingError(cycle)
            #expect(message?.contains("would make a cycle") == true, "\(message ?? "drawn")")
            // A layer that holds its holder is refused the same way.
            let layer = CALayer()
            let sub = CALayer()
            layer.addSublayer(sub)
            sub.addSublayer(layer)
            #expect(sub.sublayers == nil && layer.superlayer == nil)
        }

        @Test("a tree taken apart and built again counts what it holds now")
        func removalsAreCounted() {
            let header = MJRefreshHeader {}
            for _ in 0..<3 {
                let views = (0..<900).map { _ in UIView() }
                for view in views { header.addSubview(view) }
                #expect(views.allSatisfy { $0.superview === header })
                for view in views { view.removeFromSuperview() }
            }
            #expect(header.subviews.isEmpty)
            #expect(Self.drawingError(header)?.contains("no subview to draw") == true)
        }
    }
}
