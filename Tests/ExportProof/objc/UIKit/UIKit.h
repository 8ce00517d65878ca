// A stand-in for the Foundation and UIKit declarations the exported Objective-C uses, so clang
// can check it on a machine without Apple's SDK (AppCodeProofTests).
#pragma once
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
typedef double CGFloat;
typedef double NSTimeInterval;
typedef long NSInteger;
typedef unsigned long NSUInteger;
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define NS_ENUM(type, name) enum name : type name; enum name : type
#define NS_REQUIRES_SUPER __attribute__((objc_requires_super))
#define nil ((void *)0)
typedef double CFTimeInterval;
typedef struct CGPoint { CGFloat x; CGFloat y; } CGPoint;
typedef struct CGSize { CGFloat width; CGFloat height; } CGSize;
typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
typedef struct CGAffineTransform { CGFloat a, b, c, d, tx, ty; } CGAffineTransform;
typedef struct CGColor *CGColorRef;
typedef const struct CGPath *CGPathRef;
CGPoint CGPointMake(CGFloat x, CGFloat y);
CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height);
CGRect CGRectInset(CGRect rect, CGFloat dx, CGFloat dy);
extern const CGAffineTransform CGAffineTransformIdentity;
CGAffineTransform CGAffineTransformMakeRotation(CGFloat angle);
CGAffineTransform CGAffineTransformRotate(CGAffineTransform t, CGFloat angle);
CGAffineTransform CGAffineTransformScale(CGAffineTransform t, CGFloat sx, CGFloat sy);
CFTimeInterval CACurrentMediaTime(void);

NS_ASSUME_NONNULL_BEGIN

__attribute__((objc_root_class))
@interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
@end

@interface NSString : NSObject
- (NSString *)stringByAppendingString:(NSString *)aString;
@end

@interface NSDate : NSObject
@end

@interface NSBundle : NSObject
@property (class, readonly) NSBundle *mainBundle;
@end

@interface NSDateFormatter : NSObject
@property (copy) NSString *dateFormat;
- (NSString *)stringFromDate:(NSDate *)date;
@end

@interface NSArray<ObjectType> : NSObject
+ (instancetype)arrayWithObjects:(const ObjectType _Nonnull[_Nonnull])objects count:(NSUInteger)count;
@property (readonly) NSUInteger count;
@property (nullable, readonly) ObjectType firstObject;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)idx;
- (NSUInteger)countByEnumeratingWithState:(void *)state objects:(id _Nullable __unsafe_unretained[_Nonnull])buffer count:(NSUInteger)len;
@end

@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
+ (instancetype)arrayWithCapacity:(NSUInteger)capacity;
- (void)addObject:(ObjectType)object;
@end

@interface UIColor : NSObject
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
@property (class, readonly) UIColor *blackColor;
@property (class, readonly) UIColor *grayColor;
@property (class, readonly) UIColor *clearColor;
@property (readonly) CGColorRef CGColor;
- (BOOL)getRed:(nullable CGFloat *)red green:(nullable CGFloat *)green blue:(nullable CGFloat *)blue alpha:(nullable CGFloat *)alpha;
@end

@interface NSRunLoop : NSObject
@property (class, readonly) NSRunLoop *mainRunLoop;
@end
typedef NSString *NSRunLoopMode;
extern NSRunLoopMode const NSRunLoopCommonModes;

@interface CADisplayLink : NSObject
+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel;
- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode;
- (void)invalidate;
@end

@interface CATransaction : NSObject
+ (void)begin;
+ (void)commit;
+ (void)setDisableActions:(BOOL)flag;
@end

@interface CALayer : NSObject
- (void)addSublayer:(CALayer *)layer;
@property CGRect frame;
@property (getter=isHidden) BOOL hidden;
@property float opacity;
- (void)setAffineTransform:(CGAffineTransform)m;
@end

typedef NSString *CAShapeLayerLineCap;
extern CAShapeLayerLineCap const kCALineCapButt;
extern CAShapeLayerLineCap const kCALineCapRound;

@interface CAShapeLayer : CALayer
+ (instancetype)layer;
@property (nullable) CGPathRef path;
@property (nullable) CGColorRef fillColor;
@property (nullable) CGColorRef strokeColor;
@property CGFloat lineWidth;
@property (copy) CAShapeLayerLineCap lineCap;
@end

@interface UIBezierPath : NSObject
+ (instancetype)bezierPath;
+ (instancetype)bezierPathWithOvalInRect:(CGRect)rect;
+ (instancetype)bezierPathWithRoundedRect:(CGRect)rect cornerRadius:(CGFloat)cornerRadius;
+ (instancetype)bezierPathWithArcCenter:(CGPoint)center radius:(CGFloat)radius startAngle:(CGFloat)startAngle endAngle:(CGFloat)endAngle clockwise:(BOOL)clockwise;
- (void)moveToPoint:(CGPoint)point;
- (void)addLineToPoint:(CGPoint)point;
- (void)addArcWithCenter:(CGPoint)center radius:(CGFloat)radius startAngle:(CGFloat)startAngle endAngle:(CGFloat)endAngle clockwise:(BOOL)clockwise;
- (void)closePath;
@property (readonly) CGPathRef CGPath;
@end

@interface UIFont : NSObject
+ (UIFont *)systemFontOfSize:(CGFloat)size;
+ (UIFont *)boldSystemFontOfSize:(CGFloat)size;
+ (nullable UIFont *)fontWithName:(NSString *)name size:(CGFloat)size;
@end

typedef NS_ENUM(NSInteger, UIImageRenderingMode) {
    UIImageRenderingModeAutomatic,
    UIImageRenderingModeAlwaysOriginal,
    UIImageRenderingModeAlwaysTemplate,
};

@interface UIImage : NSObject
+ (nullable UIImage *)imageNamed:(NSString *)name;
+ (nullable UIImage *)animatedImageWithImages:(NSArray<UIImage *> *)images duration:(NSTimeInterval)duration;
@property (readonly) CGSize size;
@property (nullable, readonly) NSArray<UIImage *> *images;
- (UIImage *)imageWithRenderingMode:(UIImageRenderingMode)mode;
@end

typedef NS_ENUM(NSInteger, UIViewContentMode) {
    UIViewContentModeScaleToFill,
    UIViewContentModeScaleAspectFit,
    UIViewContentModeScaleAspectFill,
    UIViewContentModeRedraw,
    UIViewContentModeCenter,
};

typedef NS_ENUM(NSInteger, NSTextAlignment) {
    NSTextAlignmentLeft = 0,
    NSTextAlignmentCenter = 1,
    NSTextAlignmentRight = 2,
};

@interface UIWindow : NSObject
@end

@interface UIView : NSObject
@property (nullable, copy) UIColor *backgroundColor;
@property (getter=isHidden) BOOL hidden;
@property CGRect frame;
@property CGAffineTransform transform;
@property CGFloat alpha;
@property (null_resettable, strong) UIColor *tintColor;
@property UIViewContentMode contentMode;
@property (nullable, readonly) UIWindow *window;
@property (readonly, strong) CALayer *layer;
@property (readonly) CGSize intrinsicContentSize;
- (void)addSubview:(UIView *)view;
@end

@interface UILabel : UIView
@property (null_resettable, strong) UIFont *font;
@property (null_resettable, strong) UIColor *textColor;
@property (nullable, copy) NSString *text;
@property NSTextAlignment textAlignment;
@property NSInteger numberOfLines;
@end

@interface UISwitch : UIView
@property (getter=isOn) BOOL on;
@property (nullable, strong) UIColor *onTintColor;
- (void)setOn:(BOOL)on animated:(BOOL)animated;
@end

@interface UIImageView : UIView
- (instancetype)initWithImage:(nullable UIImage *)image;
@property (nullable, strong) UIImage *image;
@property (nullable, copy) NSArray<UIImage *> *animationImages;
@property NSTimeInterval animationDuration;
- (void)startAnimating;
@end

typedef NS_ENUM(NSInteger, UIActivityIndicatorViewStyle) {
    UIActivityIndicatorViewStyleMedium = 100,
    UIActivityIndicatorViewStyleLarge = 101,
    UIActivityIndicatorViewStyleWhiteLarge = 0,
    UIActivityIndicatorViewStyleWhite = 1,
    UIActivityIndicatorViewStyleGray = 2,
};

@interface UIActivityIndicatorView : UIView
- (instancetype)initWithActivityIndicatorStyle:(UIActivityIndicatorViewStyle)style;
@property UIActivityIndicatorViewStyle activityIndicatorViewStyle;
@property (null_resettable, strong) UIColor *color;
- (void)startAnimating;
- (void)stopAnimating;
@end

@interface UIScrollView : UIView
@end

NS_ASSUME_NONNULL_END
