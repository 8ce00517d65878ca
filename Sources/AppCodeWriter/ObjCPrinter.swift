@_spi(Tools) import RefreshModel

/// Writes the app-code model (``AppValue``, ``AppStatement``, ``AppSubclass``) as
/// Objective-C, against UIKit's and the libraries' headers; it compiles under `-Wall -Wextra`.
package struct ObjCPrinter: AppPrinter {
    /// What the file's own functions are named with (`RefreshImages`, `BrandHeaderMixed`).
    package var prefix: String

    package init(prefix: String) {
        self.prefix = prefix
    }

    package func value(_ value: AppValue) -> String {
        switch value {
        case let .string(text): return "@" + AppCode.cString(text)
        case let .number(number): return SceneValue.shortest(number)
        case let .integer(number): return String(number)
        case let .bool(flag): return flag ? "YES" : "NO"
        case .none: return "nil"
        case let .color(c):
            return
                "[UIColor colorWithRed:\(AppCode.unit(c.red)) green:\(AppCode.unit(c.green)) blue:\(AppCode.unit(c.blue)) alpha:\(AppCode.unit(c.alpha))]"
        case let .systemColor(name): return "[UIColor \(name)Color]"
        case let .font(font): return Self.font(font)
        case let .enumCase(_, objc): return objc
        case let .images(names): return prefix + "Images(@[" + AppCode.listed(names.map { "@" + AppCode.cString($0) }) + "])"
        case let .image(name): return "[UIImage imageNamed:@\(AppCode.cString(name))]"
        case let .animatedImage(names, duration):
            guard names.count > 1 else { return names.first.map { self.value(.image($0)) } ?? "nil" }
            let list = names.map { "@" + AppCode.cString($0) }.joined(separator: ", ")
            return "[UIImage animatedImageWithImages:\(prefix)Images(@[\(list)]) duration:\(SceneValue.shortest(duration))]"
        case let .name(name): return name
        case let .expression(expression): return expression.cCode
        case .pi: return "M_PI"
        case let .member(base, _, objc): return operand(base) + "." + objc
        case let .operation(op, a, b):
            return "\(operand(a, of: op)) \(op == .notIdentical ? "!=" : op.rawValue) \(operand(b, of: op, right: true))"
        case let .not(flag): return "!" + operand(flag)
        case let .function(function, a, b): return "\(function == .min ? "fmin" : "fmax")(\(self.value(a)), \(self.value(b)))"
        case let .choice(condition, a, b): return "\(self.value(condition)) ? \(operand(a)) : \(operand(b))"
        case let .make(type, _, pieces, arguments, factory):
            let receiver = factory ? type : "[\(type) alloc]"
            return "[\(receiver) \(message(pieces.isEmpty ? ["init"] : pieces, arguments))]"
        case let .helper(helper, arguments):
            return prefix + Self.name(helper) + "(" + arguments.map(self.value).joined(separator: ", ") + ")"
        case let .rect(x, y, width, height): return "CGRectMake(\([x, y, width, height].map(self.value).joined(separator: ", ")))"
        case let .point(x, y): return "CGPointMake(\(self.value(x)), \(self.value(y)))"
        case let .inset(rect, amount): return "CGRectInset(\(self.value(rect)), \(self.value(amount)), \(self.value(amount)))"
        case let .transform(radians, scale):
            var out = "CGAffineTransformIdentity"
            if let radians { out = "CGAffineTransformRotate(\(out), \(self.value(radians)))" }
            if let scale { out = "CGAffineTransformScale(\(out), \(self.value(scale)), \(self.value(scale)))" }
            return out
        case let .single(number): return "(float)" + operand(number)
        case let .code(_, objc): return objc
        }
    }

    /// A message's selector pieces with their arguments (`setOn:on animated:YES`).
    private func message(_ pieces: [String], _ arguments: [AppValue]) -> String {
        if arguments.isEmpty { return pieces.first ?? "" }
        return zip(pieces, arguments).map { "\($0):\(value($1))" }.joined(separator: " ")
    }

    private static func font(_ font: LabelFonts.Font) -> String {
        let size = SceneValue.shortest(font.pointSize)
        let system = "[UIFont \(font.bold ? "boldSystemFontOfSize" : "systemFontOfSize"):\(size)]"
        guard let family = font.family else { return system }
        return "([UIFont fontWithName:@\(AppCode.cString(AppCode.fontName(family))) size:\(size)] ?: \(system))"
    }

    private static func name(_ helper: AppHelper) -> String {
        helper.rawValue.prefix(1).uppercased() + helper.rawValue.dropFirst()
    }

    package func statement(_ statement: AppStatement) -> [String] {
        switch statement {
        case let .assign(receiver, path, value):
            // Optional chaining is Swift's; a Swift `isHidden` is Objective-C's `hidden`.
            let plain = path.map { AppProperty.objcName($0.hasSuffix("?") ? String($0.dropLast()) : $0) }
            return [([receiver] + plain).joined(separator: ".") + " = " + self.value(value) + ";"]
        case let .set(target, value): return [self.value(target) + " = " + self.value(value) + ";"]
        case let .call(receiver, _, pieces, arguments): return ["[\(receiver) \(message(pieces, arguments))];"]
        case let .declare(name, type, value): return [Self.declared(name, type) + (value.map { " = " + self.value($0) } ?? "") + ";"]
        case let .switchOnState(target, cases, otherwise):
            let name = value(target)
            return ["switch (state) {"]
                + cases.map { $0.states.map { "case \(value($0)):" }.joined(separator: " ") + " \(name) = \(value($0.value)); break;" }
                + [otherwise.map { "default: \(name) = \(value($0)); break;" } ?? "default: break;", "}"]
        case let .when(condition, then, otherwise): return conditional("if (\(value(condition)))", then, otherwise)
        case let .block(title, body): return block("{ // " + title, body)
        case let .line(_, objc): return [objc + ";"]
        case let .comment(text): return ["// " + text]
        }
    }

    /// `TYPE name`, a pointer's star against the name.
    private static func declared(_ name: String, _ type: AppType) -> String {
        switch type {
        case .cgFloat: return "CGFloat " + name
        case .bool: return "BOOL " + name
        case .string: return "NSString *" + name
        case .color: return "UIColor *" + name
        case .font: return "UIFont *" + name
        case let .named(_, objc): return objc + " " + name
        case .optionalImage: return "UIImage *_Nullable " + name
        }
    }

    /// The header of a subclass: its members as read-only properties and `updateLayers`.
    /// - Parameters:
    ///   - subclass: the class.
    ///   - banner: the file's first comment.
    /// - Returns: the `.h` file.
    package func header(_ subclass: AppSubclass, banner: [String]) -> String {
        var lines = banner.map { "// " + $0 } + ["#import \(subclass.objcImport)", "", "NS_ASSUME_NONNULL_BEGIN", ""]
        lines.append("@interface \(subclass.name) : \(subclass.base)")
        lines += subclass.members.map { "@property (strong, nonatomic, readonly) \($0.type) *\($0.name);" }
        lines += [
            "/// Sets every subview's frame and values for the state, the pull and the time.", "- (void)updateLayers;", "@end", "",
            "NS_ASSUME_NONNULL_END", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The implementation of a subclass: the helpers its code calls, then the overrides.
    /// - Parameters:
    ///   - subclass: the class.
    ///   - header: the header it imports.
    ///   - banner: the file's first comment.
    /// - Returns: the `.m` file.
    package func source(_ subclass: AppSubclass, header: String, banner: [String]) -> String {
        var lines = banner.map { "// " + $0 } + ["#import \"\(header)\"", "#import <math.h>", "", "@interface \(subclass.name) ()"]
        lines += subclass.members.map { "@property (strong, nonatomic, readwrite) \($0.type) *\($0.name);" }
        lines += subclass.images.map { "@property (strong, nonatomic, nullable) UIImage *\($0.name);" }
        let update = subclass.update.flatMap(statement)
        let read = AppSubclass.locals(readIn: update)
        let timed = read.contains("t")
        if timed { lines.append("@property (assign, nonatomic) CFTimeInterval stateStart;") }
        if subclass.redrawsWithTime { lines.append("@property (strong, nonatomic, nullable) CADisplayLink *displayLink;") }
        lines += ["@end", ""]
        for helper in subclass.helpers { lines += definition(helper) + [""] }
        lines += ["@implementation \(subclass.name)", "", "- (void)prepare {", "    [super prepare];"]
        lines += subclass.members.map { "    self.\($0.name) = \(value($0.made));" }
        // Each image is looked up once, not at every pull.
        lines += subclass.images.map { "    self.\($0.name) = \(value($0.made));" }
        lines += subclass.prepare.flatMap(statement).map { "    " + $0 }
        if timed { lines.append("    self.stateStart = CACurrentMediaTime();") }
        lines += [
            "}", "", "- (void)placeSubviews {", "    [super placeSubviews];", "    [self updateLayers];", "}", "",
            "- (void)setState:(\(subclass.stateType))state {", "    \(subclass.stateType) oldState = self.state;",
            "    if (state == oldState) return;", "    [super setState:state];",
        ]
        if timed { lines.append("    self.stateStart = CACurrentMediaTime();") }
        lines += [
            "    [self updateLayers];", "}", "", "- (void)setPullingPercent:(CGFloat)pullingPercent {",
            "    [super setPullingPercent:pullingPercent];", "    [self updateLayers];", "}", "", "- (void)updateLayers {",
        ]
        let locals = [("w", "self.mj_w"), ("h", "self.mj_h"), ("pullingPercent", "self.pullingPercent")].filter { read.contains($0.0) }
        if !locals.isEmpty { lines.append("    CGFloat " + locals.map { "\($0.0) = \($0.1)" }.joined(separator: ", ") + ";") }
        if timed { lines.append("    CGFloat t = (CGFloat)(CACurrentMediaTime() - self.stateStart);") }
        if read.contains("state") { lines.append("    \(subclass.stateType) state = self.state;") }
        if subclass.disablesLayerActions {
            lines += [
                "    // A standalone layer animates each change by default: set at once, to follow the pull.",
                "    [CATransaction begin];", "    [CATransaction setDisableActions:YES];",
            ]
        }
        lines.append("")
        lines += update.map { "    " + $0 }
        if subclass.disablesLayerActions { lines.append("    [CATransaction commit];") }
        if subclass.redrawsWithTime {
            lines += [
                "    // Values of t: redrawn with the screen while the control is on it.",
                "    if (self.window != nil && self.displayLink == nil) {",
                "        self.displayLink = [CADisplayLink displayLinkWithTarget:self selector:@selector(updateLayers)];",
                "        [self.displayLink addToRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];",
                "    } else if (self.window == nil) {", "        [self.displayLink invalidate];", "        self.displayLink = nil;",
                "    }",
            ]
        }
        return (lines + ["}", "", "@end", ""]).joined(separator: "\n")
    }

    /// A helper's definition: a `static` function of the file, named with ``prefix``.
    /// - Parameter helper: the helper.
    /// - Returns: its lines.
    package func definition(_ helper: AppHelper) -> [String] {
        let name = prefix + Self.name(helper)
        switch helper {
        case .images:
            return [
                "static NSArray<UIImage *> *\(name)(NSArray<NSString *> *names) {",
                "    NSMutableArray<UIImage *> *images = [NSMutableArray arrayWithCapacity:names.count];",
                "    for (NSString *name in names) {",
                "        UIImage *image = [UIImage imageNamed:name];", "        if (image) [images addObject:image];", "    }",
                "    return images;", "}",
            ]
        case .animation:
            return [
                "static UIImageView *\(name)(NSArray<UIImage *> *images, NSTimeInterval duration) {",
                "    UIImageView *view = [[UIImageView alloc] initWithImage:images.firstObject];", "    view.animationImages = images;",
                "    view.animationDuration = duration;", "    [view startAnimating];", "    return view;", "}",
            ]
        case .mixed:
            return [
                "/// `a` to `b` by `fraction`, continued past 1, each channel kept within 0…1.",
                "static UIColor *\(name)(UIColor *a, UIColor *b, CGFloat fraction) {",
                "    CGFloat r1 = 0, g1 = 0, b1 = 0, a1 = 0, r2 = 0, g2 = 0, b2 = 0, a2 = 0;",
                "    [a getRed:&r1 green:&g1 blue:&b1 alpha:&a1];",
                "    [b getRed:&r2 green:&g2 blue:&b2 alpha:&a2];",
                "#define REFRESH_MIX(x, y) fmin(1, fmax(0, (x) + ((y) - (x)) * fraction))",
                "    return [UIColor colorWithRed:REFRESH_MIX(r1, r2) green:REFRESH_MIX(g1, g2) blue:REFRESH_MIX(b1, b2) alpha:REFRESH_MIX(a1, a2)];",
                "#undef REFRESH_MIX", "}",
            ]
        case .star:
            return [
                "/// A star of `points` points around `center`, its inner corners at `innerRadius` of `radius`.",
                "static UIBezierPath *\(name)(CGPoint center, CGFloat radius, CGFloat innerRadius, CGFloat points) {",
                "    UIBezierPath *star = [UIBezierPath bezierPath];", "    NSInteger corners = 2 * (NSInteger)fmin(64, fmax(2, points));",
                "    for (NSInteger i = 0; i < corners; i++) {",
                "        CGFloat r = i % 2 == 0 ? radius : radius * fmin(1, fmax(0, innerRadius));",
                "        CGFloat a = -M_PI / 2 + (CGFloat)i * M_PI / (CGFloat)(corners / 2);",
                "        CGPoint p = CGPointMake(center.x + r * cos(a), center.y + r * sin(a));",
                "        if (i == 0) { [star moveToPoint:p]; } else { [star addLineToPoint:p]; }", "    }", "    [star closePath];",
                "    return star;", "}",
            ]
        case .sector:
            return [
                "/// A slice from `center` out to `radius`, `startAngle` to `endAngle` degrees clockwise.",
                "static UIBezierPath *\(name)(CGPoint center, CGFloat radius, CGFloat startAngle, CGFloat endAngle) {",
                "    UIBezierPath *sector = [UIBezierPath bezierPath];", "    [sector moveToPoint:center];",
                "    [sector addArcWithCenter:center radius:radius startAngle:startAngle * M_PI / 180 endAngle:endAngle * M_PI / 180 clockwise:YES];",
                "    [sector closePath];", "    return sector;", "}",
            ]
        }
    }
}
