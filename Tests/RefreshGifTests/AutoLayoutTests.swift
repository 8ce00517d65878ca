import RefreshGif
import RefreshGifUIKit
import Testing

/// A header laid out with anchors: a label centred, a spinner 8 pt left of it.
private final class AnchoredHeader: MJRefreshHeader {
    let label = UILabel()
    let spinner = UIActivityIndicatorView(style: .medium)
    var extra: [NSLayoutConstraint] = []

    override func prepare() {
        super.prepare()
        mj_h = 60
        label.text = "Pull to refresh"
        label.font = .boldSystemFont(ofSize: 14)
        place(label)
        place(spinner)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: centerXAnchor),
            label.centerYAnchor.constraint(equalTo: centerYAnchor),
            spinner.trailingAnchor.constraint(equalTo: label.leadingAnchor, constant: -8),
            spinner.centerYAnchor.constraint(equalTo: label.centerYAnchor),
        ])
    }

    /// Adds `view` to be placed by constraints alone.
    @discardableResult func place<View: UIView>(_ view: View) -> View {
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
        return view
    }
}

@Suite("Auto Layout in app code: anchors solved before drawing, conflicts broken and said")
struct AutoLayoutTests {
    @Test("Anchors place a label at its text's size, centred, and a spinner beside it")
    func anchors() throws {
        let header = AnchoredHeader()
        _ = try header.sceneDescription(state: .idle, percent: 0.5)
        let size = header.label.intrinsicContentSize
        #expect(size.width > 50)
        let width = CGFloat(AppDevice.width)
        #expect(abs(header.label.frame.width - size.width) < 1e-6)
        #expect(abs(header.label.frame.midX - width / 2) < 1e-6)
        #expect(abs(header.label.frame.midY - 30) < 1e-6)
        #expect(abs(header.spinner.frame.maxX - (header.label.frame.minX - 8)) < 1e-6)
        #expect(header.spinner.frame.size == CGSize(width: 20, height: 20))
        #expect(header.layoutNotes.isEmpty, "\(header.layoutNotes)")
        // A constant changed later moves it at the next drawing.
        header.constraints.first { $0.firstAttribute == .centerX }?.constant = 40
        _ = try header.sceneDescription(state: .idle, percent: 0.5)
        #expect(abs(header.label.frame.midX - (width / 2 + 40)) < 1e-6)
    }

    @Test("A required constraint that conflicts is broken, named in what the drawing says; the rest hold")
    func conflict() throws {
        let header = AnchoredHeader()
        NSLayoutConstraint.activate([
            header.label.widthAnchor.constraint(equalToConstant: 100),
            header.label.widthAnchor.constraint(equalToConstant: 200),
        ])
        _ = try header.sceneDescription(state: .idle)
        #expect(header.label.frame.width == 100)
        #expect(header.layoutNotes.count == 1)
        #expect(header.layoutNotes.first?.contains("breaking <NSLayoutConstraint UILabel.width == 200>") == true, "\(header.layoutNotes)")
    }

    @Test("A cycle of widths each 10 pt wider than the other: one is broken, nothing hangs")
    func cycle() throws {
        let header = AnchoredHeader()
        let a = header.place(UIView()), b = header.place(UIView())
        NSLayoutConstraint.activate([
            a.widthAnchor.constraint(equalTo: b.widthAnchor, constant: 10),
            b.widthAnchor.constraint(equalTo: a.widthAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: header.topAnchor), a.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            b.topAnchor.constraint(equalTo: header.topAnchor), b.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            a.heightAnchor.constraint(equalToConstant: 4), b.heightAnchor.constraint(equalToConstant: 4),
        ])
        _ = try header.sceneDescription(state: .idle)
        #expect(header.layoutNotes.count == 1)
        #expect(header.layoutNotes.first?.contains("UIView.width == UIView.width + 10") == true)
        #expect(abs(a.frame.width - b.frame.width - 10) < 1e-6)
    }

    @Test("A view its constraints leave open is said to be ambiguous")
    func ambiguous() throws {
        let header = AnchoredHeader()
        let loose = header.place(UILabel())
        loose.text = "?"
        loose.centerXAnchor.constraint(equalTo: header.centerXAnchor).isActive = true
        _ = try header.sceneDescription(state: .idle)
        #expect(header.layoutNotes == ["UILabel has an ambiguous layout: its constraints leave its vertical position open"])
    }

    @Test("A constraint activated before its views share a tree is said, not applied; a frame code set is held")
    func unplacedAndHeld() throws {
        let header = AnchoredHeader()
        let orphan = UIView()
        orphan.widthAnchor.constraint(equalTo: header.widthAnchor).isActive = true
        header.addSubview(orphan)
        orphan.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        _ = try header.sceneDescription(state: .idle)
        #expect(orphan.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(header.layoutNotes.count == 1)
        #expect(header.layoutNotes.first?.contains("no common superview") == true)
    }

    @Test("10 000 constraints are refused with an error naming the count, at once")
    func tooMany() throws {
        let header = AnchoredHeader()
        let view = header.place(UIView())
        header.addConstraints((0..<10_000).map { view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat($0)) })
        #expect(throws: AppCodeError.self) { try header.sceneDescription(state: .idle) }
        do {
            _ = try header.sceneDescription(state: .idle)
        } catch {
            #expect("\(error)".contains("10004 Auto Layout constraints in one control"))
        }
    }

    @Test("Hugging and compression resistance: the lower priority gives way")
    func contentPriorities() throws {
        let header = AnchoredHeader()
        let long = UILabel(), short = UILabel()
        long.text = "A long label that wants a lot of room, more than the row has"
        short.text = "Short"
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        header.addSubview(row)
        for label in [long, short] {
            label.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(label)
            label.topAnchor.constraint(equalTo: row.topAnchor).isActive = true
        }
        NSLayoutConstraint.activate([
            long.leadingAnchor.constraint(equalTo: row.leadingAnchor),
            short.leadingAnchor.constraint(equalTo: long.trailingAnchor, constant: 4),
            short.trailingAnchor.constraint(lessThanOrEqualTo: row.trailingAnchor),
        ])
        long.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        _ = try header.sceneDescription(state: .idle)
        #expect(abs(short.frame.width - short.intrinsicContentSize.width) < 1e-6)
        #expect(abs(short.frame.maxX - 200) < 1e-6)
        #expect(abs(long.frame.width - (196 - short.frame.width)) < 1e-6)
        #expect(header.layoutNotes.isEmpty, "\(header.layoutNotes)")
    }

    @Test("A stack view placed by anchors takes its arranged views' size; they are placed by it, not said ambiguous")
    func stack() throws {
        let header = AnchoredHeader()
        header.label.removeFromSuperview()
        header.spinner.removeFromSuperview()
        let stack = UIStackView(arrangedSubviews: [header.spinner, header.label])
        stack.spacing = 6
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        header.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: header.centerXAnchor),
            stack.bottomAnchor.constraint(equalTo: header.bottomAnchor, constant: -10),
        ])
        let description = try header.sceneDescription(state: .idle)
        #expect(header.layoutNotes.isEmpty, "\(header.layoutNotes)")
        let width = 20 + 6 + header.label.intrinsicContentSize.width
        #expect(abs(stack.frame.width - width) < 1e-6)
        #expect(abs(stack.frame.maxY - 50) < 1e-6)
        #expect(abs(stack.frame.midX - CGFloat(AppDevice.width) / 2) < 1e-6)
        // Drawn: the stack's layout pass places the label after the spinner.
        _ = try description.makeScene()
        #expect(abs(header.label.frame.minX - 26) < 1e-6)
    }

    @Test("A layout laid out again reuses its solution only while its inputs are the same: a new height, a new text move it")
    func laidOutAgain() throws {
        let header = AnchoredHeader()
        NSLayoutConstraint.activate([
            header.label.widthAnchor.constraint(equalToConstant: 100), header.label.widthAnchor.constraint(equalToConstant: 200),
        ])
        _ = try header.sceneDescription(state: .idle)
        _ = try header.sceneDescription(state: .idle)
        // What it said is said again with the reused solution.
        #expect(header.layoutNotes.count == 1)
        header.mj_h = 100
        _ = try header.sceneDescription(state: .idle)
        #expect(abs(header.label.frame.midY - 50) < 1e-6)
        header.label.text = "A much longer title than before"
        header.label.removeConstraints(header.label.constraints)
        _ = try header.sceneDescription(state: .idle)
        #expect(abs(header.label.frame.width - header.label.intrinsicContentSize.width) < 1e-6)
        #expect(abs(header.spinner.frame.maxX - (header.label.frame.minX - 8)) < 1e-6)
        #expect(header.layoutNotes.isEmpty)
    }

    @Test("Numbers that are not numbers, and out of range, are refused and said; nothing traps")
    func badNumbers() throws {
        let header = AnchoredHeader()
        let view = header.place(UIView())
        let nan = view.widthAnchor.constraint(equalToConstant: .nan)
        let infinite = view.heightAnchor.constraint(equalTo: header.heightAnchor, multiplier: .infinity)
        let huge = view.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: 1e12)
        let oddPriority = view.topAnchor.constraint(equalTo: header.topAnchor)
        oddPriority.priority = UILayoutPriority(.nan)
        NSLayoutConstraint.activate([nan, infinite, huge, oddPriority])
        _ = try header.sceneDescription(state: .idle)
        let said = header.layoutNotes.joined(separator: "\n")
        #expect(said.contains("UIView.width == nan"), "\(said)")
        #expect(
            said.contains("UIView.leading == MJRefreshHeader.leading") || said.contains("UIView.leading == AnchoredHeader.leading"),
            "\(said)")
        #expect(header.layoutNotes.filter { $0.contains("not a constraint that can hold") }.count == 3, "\(said)")
        for value in [view.frame.minX, view.frame.minY, view.frame.width, view.frame.height] { #expect(value.isFinite) }
    }
}
