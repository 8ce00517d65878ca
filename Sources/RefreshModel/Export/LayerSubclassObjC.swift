import RefreshImage

extension LayerSubclass {
    /// The Objective-C header: the subclass and its layers as read-only properties.
    public var objcHeader: String {
        var out = "// \(AppSetup.banner)\n// The control's own subviews (docs/layers.md): made in prepare, set in updateLayers.\n"
        out += "#import <MJRefresh/MJRefresh.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\n@interface \(className) : \(baseClass)\n"
        for layer in layers { out += "@property (strong, nonatomic, readonly) \(Self.objcClass(layer.kind)) *\(layer.name);\n" }
        out +=
            "/// Sets every subview's frame and values for the state, the pull and the time.\n- (void)updateLayers;\n@end\n\nNS_ASSUME_NONNULL_END\n"
        return out
    }

    static func objcClass(_ kind: LayerKind) -> String {
        switch kind {
        case .label: return "UILabel"
        case .image, .arrow: return "UIImageView"
        case .spinner: return "UIActivityIndicatorView"
        case .switch: return "UISwitch"
        case .shape: return "CAShapeLayer"
        }
    }

    static func objcState(_ state: RefreshState) -> String {
        switch state {
        case .idle: return "MJRefreshStateIdle"
        case .pulling: return "MJRefreshStatePulling"
        case .refreshing: return "MJRefreshStateRefreshing"
        case .willRefresh: return "MJRefreshStateWillRefresh"
        case .noMoreData: return "MJRefreshStateNoMoreData"
        }
    }

    static func objcColor(_ c: RGBAColor) -> String {
        "[UIColor colorWithRed:\(AppCode.unit(c.red)) green:\(AppCode.unit(c.green)) blue:\(AppCode.unit(c.blue)) alpha:\(AppCode.unit(c.alpha))]"
    }

    /// `TYPE name = …;` for a value fixed, by state (a C `switch`) or by pull.
    static func objcBinding<T>(
        _ name: String, type: String, _ varying: LayerVarying<T>, fallback: String, code: (T) -> String, mix: ((String, String) -> String)?
    ) -> [String] {
        let declared = type.hasSuffix("*") ? "\(type)\(name)" : "\(type) \(name)"
        switch varying {
        case let .fixed(value): return ["\(declared) = \(code(value));"]
        case let .byPercent(from, to): return ["\(declared) = \(mix?(code(from), code(to)) ?? code(from));"]
        case let .byState(map, otherwise):
            var lines = ["\(declared);", "switch (state) {"]
            var cases: [(states: [RefreshState], value: T)] = RefreshState.allCases.compactMap { s in map[s].map { ([s], $0) } }
            if map[.willRefresh] == nil, let index = cases.firstIndex(where: { $0.states == [.refreshing] }) {
                cases[index].states.append(.willRefresh)
            }
            for (states, value) in cases {
                lines.append(states.map { "case \(objcState($0)):" }.joined(separator: " ") + " \(name) = \(code(value)); break;")
            }
            lines.append("default: \(name) = \(otherwise.map(code) ?? fallback); break;")
            lines.append("}")
            return lines
        }
    }

    /// The Objective-C implementation.
    /// - Parameter header: the header file it imports.
    /// - Returns: the `.m` file.
    public func objcSource(header: String) -> String {
        var out = "// \(AppSetup.banner)\n#import \"\(header)\"\n#import <math.h>\n\n@interface \(className) ()\n"
        for layer in layers { out += "@property (strong, nonatomic, readwrite) \(Self.objcClass(layer.kind)) *\(layer.name);\n" }
        out +=
            "@property (assign, nonatomic) CFTimeInterval stateStart;\n@property (strong, nonatomic, nullable) CADisplayLink *displayLink;\n@end\n\n"
        let mixed = """
            /// `a` to `b` by `fraction`, continued past 1, each channel kept within 0…1.
            static UIColor *\(className)Mixed(UIColor *a, UIColor *b, CGFloat fraction) {
                CGFloat r1 = 0, g1 = 0, b1 = 0, a1 = 0, r2 = 0, g2 = 0, b2 = 0, a2 = 0;
                [a getRed:&r1 green:&g1 blue:&b1 alpha:&a1];
                [b getRed:&r2 green:&g2 blue:&b2 alpha:&a2];
            #define REFRESH_MIX(x, y) fmin(1, fmax(0, (x) + ((y) - (x)) * fraction))
                return [UIColor colorWithRed:REFRESH_MIX(r1, r2) green:REFRESH_MIX(g1, g2) blue:REFRESH_MIX(b1, b2) alpha:REFRESH_MIX(a1, a2)];
            #undef REFRESH_MIX
            }

            """
        let frames = """
            /// The images of a GIF's frames, those the catalog has.
            static NSArray<UIImage *> *\(className)Frames(NSArray<NSString *> *names) {
                NSMutableArray<UIImage *> *images = [NSMutableArray arrayWithCapacity:names.count];
                for (NSString *name in names) {
                    UIImage *image = [UIImage imageNamed:name];
                    if (image) { [images addObject:image]; }
                }
                return images;
            }

            """
        var body = """
            @implementation \(className)

            - (void)prepare {
                [super prepare];

            """
        let rest = LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0))
        for layer in layers {
            let n = "self.\(layer.name)"
            switch layer.kind {
            case .label:
                body += "    \(n) = [[UILabel alloc] init];\n"
                let font = layer.font(.font, rest) ?? LabelFonts.Font(pointSize: 17, bold: false)
                body += "    \(n).font = \(AppValue.font(font).written(in: .objc));\n"
                if let alignment = layer.text(.alignment, rest) {
                    body += "    \(n).textAlignment = NSTextAlignment\(alignment.prefix(1).uppercased() + alignment.dropFirst());\n"
                }
                if let count = layer.number(.lines, rest) { body += "    \(n).numberOfLines = \(Int(count));\n" }
            case .image:
                body += "    \(n) = [[UIImageView alloc] initWithImage:nil];\n"
                if let mode = layer.text(.contentMode, rest) {
                    body += "    \(n).contentMode = UIViewContentMode\(mode.prefix(1).uppercased() + mode.dropFirst());\n"
                }
            case .arrow: body += "    \(n) = [[UIImageView alloc] initWithImage:[NSBundle mj_arrowImage]];\n"
            case .spinner:
                let style: String
                switch layer.text(.spinnerStyle, rest) {
                case "classic": style = "UIActivityIndicatorViewStyleGray"
                case "white": style = "UIActivityIndicatorViewStyleWhite"
                case "white-large": style = "UIActivityIndicatorViewStyleWhiteLarge"
                default: style = "UIActivityIndicatorViewStyleMedium"
                }
                body += "    \(n) = [[UIActivityIndicatorView alloc] initWithActivityIndicatorStyle:\(style)];\n"
            case .switch:
                body += "    \(n) = [[UISwitch alloc] init];\n"
                if let tint = layer.color(.onTintColor, rest) { body += "    \(n).onTintColor = \(Self.objcColor(tint));\n" }
            case .shape:
                body += "    \(n) = [CAShapeLayer layer];\n"
                if let cap = layer.text(.lineCap, rest) {
                    body += "    \(n).lineCap = kCALineCap\(cap.prefix(1).uppercased() + cap.dropFirst());\n"
                }
            }
            body += layer.kind == .shape ? "    [self.layer addSublayer:\(n)];\n" : "    [self addSubview:\(n)];\n"
        }
        body += """
                self.stateStart = CACurrentMediaTime();
            }

            - (void)placeSubviews {
                [super placeSubviews];
                [self updateLayers];
            }

            - (void)setState:(MJRefreshState)state {
                MJRefreshState oldState = self.state;
                if (state == oldState) return;
                [super setState:state];
                self.stateStart = CACurrentMediaTime();
                [self updateLayers];
            }

            - (void)setPullingPercent:(CGFloat)pullingPercent {
                [super setPullingPercent:pullingPercent];
                [self updateLayers];
            }

            - (void)updateLayers {
                CGFloat w = self.mj_w, h = self.mj_h, pullingPercent = self.pullingPercent;
                CGFloat t = (CGFloat)(CACurrentMediaTime() - self.stateStart);
                MJRefreshState state = self.state;
                (void)w; (void)h; (void)pullingPercent; (void)t; (void)state;

            """
        for layer in layers {
            body += "    { // \(layer.name)\n"
            for line in objcUpdate(layer) { body += "        " + line + "\n" }
            body += "    }\n"
        }
        let timed = layers.contains { layer in layer.numbers.values.contains { $0.values.contains(where: \.dependsOnTime) } }
        if timed {
            body += """
                    // Values of t: redrawn with the screen while the control is on it.
                    if (self.window != nil && self.displayLink == nil) {
                        self.displayLink = [CADisplayLink displayLinkWithTarget:self selector:@selector(updateLayers)];
                        [self.displayLink addToRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
                    } else if (self.window == nil) {
                        [self.displayLink invalidate];
                        self.displayLink = nil;
                    }

                """
        }
        body += "}\n\n@end\n"
        // The helpers only a file that calls them has (it compiles under -Wall).
        if body.contains(className + "Mixed(") { out += mixed + "\n" }
        if body.contains(className + "Frames(") { out += frames + "\n" }
        return out + body
    }

    /// What `updateLayers` sets for one layer, in Objective-C.
    func objcUpdate(_ layer: CheckedLayer) -> [String] {
        let n = "self.\(layer.name)"
        var lines: [String] = []
        let mixNumber: (String, String) -> String = { "(\($0) + (\($1) - \($0)) * pullingPercent)" }
        func number(_ property: LayerProperty, _ local: String, fallback: String) -> Bool {
            guard let varying = layer.numbers[property.name] else { return false }
            lines += Self.objcBinding(local, type: "CGFloat", varying, fallback: fallback, code: \.cCode, mix: mixNumber)
            return true
        }
        func colour(_ property: LayerProperty, _ local: String, fallback: String) -> Bool {
            guard let varying = layer.colors[property.name] else { return false }
            lines += Self.objcBinding(local, type: "UIColor *", varying, fallback: fallback, code: Self.objcColor) {
                "\(className)Mixed(\($0), \($1), pullingPercent)"
            }
            return true
        }
        func flag(_ property: LayerProperty, _ local: String) -> Bool {
            guard let varying = layer.flags[property.name] else { return false }
            lines += Self.objcBinding(local, type: "BOOL", varying, fallback: "NO", code: { $0 ? "YES" : "NO" }, mix: nil)
            return true
        }
        switch layer.kind {
        case .label:
            if let varying = layer.texts[LayerProperty.text.name] {
                lines += Self.objcBinding(
                    "text", type: "NSString *", varying, fallback: "@\"\"", code: { "@" + AppCode.cString($0) }, mix: nil)
                lines.append("\(n).text = text;")
            }
            if colour(.textColor, "textColor", fallback: "[UIColor blackColor]") { lines.append("\(n).textColor = textColor;") }
        case .image:
            if let varying = layer.texts[LayerProperty.image.name] {
                lines += Self.objcBinding("image", type: "UIImage * _Nullable ", varying, fallback: "nil", code: objcImage, mix: nil)
            } else {
                lines.append("UIImage *_Nullable image = nil;")
            }
            lines.append("if (\(n).image != image) { \(n).image = image; }")
        case .spinner:
            if colour(.color, "color", fallback: "[UIColor grayColor]") { lines.append("\(n).color = color;") }
            if flag(.animating, "animating") {
                lines.append("if (animating) { [\(n) startAnimating]; } else { [\(n) stopAnimating]; }")
            } else {
                lines.append("[\(n) stopAnimating];")
            }
        case .switch:
            if flag(.on, "on") { lines.append("if (\(n).on != on) { [\(n) setOn:on animated:YES]; }") }
        case .shape, .arrow: break
        }
        let intrinsic: (String, String)
        switch layer.kind {
        case .label, .spinner: intrinsic = ("\(n).intrinsicContentSize.width", "\(n).intrinsicContentSize.height")
        case .image: intrinsic = ("image.size.width", "image.size.height")
        case .switch: intrinsic = ("51.0", "31.0")
        case .arrow: intrinsic = ("15.0", "40.0")
        case .shape: intrinsic = ("0.0", "0.0")
        }
        if layer.kind == .switch || !number(.width, "width", fallback: intrinsic.0) { lines.append("CGFloat width = \(intrinsic.0);") }
        if layer.kind == .switch || !number(.height, "height", fallback: intrinsic.1) { lines.append("CGFloat height = \(intrinsic.1);") }
        if !number(.x, "x", fallback: "0.0") {
            lines.append(number(.centerX, "centerX", fallback: "width / 2") ? "CGFloat x = centerX - width / 2;" : "CGFloat x = 0;")
        }
        if !number(.y, "y", fallback: "0.0") {
            lines.append(number(.centerY, "centerY", fallback: "height / 2") ? "CGFloat y = centerY - height / 2;" : "CGFloat y = 0;")
        }
        let hidden = flag(.hidden, "hidden")
        let alpha = number(.alpha, "alpha", fallback: "1.0")
        let rotation = number(.rotation, "rotation", fallback: "0.0")
        let factor = number(.scaleFactor, "scaleFactor", fallback: "1.0")
        var transform = "CGAffineTransformIdentity"
        if rotation { transform = "CGAffineTransformRotate(\(transform), rotation * M_PI / 180)" }
        if factor { transform = "CGAffineTransformScale(\(transform), scaleFactor, scaleFactor)" }
        if layer.kind == .shape {
            lines.append("[\(n) setAffineTransform:CGAffineTransformIdentity];")
            lines.append("\(n).frame = CGRectMake(x, y, width, height);")
            if rotation || factor { lines.append("[\(n) setAffineTransform:\(transform)];") }
            lines.append("\(n).hidden = \(hidden ? "hidden" : "NO");")
            lines.append("\(n).opacity = (float)\(alpha ? "fmin(1, fmax(0, alpha))" : "1");")
            lines += objcShape(layer, number: number, colour: colour)
        } else {
            lines.append("\(n).transform = CGAffineTransformIdentity;")
            lines.append("\(n).frame = CGRectMake(x, y, width, height);")
            if layer.kind == .arrow, !rotation {
                lines.append(
                    "\(n).transform = state == MJRefreshStatePulling ? CGAffineTransformMakeRotation(0.000001 - M_PI) : CGAffineTransformIdentity;"
                )
                if colour(.color, "color", fallback: "\(n).tintColor") { lines.append("\(n).tintColor = color;") }
            } else if rotation || factor {
                lines.append("\(n).transform = \(transform);")
            }
            if layer.kind != .spinner {
                lines.append("\(n).hidden = \(hidden ? "hidden" : "NO");")
            } else if hidden {
                lines.append("if (hidden) { \(n).hidden = YES; }")
            }
            lines.append("\(n).alpha = \(alpha ? "fmin(1, fmax(0, alpha))" : "1");")
            if colour(.backgroundColor, "background", fallback: "[UIColor clearColor]") {
                lines.append("\(n).backgroundColor = background;")
            }
        }
        return lines
    }

    func objcImage(_ path: String) -> String {
        guard let image = images[path], let first = image.names.first else { return "nil" }
        if image.names.count == 1 { return "[UIImage imageNamed:@\(AppCode.cString(first))]" }
        let names = image.names.map { "@" + AppCode.cString($0) }.joined(separator: ", ")
        return "[UIImage animatedImageWithImages:\(className)Frames(@[\(names)]) duration:\(SceneValue.shortest(image.duration))]"
    }

    func objcShape(
        _ layer: CheckedLayer, number: (LayerProperty, String, String) -> Bool, colour: (LayerProperty, String, String) -> Bool
    ) -> [String] {
        let n = "self.\(layer.name)"
        var lines: [String] = []
        let rest = LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0))
        let kind = layer.text(.shape, rest) ?? "rectangle"
        let stroke = colour(.strokeColor, "stroke", "[UIColor clearColor]")
        let fill = colour(.fillColor, "fill", "[UIColor clearColor]")
        // Only what this shape's path reads is declared (the file compiles under -Wall).
        let givenRadius = layer.numbers[LayerProperty.radius.name] != nil
        let round = ["arc", "sector", "star"].contains(kind) || (kind == "oval" && givenRadius)
        if stroke || (kind == "arc" && !givenRadius) {
            if !number(.lineWidth, "lineWidth", "1.0") { lines.append("CGFloat lineWidth = 1;") }
        }
        lines.append("\(n).lineWidth = \(stroke ? "lineWidth" : "0");")
        lines.append("\(n).strokeColor = \(stroke ? "stroke.CGColor" : "nil");")
        lines.append("\(n).fillColor = \(fill && kind != "arc" ? "fill.CGColor" : "nil");")
        var givesRadius = false
        if round {
            lines.append("CGPoint center = CGPointMake(width / 2, height / 2);")
            givesRadius = number(.radius, "radius", "fmin(width, height) / 2")
            if !givesRadius { lines.append("CGFloat radius = fmin(width, height) / 2;") }
        }
        if kind == "arc" || kind == "sector" {
            if !number(.startAngle, "startAngle", "0.0") { lines.append("CGFloat startAngle = 0;") }
            if !number(.endAngle, "endAngle", "360.0") { lines.append("CGFloat endAngle = 360;") }
        }
        switch kind {
        case "oval":
            lines.append(
                givesRadius
                    ? "\(n).path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(center.x - radius, center.y - radius, 2 * radius, 2 * radius)].CGPath;"
                    : "\(n).path = [UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, width, height)].CGPath;")
        case "arc":
            lines.append("CGFloat arcRadius = \(givesRadius ? "radius" : "fmax(0, radius - lineWidth / 2)");")
            lines.append(
                "\(n).path = [UIBezierPath bezierPathWithArcCenter:center radius:arcRadius startAngle:startAngle * M_PI / 180 endAngle:endAngle * M_PI / 180 clockwise:YES].CGPath;"
            )
        case "sector":
            lines += [
                "UIBezierPath *sector = [UIBezierPath bezierPath];", "[sector moveToPoint:center];",
                "[sector addArcWithCenter:center radius:radius startAngle:startAngle * M_PI / 180 endAngle:endAngle * M_PI / 180 clockwise:YES];",
                "[sector closePath];", "\(n).path = sector.CGPath;",
            ]
        case "star":
            if !number(.points, "points", "5.0") { lines.append("CGFloat points = 5;") }
            if !number(.innerRadius, "innerRadius", "0.45") { lines.append("CGFloat innerRadius = 0.45;") }
            lines += [
                "UIBezierPath *star = [UIBezierPath bezierPath];", "NSInteger corners = 2 * (NSInteger)fmin(64, fmax(2, points));",
                "for (NSInteger i = 0; i < corners; i++) {",
                "    CGFloat r = i % 2 == 0 ? radius : radius * fmin(1, fmax(0, innerRadius));",
                "    CGFloat a = -M_PI / 2 + (CGFloat)i * M_PI / (CGFloat)(corners / 2);",
                "    CGPoint p = CGPointMake(center.x + r * cos(a), center.y + r * sin(a));",
                "    if (i == 0) { [star moveToPoint:p]; } else { [star addLineToPoint:p]; }",
                "}", "[star closePath];", "\(n).path = star.CGPath;",
            ]
        default:
            if !number(.cornerRadius, "cornerRadius", "0.0") { lines.append("CGFloat cornerRadius = 0;") }
            let inset = stroke ? "lineWidth / 2" : "0"
            lines.append(
                "\(n).path = [UIBezierPath bezierPathWithRoundedRect:CGRectInset(CGRectMake(0, 0, width, height), \(inset), \(inset)) cornerRadius:cornerRadius].CGPath;"
            )
        }
        return lines
    }
}
