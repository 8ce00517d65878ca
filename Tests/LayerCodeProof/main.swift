// Drives an exported layer subclass through the samples on the command line (WIDTH HEIGHT
// then STATE:PERCENT:SECONDS …) and prints, as JSON, each layer's frame and values.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let control = ProofControl()
control.frame = CGRect(x: 0, y: 0, width: Double(arguments[0]) ?? 375, height: Double(arguments[1]) ?? 54)
let states: [String: MJRefreshState] = [
    "idle": .idle, "pulling": .pulling, "refreshing": .refreshing, "will-refresh": .willRefresh, "no-more-data": .noMoreData,
]

func record(_ value: Any) -> [String: Any]? {
    func frame(_ r: CGRect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }
    switch value {
    case let shape as CAShapeLayer:
        var out: [String: Any] = ["frame": frame(shape.frame), "hidden": shape.isHidden, "alpha": Double(shape.opacity)]
        out["fill"] = shape.fillColor?.color.hex
        out["stroke"] = shape.strokeColor?.color.hex
        out["path"] = shape.path?.text
        out["angle"] = shape.transform.angle
        return out
    case let view as UIView:
        var out: [String: Any] = ["frame": frame(view.frame), "hidden": view.isHidden, "alpha": view.alpha, "angle": view.transform.angle]
        if let label = view as? UILabel {
            out["text"] = label.text ?? ""
            out["textColor"] = label.textColor?.hex
            out["font"] = label.font.map { ($0.bold ? "bold " : "regular ") + String($0.size) }
            out["alignment"] = "\(label.textAlignment)"
            out["lines"] = label.numberOfLines
        }
        if let image = view as? UIImageView {
            out["image"] = image.image?.name
            out["contentMode"] = "\(image.contentMode)"
        }
        if let spinner = view as? UIActivityIndicatorView {
            out["animating"] = spinner.isAnimating
            out["style"] = "\(spinner.style)"
        }
        if let toggle = view as? UISwitch { out["on"] = toggle.isOn }
        return out
    default: return nil
    }
}

var samples: [[String: Any]] = []
for sample in arguments.dropFirst(2) {
    let parts = sample.split(separator: ":").map(String.init)
    guard parts.count == 3, let state = states[parts[0]], let percent = Double(parts[1]), let seconds = Double(parts[2]) else { continue }
    // A state entered at 1000 s, drawn `seconds` later at `percent`.
    proofNow = 1000
    control.state = state == .idle ? .pulling : .idle
    control.state = state
    proofNow = 1000 + seconds
    control.pullingPercent = percent
    control.placeSubviews()
    var layers: [String: Any] = [:]
    for child in Mirror(reflecting: control).children {
        guard let name = child.label, let recorded = record(child.value) else { continue }
        layers[name] = recorded
    }
    samples.append(["sample": sample, "layers": layers])
}
let data = try JSONSerialization.data(withJSONObject: samples, options: [.sortedKeys])
FileHandle.standardOutput.write(data)
