//
//  StackedStatusHeader.swift
//

import UIKit
import MJRefresh

final class StackedStatusHeader: MJRefreshHeader {

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let status = UILabel()
    private lazy var stack = UIStackView(arrangedSubviews: [spinner, status])

    override func prepare() {
        super.prepare()
        status.font = .systemFont(ofSize: 14, weight: .semibold)
        status.textColor = .darkGray
        stack.axis = .horizontal
        stack.spacing = 8
        stack.alignment = .center
        addSubview(stack)
    }

    override func placeSubviews() {
        super.placeSubviews()
        stack.frame = bounds
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            switch state {
            case .refreshing:
                spinner.isHidden = false
                spinner.startAnimating()
                status.text = "Checking for mail"
            case .pulling:
                spinner.isHidden = true
                status.text = "Release to check"
            default:
                spinner.stopAnimating()
                spinner.isHidden = true
                status.text = "Pull to check mail"
            }
        }
    }
}
