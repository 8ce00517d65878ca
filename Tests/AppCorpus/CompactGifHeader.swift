//
//  CompactGifHeader.swift
//  Video
//
//  A short header: the animation on top, a small title under it.
//

import MJRefresh

class CompactGifHeader: MJRefreshGifHeader {

    override func prepare() {
        super.prepare()
        var images = [UIImage]()
        for index in 1...8 {
            if let image = UIImage(named: "loading_0\(index)") {
                images.append(image)
            }
        }
        setImages(images, for: .idle)
        setImages(images, for: .pulling)
        setImages(images, for: .refreshing)
        setTitle("下拉刷新", for: .idle)
        setTitle("松手刷新", for: .pulling)
        setTitle("刷新中", for: .refreshing)
        lastUpdatedTimeLabel.isHidden = true
    }

    override func placeSubviews() {
        super.placeSubviews()
        gifView?.contentMode = .center
        gifView?.frame = CGRect(x: 0, y: 4, width: mj_w, height: 25)
        stateLabel?.font = UIFont.systemFont(ofSize: 12)
        stateLabel?.frame = CGRect(x: 0, y: 35, width: mj_w, height: 14)
    }
}
