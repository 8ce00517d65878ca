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
- (NSUInteger)countByEnumeratingWithState:(void *)state objects:(id _Nullable __unsafe_unretained[_Nonnull])buffer count:(NSUInteger)len;
@end

@interface NSMutableArray<ObjectType> : NSArray<ObjectType>
+ (instancetype)arrayWithCapacity:(NSUInteger)capacity;
- (void)addObject:(ObjectType)object;
@end

@interface UIColor : NSObject
+ (UIColor *)colorWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;
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
- (UIImage *)imageWithRenderingMode:(UIImageRenderingMode)mode;
@end

@interface UIView : NSObject
@property (nullable, copy) UIColor *backgroundColor;
@property (getter=isHidden) BOOL hidden;
@end

@interface UILabel : UIView
@property (null_resettable, strong) UIFont *font;
@property (null_resettable, strong) UIColor *textColor;
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
@property UIActivityIndicatorViewStyle activityIndicatorViewStyle;
@property (null_resettable, strong) UIColor *color;
@end

@interface UIScrollView : UIView
@end

NS_ASSUME_NONNULL_END
