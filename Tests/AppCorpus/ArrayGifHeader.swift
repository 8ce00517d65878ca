//
//  ArrayGifHeader.swift
//  Shop
//

import UIKit

class ArrayGifHeader: MJRefreshGifHeader {

    override
    func prepare() {
        super.prepare()
        let imageArray: NSMutableArray = []

        for i in 1...8 {
            let image = UIImage.init(named: "loading_" + String(format: "%02ld", i))
            imageArray.add(image!)
        }
        self.setImages(imageArray as! [Any], for: MJRefreshState(rawValue: 1)!)
        self.setImages(imageArray as! [Any], for: MJRefreshState(rawValue: 2)!)
        self.setImages(imageArray as! [Any], for: MJRefreshState(rawValue: 3)!)

        self.lastUpdatedTimeLabel?.isHidden = true
        self.stateLabel?.isHidden = false
    }
}
