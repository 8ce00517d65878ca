// The geometry types UIKit code uses (CGFloat, CGRect, CGPoint, CGSize, TimeInterval, Date,
// Bundle) are Foundation's on Linux: an app file that imports UIKit on the phone imports this
// module here and finds them (docs/app-code.md).
@_exported import Foundation
