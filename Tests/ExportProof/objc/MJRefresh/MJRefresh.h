// MJRefresh 3.7's declarations that the exported Objective-C uses, written from its headers'
// names and signatures (AppCodeProofTests checks the Objective-C against them with clang).
#pragma once
#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

typedef NS_ENUM(NSInteger, MJRefreshState) {
    MJRefreshStateIdle = 1,
    MJRefreshStatePulling,
    MJRefreshStateRefreshing,
    MJRefreshStateWillRefresh,
    MJRefreshStateNoMoreData
};

typedef void (^MJRefreshComponentAction)(void);

@interface NSBundle (MJRefresh)
+ (NSString *)mj_localizedStringForKey:(NSString *)key;
@end

@interface MJRefreshConfig : NSObject
@property (copy, nonatomic, nullable) NSString *languageCode;
@property (copy, nonatomic, nullable) NSString *i18nFilename;
@property (strong, nonatomic, nullable) NSBundle *i18nBundle;
@property (class, nonatomic, readonly) MJRefreshConfig *defaultConfig;
@end

@interface MJRefreshComponent : UIView
@property (assign, nonatomic) MJRefreshState state;
@property (assign, nonatomic) CGFloat pullingPercent;
- (void)prepare NS_REQUIRES_SUPER;
- (void)placeSubviews NS_REQUIRES_SUPER;
@property (nonatomic) NSTimeInterval fastAnimationDuration;
@property (nonatomic) NSTimeInterval slowAnimationDuration;
- (instancetype)setAnimationDisabled;
@property (assign, nonatomic, getter=isAutomaticallyChangeAlpha) BOOL automaticallyChangeAlpha;
@end

@interface UIView (MJExtension)
@property (assign, nonatomic) CGFloat mj_h;
@property (assign, nonatomic) CGFloat mj_w;
@end
@interface NSBundle (MJRefreshArrow)
+ (UIImage *)mj_arrowImage;
@end

@interface MJRefreshHeader : MJRefreshComponent
+ (instancetype)headerWithRefreshingBlock:(MJRefreshComponentAction)refreshingBlock;
@property (assign, nonatomic) CGFloat ignoredScrollViewContentInsetTop;
@end

@interface MJRefreshStateHeader : MJRefreshHeader
@property (copy, nonatomic, nullable) NSString *(^lastUpdatedTimeText)(NSDate * _Nullable lastUpdatedTime);
@property (weak, nonatomic, readonly) UILabel *lastUpdatedTimeLabel;
@property (assign, nonatomic) CGFloat labelLeftInset;
@property (weak, nonatomic, readonly) UILabel *stateLabel;
- (instancetype)setTitle:(NSString *)title forState:(MJRefreshState)state;
@end

@interface MJRefreshGifHeader : MJRefreshStateHeader
- (instancetype)setImages:(NSArray *)images duration:(NSTimeInterval)duration forState:(MJRefreshState)state;
@end

@interface MJRefreshNormalHeader : MJRefreshStateHeader
@property (weak, nonatomic, readonly) UIImageView *arrowView;
@property (weak, nonatomic, readonly) UIActivityIndicatorView *loadingView;
@end

@interface MJRefreshFooter : MJRefreshComponent
+ (instancetype)footerWithRefreshingBlock:(MJRefreshComponentAction)refreshingBlock;
@property (assign, nonatomic) CGFloat ignoredScrollViewContentInsetBottom;
@end

@interface MJRefreshAutoFooter : MJRefreshFooter
@property (assign, nonatomic, getter=isAutomaticallyRefresh) BOOL automaticallyRefresh;
@property (assign, nonatomic) CGFloat triggerAutomaticallyRefreshPercent;
@property (nonatomic) NSInteger autoTriggerTimes;
@end

@interface MJRefreshAutoStateFooter : MJRefreshAutoFooter
@property (assign, nonatomic) CGFloat labelLeftInset;
@property (weak, nonatomic, readonly) UILabel *stateLabel;
- (instancetype)setTitle:(NSString *)title forState:(MJRefreshState)state;
@property (assign, nonatomic, getter=isRefreshingTitleHidden) BOOL refreshingTitleHidden;
@end

@interface MJRefreshAutoGifFooter : MJRefreshAutoStateFooter
- (instancetype)setImages:(NSArray *)images duration:(NSTimeInterval)duration forState:(MJRefreshState)state;
@end

@interface MJRefreshAutoNormalFooter : MJRefreshAutoStateFooter
@property (weak, nonatomic, readonly) UIActivityIndicatorView *loadingView;
@end

@interface MJRefreshBackFooter : MJRefreshFooter
@end

@interface MJRefreshBackStateFooter : MJRefreshBackFooter
@property (assign, nonatomic) CGFloat labelLeftInset;
@property (weak, nonatomic, readonly) UILabel *stateLabel;
- (instancetype)setTitle:(NSString *)title forState:(MJRefreshState)state;
@end

@interface MJRefreshBackGifFooter : MJRefreshBackStateFooter
- (instancetype)setImages:(NSArray *)images duration:(NSTimeInterval)duration forState:(MJRefreshState)state;
@end

@interface MJRefreshBackNormalFooter : MJRefreshBackStateFooter
@property (weak, nonatomic, readonly) UIImageView *arrowView;
@property (weak, nonatomic, readonly) UIActivityIndicatorView *loadingView;
@end

@interface MJRefreshTrailer : MJRefreshComponent
+ (instancetype)trailerWithRefreshingBlock:(MJRefreshComponentAction)refreshingBlock;
@property (assign, nonatomic) CGFloat ignoredScrollViewContentInsetRight;
@end

@interface MJRefreshStateTrailer : MJRefreshTrailer
@property (weak, nonatomic, readonly) UILabel *stateLabel;
- (instancetype)setTitle:(NSString *)title forState:(MJRefreshState)state;
@end

@interface MJRefreshNormalTrailer : MJRefreshStateTrailer
@property (weak, nonatomic, readonly) UIImageView *arrowView;
@end

@interface UIScrollView (MJRefresh)
@property (strong, nonatomic, nullable) MJRefreshHeader *mj_header;
@property (strong, nonatomic, nullable) MJRefreshFooter *mj_footer;
@property (strong, nonatomic, nullable) MJRefreshTrailer *mj_trailer;
@end

NS_ASSUME_NONNULL_END
