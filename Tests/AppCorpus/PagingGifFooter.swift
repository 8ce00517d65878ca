//
//  PagingGifFooter.swift
//  Photos
//

import UIKit
import MJRefresh

class PagingGifFooter: MJRefreshBackGifFooter {

    override func prepare() {
        super.prepare()
        var frames: [UIImage] = []
        for index in 1...8 {
            if let frame = UIImage(named: String(format: "loading_%02d", index)) {
                frames.append(frame)
            }
        }
        setImages(frames, for: .idle)
        setImages(Array(frames.reversed()), for: .pulling)
        setImages(frames, duration: 0.64, for: .refreshing)
        setTitle("Pull up for the next page", for: .idle)
        setTitle("Release for the next page", for: .pulling)
        setTitle("Loading the next page", for: .refreshing)
        setTitle("Last page", for: .noMoreData)
    }
}
