//
//  ChainedSetup.swift
//  Gallery
//
//  MJRefresh's chaining grammar, as the gallery's view sets up its list.
//

import UIKit
import MJRefresh

enum GalleryRefresh {

    static func attach(to collectionView: UICollectionView, reload: @escaping () -> Void) {
        MJRefreshNormalHeader(refreshingBlock: reload)
            .autoChangeTransparency(true)
            .afterBeginningAction { print("began") }
            .link(to: collectionView)

        MJRefreshBackStateFooter(refreshingBlock: reload)
            .setTitle("Pull for more pictures", for: .idle)
            .setTitle("Let go for more", for: .pulling)
            .setTitle("Fetching…", for: .refreshing)
            .setTitle("No more pictures", for: .noMoreData)
            .link(to: collectionView)
    }
}
