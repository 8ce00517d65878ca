//
//  TitledGifFooter.swift
//  News
//

import MJRefresh

class TitledGifFooter: MJRefreshAutoGifFooter {

    /// 初始化
    override func prepare() {
        super.prepare()
        // 控件的高度
        mj_h = 50
        var images = [UIImage]()
        for index in 1...8 {
            let image = UIImage(named: "loading_0\(index)")
            images.append(image!)
        }
        // 空闲和刷新时的图片
        setImages(images, for: .idle)
        setImages(images, for: .refreshing)
        setTitle("上拉加载更多", for: .idle)
        setTitle("正在努力加载", for: .refreshing)
        setTitle("没有更多了", for: .noMoreData)
    }
}
