import RefreshGif
import RefreshGifSnapKit
import RefreshGifUIKit
import Testing

/// A header laid out with SnapKit: a logo above a label, both centred, a spinner left of the label.
private final class SnapHeader: MJRefreshHeader {
    let logo = UIView()
    let label = UILabel()
    let spinner = UIActivityIndicatorView(style: .medium)
    var labelTop: Constraint?

    override func prepare() {
        super.prepare()
        mj_h = 80
        label.text = "Pull to refresh"
        logo.backgroundColor = .orange
        for view in [logo, label, spinner] as [UIView] { addSubview(view) }
        logo.snp.makeConstraints { make in
            make.centerX.equalToSuperview()
            make.top.equalToSuperview().offset(8)
            make.size.equalTo(CGSize(width: 30, height: 30))
        }
        label.snp.makeConstraints { make in
            make.centerX.equalToSuperview()
            labelTop = make.top.equalTo(logo.snp.bottom).offset(6).constraint
        }
        spinner.snp.makeConstraints { make in
            make.right.equalTo(label.snp.left).offset(-8)
            make.centerY.equalTo(label)
        }
    }
}

@Suite("SnapKit's DSL on the solver: make, update, remake, edges, insets, multipliers, priorities")
struct SnapKitTests {
    @Test("makeConstraints: offsets, sizes, another view's attribute, and the view placed by constraints")
    func make() throws {
        let header = SnapHeader()
        _ = try header.sceneDescription(state: .idle)
        let middle = CGFloat(AppDevice.width) / 2
        #expect(header.logo.frame == CGRect(x: middle - 15, y: 8, width: 30, height: 30))
        #expect(abs(header.label.frame.minY - 44) < 1e-6)
        #expect(abs(header.label.frame.midX - middle) < 1e-6)
        #expect(abs(header.spinner.frame.maxX - (header.label.frame.minX - 8)) < 1e-6)
        #expect(abs(header.spinner.frame.midY - header.label.frame.midY) < 1e-6)
        #expect(!header.label.translatesAutoresizingMaskIntoConstraints)
        #expect(header.layoutNotes.isEmpty, "\(header.layoutNotes)")
        // A kept constraint changed.
        header.labelTop?.update(offset: 20)
        _ = try header.sceneDescription(state: .idle)
        #expect(abs(header.label.frame.minY - 58) < 1e-6)
    }

    @Test("updateConstraints changes the matching constants; remakeConstraints replaces them all")
    func updateAndRemake() throws {
        let header = SnapHeader()
        header.logo.snp.updateConstraints { make in make.top.equalToSuperview().offset(2) }
        _ = try header.sceneDescription(state: .idle)
        #expect(header.logo.frame.minY == 2)
        #expect(header.layoutNotes.isEmpty, "\(header.layoutNotes)")
        header.logo.snp.remakeConstraints { make in
            make.edges.equalToSuperview().inset(UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 20))
        }
        _ = try header.sceneDescription(state: .idle)
        #expect(header.logo.frame == CGRect(x: 10, y: 4, width: CGFloat(AppDevice.width) - 30, height: 70))
    }

    @Test("multipliedBy, dividedBy, lessThanOrEqualTo and a priority that gives way")
    func multipliersAndPriorities() throws {
        let header = SnapHeader()
        let bar = UIView()
        bar.backgroundColor = .gray
        header.addSubview(bar)
        bar.snp.makeConstraints { make in
            make.left.bottom.equalToSuperview()
            make.width.equalToSuperview().multipliedBy(0.5)
            make.height.equalTo(header.snp.height).dividedBy(4)
            make.height.lessThanOrEqualTo(10)
            make.width.equalTo(50).priority(.low)
        }
        _ = try header.sceneDescription(state: .idle)
        // The required height of a quarter (20) conflicts with at most 10: the later is broken, and said;
        // the low-priority width of 50 gives way to half the header's.
        #expect(bar.frame == CGRect(x: 0, y: 60, width: CGFloat(AppDevice.width) / 2, height: 20))
        #expect(header.layoutNotes.count == 1, "\(header.layoutNotes)")
        #expect(header.layoutNotes.first?.contains("UIView.height <= 10") == true, "\(header.layoutNotes)")
    }

    @Test("dividedBy(0), a NaN size and a NaN priority are refused and said, never a trap")
    func badNumbers() throws {
        let header = SnapHeader()
        let box = UIView()
        header.addSubview(box)
        box.snp.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.equalToSuperview().dividedBy(0)
            make.height.equalTo(Double.nan).priority(Float.nan)
        }
        _ = try header.sceneDescription(state: .idle)
        #expect(header.layoutNotes.filter { $0.contains("not a constraint that can hold") }.count == 2, "\(header.layoutNotes)")
        #expect(box.frame.width.isFinite && box.frame.height.isFinite)
    }
}
